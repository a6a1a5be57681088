import { describe, expect, it } from 'vitest';
import { TRANSCODE_RETRY_DELAYS_MS, transcodeRetryDelay } from '../../src/features/live-stream/transcode.ts';

describe('restarting a failed transcode', () => {
  it('waits longer after each failure in a row, then leaves it failed', () => {
    expect(TRANSCODE_RETRY_DELAYS_MS.map((_, before) => transcodeRetryDelay(before, 2_000))).toEqual([
      1_000, 2_000, 5_000, 10_000, 30_000,
    ]);
    expect(transcodeRetryDelay(TRANSCODE_RETRY_DELAYS_MS.length, 2_000)).toBeNull();
  });

  it('counts from the start again after a transcode that ran for a minute', () => {
    expect(transcodeRetryDelay(4, 59_999)).toBe(30_000);
    expect(transcodeRetryDelay(4, 60_000)).toBe(1_000);
    expect(transcodeRetryDelay(99, 3_600_000)).toBe(1_000);
  });
});
