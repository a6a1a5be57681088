import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { entryNodeFlags } from '../deploy/node-command.ts';

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  pid: number;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const SERVER_START_DEADLINE_MS = 180_000;
const SERVER_ENTRY = 'apps/server/src/main.ts';

/**
 * Starts the real server (npm start's process, with its node flags unless `nodeFlags` says others) on a free port with
 * a fresh data directory.
 */
export async function startServer(
  env: Record<string, string> = {},
  nodeFlags = entryNodeFlags(SERVER_ENTRY),
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'yanbo-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, path.join(root, SERVER_ENTRY)], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // A deadline, not a wait: a server migrating PGlite on a machine at load 25 took 58 s to answer.
  const deadline = Date.now() + SERVER_START_DEADLINE_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited with ${child.exitCode ?? child.signalCode}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server did not start within ${SERVER_START_DEADLINE_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    dataDir,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
