import { activityWatchPath } from '@yanbo/contracts';
import { escapeHtml } from '../escape.ts';
import type { ComponentRenderer } from '../portal-context.ts';
import { activityBadge, activityCover } from './activity-card.ts';
import { pictureTag, sectionTitle } from './parts.ts';

/** video: a recorded activity shown with its cover and a play button; tapping it opens its watch page. */
export const renderVideo: ComponentRenderer<'video'> = (component, ctx) => {
  const card = ctx.activity(component.activityId);
  if (!card) return '';
  const cover = ctx.picture(component.cover);
  const poster = cover ? pictureTag(cover, 'poster', card.name) : activityCover(card, 'poster');
  return `${sectionTitle(component.title)}<a class="p-video" href="${activityWatchPath(card.id)}" data-activity-id="${card.id}" data-search="${escapeHtml(card.name)}">${poster}${activityBadge(card)}<span class="play" aria-hidden="true"></span><span class="video-name">${escapeHtml(card.name)}</span></a>`;
};
