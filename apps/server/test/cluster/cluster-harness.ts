import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from '../../../../e2e/start-server.ts';
import { type BuiltApp, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { startApp, type TestApp } from '../harness.ts';

// Two API processes of one cluster in the test process (issue 15, stateless API processes): each a whole server
// listening on loopback with its own embedded ingest, both on one PostgreSQL database and one Redis, under a key
// prefix of the test's own so parallel runs never hear each other.

export const REDIS_URL = process.env.YANBO_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether the Redis the cluster tests need answers. */
export async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export interface ClusterNode {
  built: Pick<BuiltApp, 'app' | 'ctx'>;
  /** The HTTP base URL (playback and API). */
  base: string;
  rtmpPort: number;
}

async function nodeConfig(): Promise<Partial<Config>> {
  const rtmpPort = await freePort();
  return {
    rtmpPort,
    rtmpHost: '127.0.0.1',
    pushDomain: `127.0.0.1:${rtmpPort}`,
    mediaProcess: 'inline',
    consoleDir: '/nonexistent',
  };
}

async function listen(built: Pick<BuiltApp, 'app' | 'ctx'>): Promise<ClusterNode> {
  const base = await built.app.listen({ port: 0, host: '127.0.0.1' });
  const rtmpPort = (await built.ctx.ingest?.listen()) ?? 0;
  return { built, base, rtmpPort };
}

export interface Cluster {
  /** The first process: it made the database, and drops it on close. */
  a: ClusterNode;
  redisPrefix: string;
  /** Starts another process on the same database and Redis. */
  start(): Promise<ClusterNode>;
  close(): Promise<void>;
}

export async function startCluster(): Promise<Cluster> {
  const redisPrefix = `yanbo-test:${randomBytes(6).toString('hex')}:`;
  const shared = { redisUrl: REDIS_URL, redisPrefix };
  const first: TestApp = await startApp('postgres', { ...shared, ...(await nodeConfig()) });
  const a = await listen(first);
  const others: { built: BuiltApp; dataDir: string }[] = [];
  return {
    a,
    redisPrefix,
    async start() {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'yanbo-cluster-'));
      const built = await buildApp(
        loadConfig({
          ...first.ctx.config,
          ...(await nodeConfig()),
          dataDir,
        }),
      );
      others.push({ built, dataDir });
      return listen(built);
    },
    async close() {
      for (const other of others.reverse()) {
        await other.built.close();
        await rm(other.dataDir, { recursive: true, force: true });
      }
      await first.close();
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    },
  };
}

/** The ffmpeg processes on this machine whose command line names `text`. */
export async function ffmpegPidsNaming(text: string): Promise<number[]> {
  const { readdir, readFile } = await import('node:fs/promises');
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes('ffmpeg') && cmdline.includes(text)) pids.push(Number(entry));
  }
  return pids;
}
