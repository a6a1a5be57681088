// The console shows times in Beijing time; files people open in Excel must say the same (issue 8: the order CSV
// wrote UTC ISO times). China has no daylight saving, but the zone is named rather than +8 hard-wired.

const BEIJING = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant as `YYYY-MM-DD HH:mm:ss` in Asia/Shanghai. */
export function formatBeijingTime(instant: Date | string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const part = Object.fromEntries(BEIJING.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}
