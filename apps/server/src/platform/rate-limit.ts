import type { Redis } from 'ioredis';

// Rate limits and connection caps for everything a stranger can call (issue 8, client addresses and HTTP): one store
// behind every limit, so a limit is a rule (how many, over what window) and a key (an address, an account, an
// activity). The store is in memory, as the server is one process by default; with REDIS_URL the windows are counted
// in Redis (issue 15, stateless API processes), so a limit holds across every process behind the load balancer.

export interface WindowCount {
  /** Events counted in the current window, this one included. */
  count: number;
  /** When the current window ends (ms since the epoch). */
  resetAt: number;
  /** When the last event was counted (ms since the epoch). */
  lastAt: number;
}

export interface RateLimitStore {
  /** Counts `by` events under key in a fixed window of windowMs that starts with the key's first event. */
  hit(key: string, windowMs: number, by?: number): Promise<WindowCount>;
  /** The key's current window, or null when it has none. */
  peek(key: string): Promise<WindowCount | null>;
  reset(key: string): Promise<void>;
  /** Takes one of max places under key (a connection); answers the function that gives it back, or null when full. */
  acquire(key: string, max: number): Promise<(() => void) | null>;
  /** Places taken under key now. */
  held(key: string): number;
  close(): void;
}

/** A limit: at most max events per window. */
export interface RateRule {
  max: number;
  windowMs: number;
}

/**
 * The in-memory store. It holds at most maxKeys windows (an unauthenticated caller must not grow it without bound):
 * windows that ended are dropped every minute and, when full, the oldest window gives way to the new one.
 */
export function createMemoryRateLimitStore(maxKeys = 200_000): RateLimitStore {
  const windows = new Map<string, WindowCount>();
  const gauges = new Map<string, number>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }, 60_000);
  sweep.unref();
  const live = (key: string, now: number) => {
    const window = windows.get(key);
    if (window && window.resetAt <= now) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };
  return {
    async hit(key, windowMs, by = 1) {
      const now = Date.now();
      let window = live(key, now);
      // Giving back to a window that has ended gives nothing: there is no debt to carry into the next one.
      if (!window && by < 0) return { count: 0, resetAt: now, lastAt: now };
      if (!window) {
        if (windows.size >= maxKeys) {
          const oldest = windows.keys().next().value;
          if (oldest !== undefined) windows.delete(oldest);
        }
        window = { count: 0, resetAt: now + windowMs, lastAt: now };
        windows.set(key, window);
      }
      window.count += by;
      window.lastAt = now;
      return { ...window };
    },
    async peek(key) {
      const window = live(key, Date.now());
      return window ? { ...window } : null;
    },
    async reset(key) {
      windows.delete(key);
    },
    async acquire(key, max) {
      const taken = gauges.get(key) ?? 0;
      if (taken >= max) return null;
      gauges.set(key, taken + 1);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        const left = (gauges.get(key) ?? 1) - 1;
        if (left <= 0) gauges.delete(key);
        else gauges.set(key, left);
      };
    },
    held(key) {
      return gauges.get(key) ?? 0;
    },
    close() {
      clearInterval(sweep);
      windows.clear();
      gauges.clear();
    },
  };
}

/** Seconds until a window ends, at least 1: what a 429 tells the caller to wait. */
export const secondsUntil = (at: number) => Math.max(1, Math.ceil((at - Date.now()) / 1000));

/**
 * Counts one event under key; answers null when within the rule, or the seconds to wait when the rule is spent.
 * The event that goes over is counted too, so hammering a spent limit does not make it end sooner.
 */
export async function take(store: RateLimitStore, rule: RateRule, key: string): Promise<number | null> {
  const window = await store.hit(key, rule.windowMs);
  return window.count > rule.max ? secondsUntil(window.resetAt) : null;
}

/** Whether the rule is already spent under key (nothing counted); the seconds to wait, or null. */
export async function spent(store: RateLimitStore, rule: RateRule, key: string): Promise<number | null> {
  const window = await store.peek(key);
  return window && window.count >= rule.max ? secondsUntil(window.resetAt) : null;
}

/** Takes a place under every key (a connection counted per address, per target and in total), or null when one is full. */
export async function acquireAll(
  store: RateLimitStore,
  places: { key: string; max: number }[],
): Promise<(() => void) | null> {
  const taken: (() => void)[] = [];
  for (const place of places) {
    const release = await store.acquire(place.key, place.max);
    if (!release) {
      for (const give of taken) give();
      return null;
    }
    taken.push(release);
  }
  return () => {
    for (const give of taken) give();
  };
}

/**
 * One window: HINCRBY of the count and the time of the last event, the key's expiry set with its first event (PTTL is
 * -1 only then), all in one script so two processes counting at once never lose a count or an expiry. Giving back to
 * a window that has ended creates nothing. Answers [count, ms left, last event].
 */
const HIT_SCRIPT = `
local by = tonumber(ARGV[2])
if by < 0 and redis.call('EXISTS', KEYS[1]) == 0 then return {0, 0, tonumber(ARGV[3])} end
local count = redis.call('HINCRBY', KEYS[1], 'c', by)
redis.call('HSET', KEYS[1], 'l', ARGV[3])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl, tonumber(ARGV[3])}
`;

/**
 * The store with REDIS_URL: windows are Redis hashes under `<prefix>rl:<key>`, shared by every process. Connection
 * places (acquire/held) stay with the process: a connection is held by the process it reached and is given back there,
 * and a process that dies must not leave its places taken. While Redis is away, windows are counted in this process
 * (a limit per process is still a limit), never refused for want of Redis.
 */
export function createRedisRateLimitStore(redis: Redis, prefix: string, maxKeys?: number): RateLimitStore {
  const local = createMemoryRateLimitStore(maxKeys);
  const keyOf = (key: string) => `${prefix}rl:${key}`;
  return {
    async hit(key, windowMs, by = 1) {
      const now = Date.now();
      try {
        const [count, ttl, lastAt] = (await redis.eval(HIT_SCRIPT, 1, keyOf(key), windowMs, by, now)) as number[];
        return { count: count ?? 0, resetAt: now + (ttl ?? 0), lastAt: lastAt ?? now };
      } catch {
        return local.hit(key, windowMs, by);
      }
    },
    async peek(key) {
      try {
        const [[, fields], [, ttl]] = (await redis.multi().hgetall(keyOf(key)).pttl(keyOf(key)).exec()) as [
          [unknown, Record<string, string>],
          [unknown, number],
        ];
        if (!fields.c || ttl < 0) return null;
        const now = Date.now();
        return { count: Number(fields.c), resetAt: now + ttl, lastAt: Number(fields.l ?? now) };
      } catch {
        return local.peek(key);
      }
    },
    async reset(key) {
      await local.reset(key);
      await redis.del(keyOf(key)).catch(() => {});
    },
    acquire: (key, max) => local.acquire(key, max),
    held: (key) => local.held(key),
    close() {
      local.close();
    },
  };
}
