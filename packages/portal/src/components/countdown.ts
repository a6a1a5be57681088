import { formatBeijingTime } from '@yanbo/contracts/beijing-time';
import { escapeHtml } from '../escape.ts';
import { type ComponentRenderer, text } from '../portal-data.ts';
import { PORTAL_TEXTS } from '../portal-texts.ts';

/**
 * countdown: the days, hours, minutes and seconds left until a time (the page's script ticks them every second);
 * without the script the target time itself is shown.
 */
export const renderCountdown: ComponentRenderer = (fields) => {
  const target = Date.parse(text(fields, ['time', 'endTime', 'targetTime', 'startTime', 'date', 'endedAt'], 40));
  if (!Number.isFinite(target)) return '';
  const label = escapeHtml(text(fields, ['title', 'text', 'name'], 40) || PORTAL_TEXTS.countdownDefault);
  const unit = (key: string, word: string) => `<b data-unit="${key}">--</b><span>${word}</span>`;
  return `<div class="p-countdown" data-to="${target}" data-done="${PORTAL_TEXTS.countdownEnded}"><span class="cd-label">${label}</span><span class="cd-time">${unit('d', PORTAL_TEXTS.countdownDays)}${unit('h', PORTAL_TEXTS.countdownHours)}${unit('m', PORTAL_TEXTS.countdownMinutes)}${unit('s', PORTAL_TEXTS.countdownSeconds)}</span><time datetime="${new Date(target).toISOString()}">${formatBeijingTime(new Date(target)).slice(0, 16)}</time></div>`;
};
