import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisRateLimitStore, take } from '../../src/platform/rate-limit.ts';
import { createRedisCommands, redisReady } from '../../src/platform/realtime/redis-commands.ts';
import { createRedisViewerCounts, REPORT_TTL_MS } from '../../src/platform/realtime/viewer-counts.ts';
import { REDIS_URL, redisAnswers } from './cluster-harness.ts';

// The Redis stores behind rate limits and viewer counts (issue 15): two stores stand for two processes, each with a
// connection of its own, under a key prefix of this test's own.

const quiet = { warn() {}, info() {} };
const ready = await redisAnswers();

describe.skipIf(!ready)('Redis stores shared by the processes of a cluster', () => {
  const prefix = `yanbo-test:${randomBytes(6).toString('hex')}:`;
  let one: Redis;
  let two: Redis;

  beforeAll(async () => {
    one = createRedisCommands(REDIS_URL, quiet);
    two = createRedisCommands(REDIS_URL, quiet);
    await Promise.all([redisReady(one), redisReady(two)]);
  });
  afterAll(async () => {
    const keys = await one.keys(`${prefix}*`);
    if (keys.length > 0) await one.del(...keys);
    one.disconnect();
    two.disconnect();
  });

  it('counts a window across processes, ends it on time, and gives back nothing to a window that ended', async () => {
    const first = createRedisRateLimitStore(one, prefix);
    const second = createRedisRateLimitStore(two, prefix);
    const rule = { max: 3, windowMs: 400 };
    // Counted at once from both: none lost.
    const hits = await Promise.all([
      take(first, rule, 'k'),
      take(second, rule, 'k'),
      take(first, rule, 'k'),
      take(second, rule, 'k'),
    ]);
    expect(hits.filter((wait) => wait === null)).toHaveLength(3);
    expect(hits.filter((wait) => wait !== null)).toEqual([1]);
    expect(await first.peek('k')).toMatchObject({ count: 4 });
    const window = await second.peek('k');
    expect((window?.resetAt ?? 0) - Date.now()).toBeLessThanOrEqual(400);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(await first.peek('k')).toBeNull();
    expect(await second.hit('k', 400, -1)).toMatchObject({ count: 0 });
    expect(await second.peek('k')).toBeNull();
    expect((await first.hit('k', 400)).count).toBe(1);
    await second.reset('k');
    expect(await first.peek('k')).toBeNull();
    first.close();
    second.close();
  });

  it('keeps counting in the process while Redis is away, never refusing for want of it', async () => {
    const away = createRedisCommands('redis://127.0.0.1:1', quiet);
    const store = createRedisRateLimitStore(away, prefix);
    expect((await store.hit('x', 60_000)).count).toBe(1);
    expect((await store.hit('x', 60_000)).count).toBe(2);
    expect(await store.peek('x')).toMatchObject({ count: 2 });
    store.close();
    away.disconnect();
  });

  it('sums the viewers every living process reports, and a dead process’s report ages out', async () => {
    const first = createRedisViewerCounts(one, prefix, 'p1');
    const second = createRedisViewerCounts(two, prefix, 'p2');
    first.report('live/s', 2);
    second.report('live/s', 5);
    const until = async (expected: number) => {
      for (let i = 0; i < 50 && (await first.total('live/s')) !== expected; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await first.total('live/s')).toBe(expected);
      expect(await second.total('live/s')).toBe(expected);
    };
    await until(7);
    // A process that died without a word: its report's deadline has passed.
    await one.hset(`${prefix}viewers:live/s`, 'p3', `40:${Date.now() - 1}`);
    await until(7);
    await one.hset(`${prefix}viewers:live/s`, 'p3', `40:${Date.now() + REPORT_TTL_MS}`);
    await until(47);
    await one.hdel(`${prefix}viewers:live/s`, 'p3');
    second.report('live/s', 0);
    await until(2);
    // A process that stops takes its viewers with it.
    first.close();
    await until(0);
    second.close();
  });
});
