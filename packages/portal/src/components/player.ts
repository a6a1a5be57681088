import { WATCH_PATH } from '@yanbo/contracts/constants';
import { escapeHtml } from '../escape.ts';
import { type ComponentRenderer, integer, PICTURE_KEYS, text } from '../portal-data.ts';
import { PORTAL_TEXTS } from '../portal-texts.ts';
import { activityBadge, pictureTag } from './activity-card.ts';

/**
 * player: one activity's poster with a play button, opening its watch page (where the live plays with its gates:
 * watch code, registration, payment); the poster is the component's own picture or the activity's cover.
 */
export const renderPlayer: ComponentRenderer = (fields, ctx) => {
  const activityId = integer(fields, 'activityId') ?? integer(fields, 'id');
  const activity = activityId !== null ? ctx.activity(activityId) : undefined;
  if (!activity) return '';
  const poster = text(fields, ['poster', ...PICTURE_KEYS], 2000) || activity.cover;
  const title = escapeHtml(text(fields, ['title'], 60) || activity.name);
  return `<a class="p-player" href="${WATCH_PATH}/${activity.id}" data-activity-id="${activity.id}">${pictureTag(poster, 'poster', activity.name)}${activityBadge(activity)}<span class="play" aria-hidden="true"></span><span class="player-bar"><strong>${title}</strong><span class="watch">${PORTAL_TEXTS.watchNow}</span></span></a>`;
};
