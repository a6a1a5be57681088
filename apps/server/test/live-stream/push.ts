import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';

// A real encoder for the live tests: ffmpeg pushing a test picture and tone, as OBS would.

export const FFMPEG = '/usr/bin/ffmpeg';

export function push(url: string, seconds: number): ChildProcess {
  return spawn(FFMPEG, [
    ...['-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency'],
    ...['-g', '25', '-c:a', 'aac', '-t', String(seconds), '-f', 'flv', url],
  ]);
}

export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve),
  );

/** Whether a TCP port on this machine accepts a connection (a media server listening). */
export const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Polls until the predicate holds; answers how long it took. */
export async function waitFor(predicate: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await predicate())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}
