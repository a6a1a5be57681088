import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startServer } from '../e2e/start-server.ts';
import { writeSection } from './readme-section.ts';

// N HTTP-FLV readers of a 3 Mbps push into the embedded ingest, against N RTMP readers of the same push into
// nginx-rtmp, in the same run: one ffmpeg sends one recorded clip to both (tee muxer, no encoding while measured),
// the readers run in a process of their own, and each server's CPU is read from /proc over the same time. Then
// /api/healthz latency with the readers attached against none.

const FFMPEG = '/usr/bin/ffmpeg';
const NGINX = '/usr/sbin/nginx';
const RTMP_MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';
const READERS = Number(process.env.BENCH_MEDIA_READERS ?? 1000);
const SECONDS = Number(process.env.BENCH_MEDIA_SECONDS ?? 10);
const TICKS = 100;
const ADMIN = { mobile: '13800000019', password: 'bench-pass-1' };

/** CPU seconds (user + system) a process and its children threads have used. */
async function cpuSeconds(pids: number[]): Promise<number> {
  let ticks = 0;
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS;
}

/** Processes whose environment or parent says they are ours. */
async function findPids(test: (pid: number, environ: string, ppid: number) => boolean): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const environ = await readFile(`/proc/${pid}/environ`, 'latin1').catch(() => '');
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (test(pid, environ, ppid)) pids.push(pid);
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Cores used by the processes over `seconds`. */
async function coresUsed(pids: number[], seconds: number): Promise<number> {
  const before = await cpuSeconds(pids);
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return ((await cpuSeconds(pids)) - before) / ((performance.now() - started) / 1000);
}

interface Readers {
  child: ChildProcess;
  latest: { connected: number; bytes: number };
  stop(): Promise<void>;
}

function startReaders(options: Record<string, unknown>): Readers {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'media-readers.ts'), JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const readers: Readers = {
    child,
    latest: { connected: 0, bytes: 0 },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) readers.latest = JSON.parse(line);
  });
  return readers;
}

async function waitUntil(test: () => boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Attaches the readers, waits until they all receive, measures the servers' CPU and the readers' throughput. */
async function measureReaders(options: Record<string, unknown> & { count: number }, pids: number[]) {
  const count = options.count;
  const readers = startReaders(options);
  await waitUntil(() => readers.latest.connected >= count, 60_000, 'readers connected');
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const bytesBefore = readers.latest.bytes;
  const started = performance.now();
  const cores = await coresUsed(pids, SECONDS);
  const mbps = ((readers.latest.bytes - bytesBefore) * 8) / ((performance.now() - started) / 1000) / count / 1e6;
  return { readers, cores, mbps, count, connected: readers.latest.connected };
}

/** Latency of GET /api/healthz: 4 clients one request after another for `seconds`. */
async function healthLatency(url: string, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      await new Promise<void>((resolve, reject) => {
        http
          .get(url, { agent }, (res) => {
            res.resume();
            res.on('end', () => resolve());
          })
          .on('error', reject);
      });
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  await Promise.all([client(), client(), client(), client()]);
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p95: at(0.95), max: times.at(-1) ?? 0, count: times.length };
}

export async function benchMediaFanout() {
  if (![FFMPEG, NGINX, RTMP_MODULE].every((file) => existsSync(file))) {
    console.log('media-fanout: ffmpeg, nginx and libnginx-mod-rtmp are needed (scripts/ensure-system-deps.sh)');
    return;
  }
  const work = await mkdtemp(path.join(tmpdir(), 'yanbo-bench-media-'));
  const clip = path.join(work, 'clip.flv');
  // 20 s of 720p at ~3 Mbps with a 2 s GOP, encoded once before anything is measured.
  const encoded = spawnSync(FFMPEG, [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25', '-f', 'lavfi', '-i', 'sine'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '2900k', '-maxrate', '3000k', '-bufsize', '3000k'],
    ...['-x264-params', 'nal-hrd=cbr', '-g', '50', '-c:a', 'aac', '-b:a', '96k', '-t', '20', '-y', clip],
  ]);
  if (encoded.status !== 0) throw new Error(`encoding the clip failed: ${encoded.stderr}`);

  const rtmpPort = await freePort();
  const server = await startServer({
    ADMIN_MOBILE: ADMIN.mobile,
    ADMIN_PASSWORD: ADMIN.password,
    RTMP_PORT: String(rtmpPort),
    RTMP_HOST: '127.0.0.1',
  });
  const serverPids = await findPids((_pid, environ) => environ.includes(`DATA_DIR=${server.dataDir}\0`));
  const nginxPort = await freePort();
  const prefix = path.join(work, 'nginx');
  await mkdir(path.join(prefix, 'logs'), { recursive: true });
  await writeFile(
    path.join(prefix, 'nginx.conf'),
    `load_module ${RTMP_MODULE};
daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 8192; }
rtmp { server { listen 127.0.0.1:${nginxPort}; application live { live on; } } }
`,
  );
  const nginx = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: 'ignore' });
  let pusher: ChildProcess | null = null;
  const readersLeft: Readers[] = [];
  try {
    const login = await fetch(`${server.baseUrl}/api/agent/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.mobile, password: ADMIN.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const created = await fetch(`${server.baseUrl}/api/activity`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: '压测直播' }),
    });
    const activity = (await created.json()) as { stream: { pushUrl: string; pullSource: { flv: string } } };
    const flvPath = new URL(activity.stream.pullSource.flv).pathname;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const nginxPids = await findPids((pid, _environ, ppid) => pid === nginx.pid || ppid === nginx.pid);

    pusher = spawn(
      FFMPEG,
      [
        ...['-v', 'error', '-re', '-stream_loop', '-1', '-i', clip, '-map', '0', '-c', 'copy', '-f', 'tee'],
        `[f=flv:flvflags=no_duration_filesize]${activity.stream.pushUrl}|[f=flv:flvflags=no_duration_filesize]rtmp://127.0.0.1:${nginxPort}/live/bench`,
      ],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 10_000;
    for (;;) {
      const res = await fetch(`${server.baseUrl}${flvPath}`).catch(() => null);
      await res?.body?.cancel();
      if (res?.status === 200) break;
      if (Date.now() > deadline) throw new Error('the push did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));

    const idle = { ours: await coresUsed(serverPids, 5), nginx: await coresUsed(nginxPids, 5) };
    const healthIdle = await healthLatency(`${server.baseUrl}/api/healthz`, 5);

    const flv = await measureReaders(
      { kind: 'flv', count: READERS, host: '127.0.0.1', port: Number(new URL(server.baseUrl).port), path: flvPath },
      serverPids,
    );
    readersLeft.push(flv.readers);
    const healthLoaded = await healthLatency(`${server.baseUrl}/api/healthz`, 5);
    await flv.readers.stop();

    const rtmp = await measureReaders(
      { kind: 'rtmp', count: READERS, host: '127.0.0.1', port: nginxPort, app: 'live', stream: 'bench' },
      nginxPids,
    );
    readersLeft.push(rtmp.readers);
    await rtmp.readers.stop();

    // The embedded server's own RTMP players, beside its HTTP-FLV readers: its connection cap (1,000) holds the
    // push too, so one reader fewer at the default count.
    const [liveApp, liveStream] = flvPath.split('/').slice(-2);
    const ourRtmp = await measureReaders(
      {
        kind: 'rtmp',
        count: Math.min(READERS, 999),
        host: '127.0.0.1',
        port: rtmpPort,
        app: liveApp,
        stream: liveStream.replace(/\.flv$/, ''),
      },
      serverPids,
    );
    readersLeft.push(ourRtmp.readers);
    await ourRtmp.readers.stop();

    const perCore = (count: number, cores: number) => Math.round(count / cores);
    // Readers that cannot keep up (a busy machine) take less: Mbps delivered per core compares fairly then.
    const row = (label: string, idleCores: number, m: { cores: number; mbps: number; count: number }) =>
      `| ${label} | ${m.count} | ${idleCores.toFixed(2)} | ${m.cores.toFixed(2)} | ${m.mbps.toFixed(2)} | **${perCore(m.count, m.cores)}** | ${Math.round(m.count / Math.max(0.01, m.cores - idleCores))} | ${Math.round((m.count * m.mbps) / m.cores)} |`;
    const rows = [
      row('embedded ingest, HTTP-FLV', idle.ours, flv),
      row('embedded ingest, RTMP', idle.ours, ourRtmp),
      row('nginx-rtmp, RTMP', idle.nginx, rtmp),
    ];
    const ms = (value: number) => value.toFixed(1);
    console.log(
      `media-fanout: ${READERS} readers — ours ${flv.cores.toFixed(2)} cores (${flv.mbps.toFixed(2)} Mbps each), ours over RTMP ${ourRtmp.cores.toFixed(2)} cores (${ourRtmp.mbps.toFixed(2)} Mbps each), nginx ${rtmp.cores.toFixed(2)} cores (${rtmp.mbps.toFixed(2)} Mbps each); healthz p95 ${ms(healthIdle.p95)} → ${ms(healthLoaded.p95)} ms`,
    );
    await writeSection(
      'media-fanout',
      `## Live fan-out: ${READERS} HTTP-FLV readers of a 3 Mbps push, beside nginx-rtmp's RTMP readers

One ffmpeg sends a recorded 720p clip (~3 Mbps, 2 s GOP) to the embedded ingest and to nginx-rtmp
(\`worker_processes 1\`) at once; ${READERS} readers in a process of their own read one server, then the other, for
${SECONDS} s each after a 3 s warm-up, on ${os.cpus().length} cores (${new Date().toISOString().slice(0, 10)}). Cores
are the server processes' user + system CPU over that time, the push alone included ("idle": no reader).
\`BENCH_MEDIA_READERS\` and \`BENCH_MEDIA_SECONDS\` change the count and the time.

| server | readers | cores, no reader | cores, readers attached | Mbps per reader | readers per core | readers per core (minus idle) | Mbps delivered per core |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

\`/api/healthz\` latency (4 clients in turn, 5 s), the same server:

| readers attached | p50 ms | p95 ms | max ms | requests |
|---|---|---|---|---|
| none | ${ms(healthIdle.p50)} | ${ms(healthIdle.p95)} | ${ms(healthIdle.max)} | ${healthIdle.count} |
| ${READERS} HTTP-FLV | ${ms(healthLoaded.p50)} | ${ms(healthLoaded.p95)} | ${ms(healthLoaded.max)} | ${healthLoaded.count} |

HTTP-FLV readers are served by the media worker (\`MEDIA_PROCESS=child\`, the default): the API process hands each
reader's connection over and forwards each tag once, so the readers' writes no longer delay API requests; "ours"
counts the worker's CPU with the server's. Served in the API process (\`MEDIA_PROCESS=inline\`), p95 under the same
load was 11.4 ms against 1.7 ms idle. The embedded ingest's own RTMP players are measured too: each message is
encoded into chunks once for all of them.`,
    );
  } finally {
    for (const readers of readersLeft) if (readers.child.exitCode === null) await readers.stop();
    pusher?.kill('SIGKILL');
    // SIGTERM: the master stops its workers and then itself (SIGKILL to the master would leave the workers running).
    const gone = new Promise((resolve) => (nginx.exitCode !== null ? resolve(null) : nginx.once('exit', resolve)));
    nginx.kill('SIGTERM');
    await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    nginx.kill('SIGKILL');
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }
}
