import { activityWatchPath } from '@yanbo/contracts';
import { escapeHtml } from '../escape.ts';
import type { ComponentRenderer } from '../portal-context.ts';
import { PORTAL_TEXTS } from '../portal-texts.ts';
import { activityBadge, activityCover } from './activity-card.ts';

/**
 * player: an activity's player in the page: its poster with the live badge and a play button, opening its watch page,
 * where the stream plays behind the activity's own gates (watch code, registration, payment) — a phone loads no
 * player until the viewer asks for it.
 */
export const renderPlayer: ComponentRenderer<'player'> = (component, ctx) => {
  const card = ctx.activity(component.activityId);
  if (!card) return '';
  const action = card.isPushing ? PORTAL_TEXTS.watchLive : PORTAL_TEXTS.watchNow;
  return `<a class="p-player" href="${activityWatchPath(card.id)}" data-activity-id="${card.id}">${activityCover(card, 'poster')}${activityBadge(card)}<span class="play" aria-hidden="true"></span><span class="player-bar"><strong>${escapeHtml(card.name)}</strong><span class="watch">${action}</span></span></a>`;
};
