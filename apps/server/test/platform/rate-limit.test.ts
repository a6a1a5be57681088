import { afterEach, describe, expect, it, vi } from 'vitest';
import { acquireAll, createMemoryRateLimitStore, take } from '../../src/platform/rate-limit.ts';

// The one store behind every limit: fixed windows that end, a bounded number of keys (a stranger cannot grow it), and
// connection places that are given back exactly once.

describe('memory rate-limit store', () => {
  afterEach(() => vi.useRealTimers());

  it('counts within a window, refuses past the rule with the seconds left, and starts over when it ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const store = createMemoryRateLimitStore();
    const rule = { max: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) expect(await take(store, rule, 'k')).toBeNull();
    expect(await take(store, rule, 'k')).toBe(60);
    vi.setSystemTime(Date.now() + 45_000);
    expect(await take(store, rule, 'k')).toBe(15);
    expect(await take(store, rule, 'other')).toBeNull();
    vi.setSystemTime(Date.now() + 15_001);
    expect(await take(store, rule, 'k')).toBeNull();
    store.close();
  });

  it('holds at most its number of keys, the oldest giving way', async () => {
    const store = createMemoryRateLimitStore(100);
    for (let i = 0; i < 1_000; i++) await store.hit(`key-${i}`, 60_000);
    expect(await store.peek('key-0')).toBeNull();
    expect((await store.peek('key-999'))?.count).toBe(1);
    let kept = 0;
    for (let i = 0; i < 1_000; i++) if (await store.peek(`key-${i}`)) kept++;
    expect(kept).toBe(100);
    store.close();
  });

  it('gives connection places back once, and takes none when any of several is full', async () => {
    const store = createMemoryRateLimitStore();
    const places = [
      { key: 'ip', max: 2 },
      { key: 'total', max: 3 },
    ];
    const first = await acquireAll(store, places);
    const second = await acquireAll(store, places);
    expect(first && second).toBeTruthy();
    expect(await acquireAll(store, places)).toBeNull();
    expect(store.held('total')).toBe(2);
    first?.();
    first?.();
    expect(store.held('ip')).toBe(1);
    expect(store.held('total')).toBe(1);
    expect(await acquireAll(store, [{ key: 'elsewhere', max: 5 }, ...places.slice(1)])).toBeTruthy();
    expect(await acquireAll(store, [{ key: 'elsewhere-2', max: 5 }, ...places.slice(1)])).toBeTruthy();
    // The total is full now: the address's place taken on the way is given back.
    expect(await acquireAll(store, [{ key: 'elsewhere-3', max: 5 }, ...places.slice(1)])).toBeNull();
    expect(store.held('elsewhere-3')).toBe(0);
    store.close();
  });
});
