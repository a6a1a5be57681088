import { addDays, type StatsRange } from '@yanbo/contracts';
import type { EChartOption } from './echart';

const COLORS = ['#1677ff', '#bfbfbf', '#52c41a', '#eb2f96', '#faad14', '#13c2c2', '#722ed1'];

/** A chart shows at least this many days, so one busy day is a rise from the days before, not a lone dot. */
const MIN_DAYS = 7;

/** The days with empty ones before the first, up to MIN_DAYS, never before the range starts. */
function padDays<D extends { date: string }>(days: D[], range: StatsRange): D[] {
  const first = days[0];
  if (!first || days.length >= MIN_DAYS) return days;
  const zero = Object.fromEntries(Object.keys(first).map((key) => [key, 0]));
  const before: D[] = [];
  for (let date = addDays(first.date, -1); before.length + days.length < MIN_DAYS; date = addDays(date, -1)) {
    if (date < range.startTime) break;
    before.unshift({ ...zero, date } as D);
  }
  return [...before, ...days];
}

/**
 * Lines per day for the statistics tabs: one series per figure, the days as the server gives them (from the first day
 * with data to the end of the range, so a chart starts where the data does), a week at least.
 */
export function dayLines<D extends { date: string }>(
  range: StatsRange,
  given: D[],
  series: { name: string; value: (day: D) => number; dashed?: boolean }[],
  valueFormatter?: (value: number) => string,
): EChartOption {
  const days = padDays(given, range);
  return {
    color: COLORS,
    tooltip: { trigger: 'axis', ...(valueFormatter ? { valueFormatter } : {}) },
    legend: { top: 0, data: series.map((line) => line.name) },
    grid: { left: 48, right: 24, top: 40, bottom: 32 },
    xAxis: { type: 'category', boundaryGap: false, data: days.map((day) => day.date.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: series.map((line) => ({
      name: line.name,
      type: 'line',
      showSymbol: days.length <= 31,
      ...(line.dashed ? { lineStyle: { type: 'dashed' } } : {}),
      data: days.map(line.value),
    })),
  };
}
