import { describe, expect, it } from 'vitest';
import { dayLines } from './day-lines';

const range = { startTime: '2026-11-01', endTime: '2026-11-26' };
const axis = (option: ReturnType<typeof dayLines>) => (option.xAxis as { data: string[] }).data;
const values = (option: ReturnType<typeof dayLines>) => (option.series as { data: number[] }[])[0]?.data;

describe('per-day lines', () => {
  it('draws a week at least: one busy day rises from the empty days before it', () => {
    const option = dayLines(range, [{ date: '2026-11-26', n: 3 }], [{ name: 'n', value: (day) => day.n }]);
    expect(axis(option)).toEqual(['11-20', '11-21', '11-22', '11-23', '11-24', '11-25', '11-26']);
    expect(values(option)).toEqual([0, 0, 0, 0, 0, 0, 3]);
  });

  it('never pads before the range starts, and leaves a week or more as the server gave it', () => {
    const short = { startTime: '2026-11-24', endTime: '2026-11-26' };
    const option = dayLines(short, [{ date: '2026-11-25', n: 1 }], [{ name: 'n', value: (day) => day.n }]);
    expect(axis(option)).toEqual(['11-24', '11-25']);
    const week = Array.from({ length: 8 }, (_, i) => ({ date: `2026-11-${String(19 + i).padStart(2, '0')}`, n: i }));
    expect(axis(dayLines(range, week, [{ name: 'n', value: (day) => day.n }]))).toHaveLength(8);
  });

  it('draws nothing for no days', () => {
    expect(axis(dayLines(range, [], [{ name: 'n', value: () => 0 }]))).toEqual([]);
  });
});
