import { describe, expect, test } from 'vitest';
import { formatBeijingTime } from '../src/beijing-time.ts';

describe('Beijing time', () => {
  test('writes an instant as YYYY-MM-DD HH:mm:ss eight hours ahead of UTC, across midnight and the year', () => {
    expect(formatBeijingTime('2026-03-01T04:05:06.789Z')).toBe('2026-03-01 12:05:06');
    expect(formatBeijingTime(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01 00:00:00');
    expect(formatBeijingTime('2026-07-01T15:59:59Z')).toBe('2026-07-01 23:59:59');
  });
});
