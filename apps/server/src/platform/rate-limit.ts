// Rate limits and connection caps for everything a stranger can call (issue 8, client addresses and HTTP): one store
// behind every limit, so a limit is a rule (how many, over what window) and a key (an address, an account, an
// activity). The store is in memory, as the server is one process by default; its operations are the ones Redis
// offers (INCR with PEXPIRE for a window, INCR/DECR for a gauge), so a Redis store can take its place unchanged.

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
