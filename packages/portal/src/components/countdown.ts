import { formatBeijingTime } from '@yanbo/contracts/beijing-time';
import { escapeHtml } from '../escape.ts';
import type { ComponentRenderer } from '../portal-context.ts';
import { PORTAL_TEXTS } from '../portal-texts.ts';
import { colorOf, pictureTag, styleAttr } from './parts.ts';

/**
 * countdown: the days, hours, minutes and seconds left until a time (the page's script ticks them every second, and
 * shows the ended text once it passes); without the script the time itself is shown, in Beijing time.
 */
export const renderCountdown: ComponentRenderer<'countdown'> = (component, ctx) => {
  const target = component.targetAt ? Date.parse(component.targetAt) : Number.NaN;
  if (!Number.isFinite(target)) return '';
  const label = escapeHtml(component.title || PORTAL_TEXTS.countdownDefault);
  const ended = escapeHtml(component.endedText || PORTAL_TEXTS.countdownEnded);
  const unit = (key: string, word: string) => `<b data-unit="${key}">--</b><span>${word}</span>`;
  const background = ctx.picture(component.backgroundImage);
  const style = styleAttr({ color: colorOf(component.textColor), background: colorOf(component.backgroundColor) });
  return `<div class="p-countdown" data-to="${target}" data-done="${ended}"${style}>${background ? pictureTag(background, 'countdown-bg') : ''}<span class="cd-label">${label}</span><span class="cd-time">${unit('d', PORTAL_TEXTS.countdownDays)}${unit('h', PORTAL_TEXTS.countdownHours)}${unit('m', PORTAL_TEXTS.countdownMinutes)}${unit('s', PORTAL_TEXTS.countdownSeconds)}</span><time datetime="${new Date(target).toISOString()}">${formatBeijingTime(new Date(target)).slice(0, 16)}</time></div>`;
};
