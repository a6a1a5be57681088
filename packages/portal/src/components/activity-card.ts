import { type ActivityCard, activityWatchPath, uploadedFileUrl } from '@yanbo/contracts';
import { escapeHtml, safeSrc } from '../escape.ts';
import { PORTAL_TEXTS } from '../portal-texts.ts';
import { pictureTag } from './parts.ts';

// The card every activity list on a page is made of: its cover, a state badge (直播中 while it pushes) and its name,
// linking to its watch page. data-search carries the name for the search component's filter.

export type ActivityLayout = 'list' | 'grid' | 'big' | 'scroll';

export function activityBadge(card: ActivityCard): string {
  if (card.isPushing) return `<span class="badge live">${PORTAL_TEXTS.live}</span>`;
  if (card.type === 'video') return `<span class="badge">${PORTAL_TEXTS.video}</span>`;
  if (card.progress === 'NotStart') return `<span class="badge">${PORTAL_TEXTS.notStarted}</span>`;
  if (card.progress === 'Ended') return `<span class="badge">${PORTAL_TEXTS.ended}</span>`;
  return '';
}

export function activityCover(card: ActivityCard, className = 'cover'): string {
  return pictureTag(card.cover ? safeSrc(uploadedFileUrl(card.cover)) : null, className, card.name);
}

export function activityCardHtml(card: ActivityCard, showViewers: boolean): string {
  const name = escapeHtml(card.name);
  const viewers = showViewers ? `<small>${card.pv} ${PORTAL_TEXTS.views}</small>` : '';
  return `<a class="card" href="${activityWatchPath(card.id)}" data-activity-id="${card.id}" data-search="${name}"><span class="thumb">${activityCover(card)}${activityBadge(card)}</span><span class="card-name">${name}${viewers}</span></a>`;
}

export function activityList(cards: readonly ActivityCard[], layout: ActivityLayout, showViewers = false): string {
  if (cards.length === 0) return `<p class="empty">${PORTAL_TEXTS.noActivities}</p>`;
  return `<div class="cards ${layout}">${cards.map((card) => activityCardHtml(card, showViewers)).join('')}</div>`;
}
