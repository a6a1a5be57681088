import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Stream jobs run as ffmpeg processes of this server. A relay pulls the source and copies it into the activity's push
 * address; a transcode reads the activity's own stream and publishes the 标清 rendition.
 */
export interface RelayRunner {
  /** Starts a relay; onEnd runs once when it ends, with the reason when it failed. */
  start(jobId: number, source: string, target: string, onEnd: (failure: string | null) => void): void;
  /** Starts a transcode into the 标清 rendition; onEnd as for start. */
  transcode(jobId: number, source: string, target: string, onEnd: (failure: string | null) => void): void;
  /** Stops a relay of this process; false when it is not running here. */
  stop(jobId: number): boolean;
  stopAll(): Promise<void>;
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

export function createRelayRunner(ffmpegPath = process.env.FFMPEG_PATH ?? 'ffmpeg'): RelayRunner {
  const running = new Map<number, { child: ChildProcess; stopping: boolean }>();
  const run = (jobId: number, args: string[], onEnd: (failure: string | null) => void) => {
    const child = spawn(ffmpegPath, ['-hide_banner', '-loglevel', 'error', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const entry = { child, stopping: false };
    running.set(jobId, entry);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    let ended = false;
    const end = (failure: string | null) => {
      if (ended) return;
      ended = true;
      running.delete(jobId);
      onEnd(failure);
    };
    child.once('error', (error: NodeJS.ErrnoException) =>
      end(error.code === 'ENOENT' ? 'ffmpeg is not installed on the server' : error.message),
    );
    child.once('exit', (code) => {
      if (entry.stopping || code === 0) return end(null);
      end(stderr.trim().split('\n').slice(-3).join('\n') || `ffmpeg exited with ${code}`);
    });
  };
  return {
    start: (jobId, source, target, onEnd) => run(jobId, ['-i', source, '-c', 'copy', '-f', 'flv', target], onEnd),
    transcode: (jobId, source, target, onEnd) =>
      run(jobId, ['-i', source, ...SD_ENCODE_ARGS, '-f', 'flv', target], onEnd),
    stop(jobId) {
      const entry = running.get(jobId);
      if (!entry) return false;
      entry.stopping = true;
      entry.child.kill('SIGTERM');
      return true;
    },
    async stopAll() {
      const children = [...running.values()];
      for (const entry of children) {
        entry.stopping = true;
        entry.child.kill('SIGTERM');
      }
      await Promise.all(
        children.map(
          (entry) =>
            new Promise((resolve) =>
              entry.child.exitCode !== null ? resolve(null) : entry.child.once('exit', resolve),
            ),
        ),
      );
    },
  };
}
