import { Redis } from 'ioredis';
import type { HubLog } from './redis-hub.ts';

/** Reconnect attempts back off to this delay and keep going for as long as Redis is away. */
const MAX_RECONNECT_DELAY_MS = 2_000;

/**
 * The connection for Redis commands (rate-limit windows, viewer counts) shared by everything in the process, beside the
 * hub's publish and subscribe connections. As for the hub, an outage never takes the process down: a command fails at
 * once while Redis is away (nothing queues without bound) and its caller falls back to what this process knows.
 */
export function createRedisCommands(url: string, log: HubLog): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt: number) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn(`redis: command connection lost (${error.message}); reconnecting`);
  });
  redis.on('ready', () => {
    if (down) log.info('redis: command connection is back');
    down = false;
  });
  redis.connect().catch(() => {});
  return redis;
}

/** Waits (a bounded while) until the connection is ready, so a server starts counting in Redis from its first request. */
export async function redisReady(redis: Redis, timeoutMs = 2_000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    function done() {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    }
    redis.once('ready', done);
  });
}
