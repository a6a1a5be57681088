import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalHub, type RealtimeEvent, type RealtimeHub } from '../../src/platform/realtime/hub.ts';
import { createRedisHub } from '../../src/platform/realtime/redis-hub.ts';

const REDIS_URL = process.env.YANBO_TEST_REDIS ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const nextEvent = (hub: RealtimeHub, channel: string) =>
  new Promise<RealtimeEvent>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no event')), 2_000);
    const off = hub.subscribe(channel, (event) => {
      clearTimeout(timer);
      off();
      resolve(event);
    });
  });

describe('the in-process hub', () => {
  it("delivers to the channel's listeners only, until they unsubscribe", () => {
    const hub = createLocalHub();
    const seen: RealtimeEvent[] = [];
    const off = hub.subscribe('agent:1', (event) => seen.push(event));
    hub.subscribe('agent:2', () => seen.push({ type: 'wrong' }));
    hub.publish('agent:1', { type: 'a' });
    off();
    hub.publish('agent:1', { type: 'b' });
    expect(seen).toEqual([{ type: 'a' }]);
  });
});

describe.skipIf(!(await redisAnswers()))('the Redis hub across two processes', () => {
  let first: RealtimeHub;
  let second: RealtimeHub;
  beforeAll(async () => {
    first = await createRedisHub(REDIS_URL);
    second = await createRedisHub(REDIS_URL);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it("delivers an event published by one process to another process's listener", async () => {
    const channel = `agent:${Date.now()}`;
    const received = nextEvent(second, channel);
    await new Promise((resolve) => setTimeout(resolve, 100)); // the subscription reaches Redis
    first.publish(channel, { type: 'activity.pushing', activityId: 7, isPushing: true });
    expect(await received).toEqual({ type: 'activity.pushing', activityId: 7, isPushing: true });
  });
});
