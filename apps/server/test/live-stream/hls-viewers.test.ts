import { describe, expect, it } from 'vitest';
import { SlidingViewers, targetDurationOf } from '../../src/platform/ingest/index.ts';

// HLS viewers hold no connection: each is online until its last fetch's deadline (3 target durations) passes.

describe('the sliding window of HLS viewers', () => {
  it('counts a viewer once while it keeps fetching, and forgets it after the idle window', () => {
    const viewers = new SlidingViewers();
    expect(viewers.touch('live/s1', 'a', 0, 6_000)).toBe(true);
    expect(viewers.touch('live/s1', 'a', 2_000, 6_000)).toBe(false);
    expect(viewers.touch('live/s1', 'b', 3_000, 6_000)).toBe(true);
    expect(viewers.count('live/s1', 3_000)).toBe(2);
    expect(viewers.count('live/other', 3_000)).toBe(0);
    // a: last seen at 2 s, gone at 8 s; b: last seen at 3 s, gone at 9 s.
    expect(viewers.count('live/s1', 7_999)).toBe(2);
    expect(viewers.count('live/s1', 8_000)).toBe(1);
    expect(viewers.sweep(7_000)).toEqual([]);
    expect(viewers.sweep(8_500)).toEqual(['live/s1']);
    expect(viewers.count('live/s1', 8_500)).toBe(1);
    expect(viewers.sweep(9_000)).toEqual(['live/s1']);
    expect(viewers.size).toBe(0);
  });

  it('counts a viewer who comes back after leaving as new again', () => {
    const viewers = new SlidingViewers();
    viewers.touch('live/s1', 'a', 0, 6_000);
    expect(viewers.touch('live/s1', 'a', 6_000, 6_000)).toBe(true);
    expect(viewers.count('live/s1', 6_000)).toBe(1);
  });

  it('keeps streams apart', () => {
    const viewers = new SlidingViewers();
    viewers.touch('live/s1', 'a', 0, 6_000);
    viewers.touch('live/s2', 'a', 0, 3_000);
    expect(viewers.sweep(4_000)).toEqual(['live/s2']);
    expect(viewers.count('live/s1', 4_000)).toBe(1);
  });

  it('reads the target duration of a playlist', () => {
    expect(targetDurationOf('#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n')).toBe(4);
    expect(targetDurationOf(Buffer.from('#EXTM3U\n'))).toBe(2);
  });
});
