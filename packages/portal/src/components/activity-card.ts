import { WATCH_PATH } from '@yanbo/contracts/constants';
import { escapeHtml, safeSrc } from '../escape.ts';
import type { PortalActivity } from '../portal-data.ts';
import { PORTAL_TEXTS } from '../portal-texts.ts';

// The card every activity list on a page is made of: its cover, a state badge (直播中 while it pushes) and its name,
// linking to its watch page. data-search carries the name for the search component's filter.

export function activityBadge(activity: PortalActivity): string {
  if (activity.isPushing) return `<span class="badge live">${PORTAL_TEXTS.live}</span>`;
  if (activity.type === 'video') return `<span class="badge">${PORTAL_TEXTS.video}</span>`;
  if (activity.progress === 'NotStart') return `<span class="badge">${PORTAL_TEXTS.notStarted}</span>`;
  if (activity.progress === 'Ended') return `<span class="badge">${PORTAL_TEXTS.ended}</span>`;
  return '';
}

export function pictureTag(src: unknown, className: string, alt = ''): string {
  const safe = safeSrc(src);
  return safe
    ? `<img class="${className}" src="${escapeHtml(safe)}" alt="${escapeHtml(alt)}" loading="lazy" decoding="async">`
    : `<span class="${className} blank"></span>`;
}

export function activityCard(activity: PortalActivity): string {
  const name = escapeHtml(activity.name);
  return `<a class="card" href="${WATCH_PATH}/${activity.id}" data-activity-id="${activity.id}" data-search="${name}"><span class="thumb">${pictureTag(activity.cover, 'cover')}${activityBadge(activity)}</span><span class="card-name">${name}</span></a>`;
}

export function activityGrid(activities: readonly PortalActivity[]): string {
  if (activities.length === 0) return `<p class="empty">${PORTAL_TEXTS.noActivities}</p>`;
  return `<div class="grid">${activities.map(activityCard).join('')}</div>`;
}

export const sectionTitle = (title: string): string => (title ? `<h2 class="title">${escapeHtml(title)}</h2>` : '');
