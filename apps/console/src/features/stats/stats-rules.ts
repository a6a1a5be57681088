import { statsTexts as t } from '../../locales/zh-CN/stats';

/** Seconds as 1 小时 2 分 3 秒 (the parts that are not zero). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  const parts = [
    hours ? t['stats.duration.hours'](hours) : '',
    minutes ? t['stats.duration.minutes'](minutes) : '',
    rest ? t['stats.duration.seconds'](rest) : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' ') : t['stats.duration.zero'];
}

/** A part of a total as a percentage with one decimal; 0% of nothing. */
export function shareOf(part: number, total: number): string {
  return total > 0 ? `${((part / total) * 100).toFixed(1)}%` : '0.0%';
}

/** How a ditch row is named: its name, a deleted ditch by its sign, visits through no ditch said so. */
export function ditchLabel(row: { sign: string | null; name: string | null }): string {
  if (row.sign === null) return t['stats.referrer.noDitch'];
  return row.name ?? t['stats.referrer.deletedDitch'](row.sign);
}

/** A referring host, or 直接访问 for a visit without a referrer. */
export function hostLabel(host: string): string {
  return host || t['stats.referrer.direct'];
}
