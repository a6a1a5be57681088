import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { engines, newPostgresDatabase } from '../harness.ts';

// Graceful shutdown (issue 15): the real server, as `npm start` runs it, gets SIGTERM while a request is being
// handled. That request still completes with 200 (its handler reads and writes the database after the signal), a
// new connection is refused, the process exits 0, and nothing is logged at error level (the benchmark once logged
// "pool ended" for a handler that outlived its connection).

const main = path.resolve(import.meta.dirname, '../../src/main.ts');
const ADMIN_MOBILE = '13900009999';
const ADMIN_PASSWORD = 'shutdown-pass-1';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function metric(base: string, series: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** A request whose body is sent in two parts: in flight (its headers read, its handler waiting) between them. */
function requestInTwoParts(port: number, url: string, body: string) {
  const half = Math.floor(body.length / 2);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: url,
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.once('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
  });
  request.write(body.slice(0, half));
  return { answer, finish: () => request.end(body.slice(half)) };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

describe.each(engines)('graceful shutdown on %s', (engine) => {
  it('lets the request in flight finish with 200, refuses new connections, and exits 0', async () => {
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'yanbo-shutdown-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    let databaseUrl = '';
    if (engine === 'postgres') {
      const database = await newPostgresDatabase();
      cleanups.push(() => database.drop());
      databaseUrl = database.url;
    }
    const child: ChildProcess = spawn(process.execPath, [main], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'info',
        ADMIN_MOBILE,
        ADMIN_PASSWORD,
        RTMP_PORT: '0',
        CONSOLE_DIR: '/nonexistent',
        WATCH_DIR: '/nonexistent',
        SHUTDOWN_GRACE_MS: '30000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(async () => child.exitCode === null && child.kill('SIGKILL'));
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;

    // Started once it answers (a fresh PGlite is initialised and migrated first).
    await expect
      .poll(async () => (await fetch(`${base}/api/readyz`).catch(() => null))?.status, { timeout: 150_000 })
      .toBe(200);

    const login = requestInTwoParts(
      port,
      '/api/agent/login',
      JSON.stringify({ username: ADMIN_MOBILE, password: ADMIN_PASSWORD }),
    );
    // The login is being handled (the scrape counts itself too).
    await expect.poll(() => metric(base, 'http_requests_in_flight')).toBeGreaterThanOrEqual(2);

    child.kill('SIGTERM');
    // No new connection is taken from now on.
    await expect
      .poll(
        async () =>
          await fetch(`${base}/api/healthz`)
            .then(() => 'answered')
            .catch(() => 'refused'),
      )
      .toBe('refused');
    expect(child.exitCode).toBeNull();

    // The request in flight runs to its end: its password is checked and its session written after the signal.
    login.finish();
    const answer = await login.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).token).toEqual(expect.any(String));

    expect(await exited).toBe(0);
    const lines = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(lines.some((line) => line.msg.startsWith('SIGTERM: draining'))).toBe(true);
    expect(lines.some((line) => line.msg === 'stopped')).toBe(true);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(output).not.toMatch(
      /pool ended|Cannot use a pool after calling end|Connection terminated|PGlite is closed/i,
    );
  }, 240_000);
});
