import type { Dayjs } from 'dayjs';

/** A picked day range as the query's startTime/endTime: from the first day's start to the last day's end. */
export function rangeToTimes(range: [Dayjs | null, Dayjs | null] | null): { startTime?: string; endTime?: string } {
  const [start, end] = range ?? [null, null];
  return {
    startTime: start ? start.startOf('day').toISOString() : undefined,
    endTime: end ? end.endOf('day').toISOString() : undefined,
  };
}
