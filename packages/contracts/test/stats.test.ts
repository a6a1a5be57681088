import { describe, expect, it } from 'vitest';
import {
  addDays,
  bucketOf,
  rangeDays,
  rangeInstants,
  STATS_DEFAULT_RANGE_DAYS,
  statsRange,
  statsRangeQuery,
  statsToday,
  timelineInterval,
} from '../src/stats.ts';

describe('statistics date range', () => {
  it('defaults to the last 89 days up to today, today being the Shanghai calendar day', () => {
    // 2026-03-01 17:30 UTC is already 2 March in Shanghai.
    const now = new Date('2026-03-01T17:30:00Z');
    expect(statsToday(now)).toBe('2026-03-02');
    expect(statsRange({}, now)).toEqual({
      startTime: addDays('2026-03-02', -STATS_DEFAULT_RANGE_DAYS),
      endTime: '2026-03-02',
    });
    expect(statsRange({}, now).startTime).toBe('2025-12-03');
    expect(statsRange({ endTime: '2026-01-31' }, now)).toEqual({ startTime: '2025-11-03', endTime: '2026-01-31' });
    expect(statsRange({ startTime: '2026-02-01' }, now)).toEqual({ startTime: '2026-02-01', endTime: '2026-03-02' });
    expect(statsToday(new Date('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
  });

  it('covers whole Shanghai days: from the first midnight to the midnight after the last day', () => {
    expect(rangeInstants({ startTime: '2026-03-01', endTime: '2026-03-01' })).toEqual({
      from: '2026-02-28T16:00:00.000Z',
      to: '2026-03-01T16:00:00.000Z',
    });
    expect(rangeDays('2026-02-27', '2026-03-01')).toBe(3);
    expect(rangeDays('2024-01-01', '2024-12-31')).toBe(366);
  });

  it('validates the range: real dates, end not before start, at most 366 days', () => {
    const fieldOf = (query: object) => statsRangeQuery.safeParse(query).error?.issues[0]?.path[0];
    expect(fieldOf({ startTime: '2026-03-02', endTime: '2026-03-01' })).toBe('endTime');
    expect(fieldOf({ startTime: '2024-01-01', endTime: '2024-12-31' })).toBeUndefined();
    expect(fieldOf({ startTime: '2024-01-01', endTime: '2025-01-01' })).toBe('startTime');
    expect(fieldOf({ startTime: '2026-02-29', endTime: '2026-03-01' })).toBe('startTime');
    expect(fieldOf({ endTime: '2026/03/01' })).toBe('endTime');
  });
});

describe('statistics time buckets', () => {
  it('draws up to two days per hour and longer ranges per day', () => {
    expect(timelineInterval({ startTime: '2026-03-01', endTime: '2026-03-01' })).toBe('hour');
    expect(timelineInterval({ startTime: '2026-03-01', endTime: '2026-03-02' })).toBe('hour');
    expect(timelineInterval({ startTime: '2026-03-01', endTime: '2026-03-03' })).toBe('day');
  });

  it('labels an instant by its Shanghai day or hour', () => {
    const late = new Date('2026-03-01T16:30:00Z');
    expect(bucketOf(late, 'day')).toBe('2026-03-02');
    expect(bucketOf(late, 'hour')).toBe('2026-03-02 00:00');
    expect(bucketOf(new Date('2026-03-01T15:59:00Z'), 'hour')).toBe('2026-03-01 23:00');
  });
});
