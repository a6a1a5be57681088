import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { rangeToTimes } from './expense-rules';

describe('rangeToTimes', () => {
  it('spans whole days, and leaves an open end out', () => {
    const start = dayjs('2026-03-01T15:20:00');
    const end = dayjs('2026-03-05T08:00:00');
    const times = rangeToTimes([start, end]);
    expect(times.startTime).toBe(dayjs('2026-03-01T00:00:00').toISOString());
    expect(times.endTime).toBe(dayjs('2026-03-05T23:59:59.999').toISOString());
    expect(rangeToTimes(null)).toEqual({ startTime: undefined, endTime: undefined });
    expect(rangeToTimes([start, null])).toEqual({ startTime: times.startTime, endTime: undefined });
  });
});
