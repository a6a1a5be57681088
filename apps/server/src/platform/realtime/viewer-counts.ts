import type { Redis } from 'ioredis';

/**
 * Viewers of each stream, summed over every process that serves them (issue 15, stateless API processes). Each
 * process reports its own count of a stream; the total is the sum of the reports of the processes still alive. In
 * memory that is this process's count; with REDIS_URL each report lives in a Redis hash with a deadline that the
 * process renews while it lives, so a dead process's viewers age out within REPORT_TTL_MS.
 */
export interface ViewerCounts {
  /** This process's viewers of key now. */
  report(key: string, count: number): void;
  /**
   * Viewers of key counted by another source (a media process's report, issue 15), kept for ttlMs unless renewed; a
   * count of 0 removes it.
   */
  reportFrom(source: string, key: string, count: number, ttlMs: number): void;
  /** Viewers of key on every living process and source. */
  total(key: string): Promise<number>;
  close(): void;
}

/** A report not renewed for this long is a dead process's. */
export const REPORT_TTL_MS = 15_000;
/** Reports are renewed this often, well within their deadline. */
const RENEW_MS = 5_000;
/** Changes of this process's counts reach Redis within this long (the consoles hear counts every 250 ms at most). */
const REPORT_BATCH_MS = 50;

export function createMemoryViewerCounts(): ViewerCounts {
  const counts = new Map<string, number>();
  const fromSources = new Map<string, Map<string, { count: number; deadline: number }>>();
  return {
    report(key, count) {
      if (count > 0) counts.set(key, count);
      else counts.delete(key);
    },
    reportFrom(source, key, count, ttlMs) {
      const now = Date.now();
      const sources = fromSources.get(key) ?? new Map<string, { count: number; deadline: number }>();
      for (const [other, report] of sources) if (report.deadline <= now) sources.delete(other);
      if (count > 0) sources.set(source, { count, deadline: now + ttlMs });
      else sources.delete(source);
      if (sources.size > 0) fromSources.set(key, sources);
      else fromSources.delete(key);
    },
    async total(key) {
      const now = Date.now();
      let total = counts.get(key) ?? 0;
      for (const report of fromSources.get(key)?.values() ?? []) if (report.deadline > now) total += report.count;
      return total;
    },
    close() {
      counts.clear();
      fromSources.clear();
    },
  };
}

/**
 * Reports in Redis: one hash per stream (`<prefix>viewers:<key>`), a field per process holding `count:deadline`. The
 * hash expires with its newest report, and reading it skips reports whose deadline passed. While Redis is away the
 * total is this process's own count.
 */
export function createRedisViewerCounts(redis: Redis, prefix: string, processId: string): ViewerCounts {
  const mine = new Map<string, number>();
  const hashOf = (key: string) => `${prefix}viewers:${key}`;
  const write = (key: string, count: number) => {
    const hash = hashOf(key);
    const request =
      count > 0
        ? redis
            .multi()
            .hset(hash, processId, `${count}:${Date.now() + REPORT_TTL_MS}`)
            .pexpire(hash, REPORT_TTL_MS)
            .exec()
        : redis.hdel(hash, processId);
    request.catch(() => {});
  };
  const renew = setInterval(() => {
    for (const [key, count] of mine) write(key, count);
  }, RENEW_MS);
  renew.unref();
  // A thousand viewers arriving at once are one write per stream, not a thousand: reports go out together shortly.
  const dirty = new Set<string>();
  let flush: NodeJS.Timeout | null = null;
  const writeDirty = () => {
    flush = null;
    for (const key of dirty) write(key, mine.get(key) ?? 0);
    dirty.clear();
  };
  return {
    report(key, count) {
      if (count > 0) mine.set(key, count);
      else mine.delete(key);
      dirty.add(key);
      flush ??= setTimeout(writeDirty, REPORT_BATCH_MS);
    },
    reportFrom(source, key, count, ttlMs) {
      // A field beside the processes' own; the hash lives at least as long as the longest deadline written to it.
      const hash = hashOf(key);
      const request =
        count > 0
          ? redis
              .multi()
              .hset(hash, source, `${count}:${Date.now() + ttlMs}`)
              .pexpire(hash, Math.max(ttlMs, REPORT_TTL_MS))
              .exec()
          : redis.hdel(hash, source);
      request.catch(() => {});
    },
    async total(key) {
      try {
        const reports = await redis.hgetall(hashOf(key));
        const now = Date.now();
        let total = 0;
        for (const [process, report] of Object.entries(reports)) {
          // This process's own count is read here, not from Redis, which may lag a write still on its way.
          if (process === processId) continue;
          const [count, deadline] = report.split(':').map(Number);
          if ((deadline ?? 0) > now) total += count ?? 0;
        }
        return total + (mine.get(key) ?? 0);
      } catch {
        return mine.get(key) ?? 0;
      }
    },
    close() {
      clearInterval(renew);
      if (flush) clearTimeout(flush);
      for (const key of new Set([...mine.keys(), ...dirty])) redis.hdel(hashOf(key), processId).catch(() => {});
      mine.clear();
    },
  };
}
