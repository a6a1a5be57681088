import { type ChildProcess, spawn } from 'node:child_process';

/** Relays run as ffmpeg processes of this server: pull the source, copy it into the activity's push address. */
export interface RelayRunner {
  /** Starts a relay; onEnd runs once when it ends, with the reason when it failed. */
  start(jobId: number, source: string, target: string, onEnd: (failure: string | null) => void): void;
  /** Stops a relay of this process; false when it is not running here. */
  stop(jobId: number): boolean;
  stopAll(): Promise<void>;
}

export function createRelayRunner(ffmpegPath = process.env.FFMPEG_PATH ?? 'ffmpeg'): RelayRunner {
  const running = new Map<number, { child: ChildProcess; stopping: boolean }>();
  return {
    start(jobId, source, target, onEnd) {
      const child = spawn(
        ffmpegPath,
        ['-hide_banner', '-loglevel', 'error', '-i', source, '-c', 'copy', '-f', 'flv', target],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
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
    },
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
