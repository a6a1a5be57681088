import { WATCH_PATH } from '@yanbo/contracts/constants';
import { escapeHtml, hrefAttr } from '../escape.ts';
import { type ComponentRenderer, type Fields, integer, LINK_KEYS, list, PICTURE_KEYS, text } from '../portal-data.ts';
import { pictureTag } from './activity-card.ts';

/** Seed 001 §9: the banner turns every 3000 ms unless the component says otherwise. */
export const BANNER_AUTO_TIMER_MS = 3000;

/** A slide's link: its own, or the watch page of the activity it names. */
export function slideLink(entry: Fields): string {
  const activityId = integer(entry, 'activityId');
  return text(entry, LINK_KEYS, 2000) || (activityId !== null && activityId > 0 ? `${WATCH_PATH}/${activityId}` : '');
}

/** banner: a carousel of pictures (menuArr), each a link; the page's script turns it every autoTimer ms. */
export const renderBanner: ComponentRenderer = (fields) => {
  const slides = list(fields, 'menuArr', 10).filter((entry) => text(entry, PICTURE_KEYS, 2000));
  if (slides.length === 0) return '';
  const timer = integer(fields, 'autoTimer');
  const autoTimer = timer !== null && timer >= 1000 && timer <= 60_000 ? timer : BANNER_AUTO_TIMER_MS;
  const items = slides
    .map((entry) => {
      const title = text(entry, ['title', 'name'], 60);
      const href = hrefAttr(slideLink(entry));
      const caption = title ? `<span class="caption">${escapeHtml(title)}</span>` : '';
      return `<a class="slide"${href}>${pictureTag(text(entry, PICTURE_KEYS, 2000), 'slide-img', title)}${caption}</a>`;
    })
    .join('');
  const dots = slides.length > 1 ? `<span class="dots">${slides.map(() => '<i></i>').join('')}</span>` : '';
  return `<div class="p-banner" data-auto="${autoTimer}"><div class="track">${items}</div>${dots}</div>`;
};
