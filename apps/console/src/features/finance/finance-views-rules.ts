import { fenToYuan } from '@yanbo/contracts';

// How the finance views write their figures: amounts come in fen (integers) and are shown in yuan; bytes and
// seconds of stream usage are shown in the unit that reads best.

/** ¥ and yuan with two decimals, signed when asked (the account detail's changes). */
export function yuan(fen: number, signed = false): string {
  const text = fenToYuan(Math.abs(fen));
  if (!signed) return fen < 0 ? `-${text}` : text;
  return `${fen < 0 ? '-' : '+'}${text}`;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → "1.50 KB", with 1024 to a step as the flux figures count GB. */
export function bytesText(bytes: number): string {
  let value = Math.abs(bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const sign = bytes < 0 ? '-' : '';
  return unit === 0 ? `${sign}${value} B` : `${sign}${value.toFixed(2)} ${UNITS[unit]}`;
}

/** 3725 → "1 小时 2 分 5 秒". */
export function secondsText(total: number): string {
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const parts = [
    hours ? `${hours} 小时` : '',
    minutes ? `${minutes} 分` : '',
    seconds || total === 0 ? `${seconds} 秒` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/** The current month in Beijing time, YYYY-MM (the statement's default). */
export function currentMonth(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 7);
}
