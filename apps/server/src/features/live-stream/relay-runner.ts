import { type ChildProcess, spawn } from 'node:child_process';
import { STREAM_JOB_FAILURES } from '@yanbo/contracts';
import { createJobSlots, type JobSlots, type SlotLease } from '../../platform/ffmpeg/job-slots.ts';
import { type EgressProxy, type ProxyFailure, startEgressProxy } from '../../platform/net/egress-proxy.ts';
import { createOutboundRules, type OutboundRules, type OutboundTarget } from '../../platform/net/outbound-address.ts';

/**
 * Stream jobs run as ffmpeg processes of this server. A relay pulls the source and copies it into the activity's push
 * address; a transcode reads the activity's own stream and publishes the 标清 rendition. Each holds a job slot
 * (FFMPEG_JOBS_PER_AGENT / FFMPEG_JOBS_TOTAL) until it ends, and ends when its source sends nothing for a while.
 */
export interface RelayRunner {
  /** The ffmpeg job slots of this process (relays, live transcodes and media transcodes take theirs here). */
  readonly slots: JobSlots;
  /** Starts a relay of a source the outbound rule allowed; onEnd runs once when it ends, with a fixed reason on failure. */
  start(
    jobId: number,
    lease: SlotLease,
    source: OutboundTarget,
    target: string,
    onEnd: (failure: string | null) => void,
  ): void;
  /** Starts a transcode into the 标清 rendition; onEnd as for start. */
  transcode(
    jobId: number,
    lease: SlotLease,
    source: string,
    target: string,
    onEnd: (failure: string | null) => void,
  ): void;
  /** Stops a job of this process; false when it is not running here. */
  stop(jobId: number): boolean;
  stopAll(): Promise<void>;
}

export interface RelayRunnerOptions {
  ffmpegPath?: string;
  /** The outbound rule every connection of a relay is checked against (through the egress proxy). */
  outbound?: OutboundRules;
  /** A job whose source has sent nothing for this long (from the start, or since the last data) is ended. */
  noDataTimeoutMs?: number;
  slots?: JobSlots;
}

/**
 * The 标清 rendition: at most 640x360 (a smaller source is never scaled up), about 800 kbps H.264 with a keyframe every
 * 2 s, and 64 kbps AAC. veryfast keeps one transcode to a fraction of a core.
 */
export const SD_ENCODE_ARGS = [
  ...['-map', '0:v:0?', '-map', '0:a:0?'],
  ...['-vf', "scale='min(640,iw)':'min(360,ih)':force_original_aspect_ratio=decrease:force_divisible_by=2"],
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
  ...['-b:v', '800k', '-maxrate', '800k', '-bufsize', '1600k', '-force_key_frames', 'expr:gte(t,n_forced*2)'],
  ...['-c:a', 'aac', '-b:a', '64k', '-ar', '44100'],
];

/**
 * The protocols ffmpeg may open for a source of each scheme, nested ones included (HLS playlists, segments and keys,
 * TLS tunnels through the egress proxy): a playlist naming file:, udp: or any other protocol is not opened.
 */
export const RELAY_PROTOCOLS: Record<string, string> = {
  rtmp: 'rtmp,tcp',
  rtmps: 'rtmps,tls,tcp,httpproxy',
  http: 'http,https,tls,tcp,crypto,httpproxy',
  https: 'http,https,tls,tcp,crypto,httpproxy',
  srt: 'srt',
};
/** The live transcode reads this server's own push on loopback. */
const TRANSCODE_PROTOCOLS = 'rtmp,tcp';

const bracket = (address: string) => (address.includes(':') ? `[${address}]` : address);

/** ffmpeg's RTMP app: the first path segment, or the first two when the playpath has its own (ffmpeg's rtmpproto). */
function rtmpApp(pathname: string): string {
  const parts = pathname.replace(/^\//, '').split('/');
  if (parts.length <= 1) return '';
  return parts.length > 2 && !(parts[1] as string).includes(':') ? `${parts[0]}/${parts[1]}` : (parts[0] as string);
}

/**
 * How ffmpeg reads a source: HTTP(S) and RTMPS through the egress proxy (which checks and pins every connection,
 * redirects and TLS tunnels included); RTMP and SRT, which follow no redirects, straight to the checked address, the
 * RTMP tcUrl keeping the host the agent typed for servers that tell their applications apart by it.
 */
export function relayInputArgs(source: OutboundTarget): { args: string[]; proxied: boolean } {
  const { url, scheme, hostname, port, address } = source;
  const protocols = ['-protocol_whitelist', RELAY_PROTOCOLS[scheme] ?? 'none'];
  if (scheme === 'http' || scheme === 'https' || scheme === 'rtmps') {
    return { args: [...protocols, '-i', url.href], proxied: true };
  }
  const user = url.username ? `${url.username}${url.password ? `:${url.password}` : ''}@` : '';
  const pinned = `${scheme}://${user}${bracket(address)}:${port}${url.pathname}${url.search}`;
  if (scheme === 'rtmp') {
    const tcUrl = `rtmp://${bracket(hostname)}:${port}/${rtmpApp(url.pathname)}`;
    return { args: [...protocols, '-rtmp_tcurl', tcUrl, '-i', pinned], proxied: false };
  }
  return { args: [...protocols, '-i', pinned], proxied: false };
}

/**
 * A failed relay's reason, from a fixed set: what the source's server answered (an error page, a status text that a
 * private service would fill in) is never stored or shown, so a failed relay tells nothing about the address it tried.
 */
export function relayFailure(stderr: string, proxyFailure: ProxyFailure): string {
  if (proxyFailure === 'refused') return STREAM_JOB_FAILURES.refused;
  if (proxyFailure === 'timeout') return STREAM_JOB_FAILURES.timeout;
  if (proxyFailure === 'unreachable') return STREAM_JOB_FAILURES.unreachable;
  if (/Server returned 4\d\d|Connection refused|Forbidden|Unauthorized|StreamNotFound|Rejected|denied/i.test(stderr)) {
    return STREAM_JOB_FAILURES.refused;
  }
  if (/timed out|timeout/i.test(stderr)) return STREAM_JOB_FAILURES.timeout;
  if (/Invalid data|could not find codec|does not contain any stream|Invalid argument|no streams/i.test(stderr)) {
    return STREAM_JOB_FAILURES.invalidStream;
  }
  return STREAM_JOB_FAILURES.unreachable;
}

/** Environment of a fetching ffmpeg: its HTTP and TLS connections go to the egress proxy, with no exceptions. */
function ffmpegEnv(proxyUrl: string | null): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(https?|no|all)_proxy$/i.test(name)) env[name] = value;
  }
  if (proxyUrl) env.http_proxy = proxyUrl;
  return env;
}

type Entry = { child: ChildProcess | null; stopping: boolean; exited: Promise<void> };

export function createRelayRunner(options: RelayRunnerOptions | string = {}): RelayRunner {
  const opts = typeof options === 'string' ? { ffmpegPath: options } : options;
  const ffmpegPath = opts.ffmpegPath ?? process.env.FFMPEG_PATH ?? 'ffmpeg';
  const outbound = opts.outbound ?? createOutboundRules();
  const noDataTimeoutMs = opts.noDataTimeoutMs ?? 20_000;
  const slots = opts.slots ?? createJobSlots({ perAgent: 4, total: 16 });
  const running = new Map<number, Entry>();

  function run(
    jobId: number,
    lease: SlotLease,
    args: string[],
    needsProxy: boolean,
    describe: (stderr: string, proxy: EgressProxy | null, code: number | null) => string,
    onEnd: (failure: string | null) => void,
  ) {
    let finished: () => void = () => {};
    const entry: Entry = { child: null, stopping: false, exited: new Promise((resolve) => (finished = resolve)) };
    running.set(jobId, entry);
    let proxy: EgressProxy | null = null;
    let ended = false;
    const end = (failure: string | null) => {
      if (ended) return;
      ended = true;
      running.delete(jobId);
      lease.release();
      void proxy?.close();
      finished();
      onEnd(failure);
    };
    const spawnFfmpeg = () => {
      if (entry.stopping) return end(null);
      const child = spawn(
        ffmpegPath,
        ['-hide_banner', '-nostdin', '-loglevel', 'error', '-progress', 'pipe:1', '-stats_period', '1', ...args],
        { stdio: ['ignore', 'pipe', 'pipe'], env: ffmpegEnv(proxy?.url ?? null) },
      );
      entry.child = child;
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString('utf8')).slice(-4000);
      });
      // ffmpeg's progress report: any of these advancing means the source sends.
      let progress = '';
      let lastData = Date.now();
      let timedOut = false;
      child.stdout?.on('data', (chunk: Buffer) => {
        const text = chunk.toString('latin1');
        const marks = text.match(/^(total_size|out_time_us|frame)=\d+$/gm)?.join(',');
        if (marks && marks !== progress) {
          progress = marks;
          lastData = Date.now();
        }
      });
      const watchdog = setInterval(
        () => {
          if (Date.now() - lastData < noDataTimeoutMs || timedOut) return;
          timedOut = true;
          terminate(child);
        },
        Math.min(1_000, noDataTimeoutMs / 4),
      );
      watchdog.unref();
      child.once('error', (error: NodeJS.ErrnoException) => {
        clearInterval(watchdog);
        end(error.code === 'ENOENT' ? STREAM_JOB_FAILURES.noFfmpeg : STREAM_JOB_FAILURES.unreachable);
      });
      child.once('exit', (code) => {
        clearInterval(watchdog);
        if (timedOut) return end(STREAM_JOB_FAILURES.timeout);
        if (entry.stopping || code === 0) return end(null);
        end(describe(stderr, proxy, code));
      });
    };
    if (!needsProxy) return spawnFfmpeg();
    startEgressProxy(outbound).then(
      (started) => {
        proxy = started;
        spawnFfmpeg();
      },
      () => end(STREAM_JOB_FAILURES.unreachable),
    );
  }

  const terminate = (child: ChildProcess) => {
    child.kill('SIGTERM');
    // ffmpeg blocked in a read may not notice SIGTERM at once; its slot must come back regardless.
    setTimeout(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'), 3_000).unref();
  };

  const stopEntry = (entry: Entry) => {
    entry.stopping = true;
    if (entry.child) terminate(entry.child);
  };

  return {
    slots,
    start(jobId, lease, source, target, onEnd) {
      const input = relayInputArgs(source);
      run(
        jobId,
        lease,
        [...input.args, '-c', 'copy', '-f', 'flv', target],
        input.proxied,
        (stderr, proxy) => relayFailure(stderr, proxy?.failure() ?? null),
        onEnd,
      );
    },
    transcode(jobId, lease, source, target, onEnd) {
      run(
        jobId,
        lease,
        ['-protocol_whitelist', TRANSCODE_PROTOCOLS, '-i', source, ...SD_ENCODE_ARGS, '-f', 'flv', target],
        false,
        // The transcode reads this server's own push: its report names no outside service.
        (stderr, _proxy, code) => stderr.trim().split('\n').slice(-3).join('\n') || `ffmpeg exited with ${code}`,
        onEnd,
      );
    },
    stop(jobId) {
      const entry = running.get(jobId);
      if (!entry) return false;
      stopEntry(entry);
      return true;
    },
    async stopAll() {
      const entries = [...running.values()];
      for (const entry of entries) stopEntry(entry);
      await Promise.all(entries.map((entry) => entry.exited));
    },
  };
}
