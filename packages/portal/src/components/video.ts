import { escapeHtml, safeSrc } from '../escape.ts';
import { type ComponentRenderer, PICTURE_KEYS, text } from '../portal-data.ts';
import { sectionTitle } from './activity-card.ts';

/** video: a video file played in place; nothing is fetched before the viewer presses play. */
export const renderVideo: ComponentRenderer = (fields) => {
  const src = safeSrc(text(fields, ['videoUrl', 'video', 'src', 'url'], 2000));
  if (!src) return '';
  const poster = safeSrc(text(fields, ['poster', ...PICTURE_KEYS.filter((key) => key !== 'src')], 2000));
  const posterAttr = poster ? ` poster="${escapeHtml(poster)}"` : '';
  return `${sectionTitle(text(fields, ['title', 'name'], 30))}<video class="p-video" src="${escapeHtml(src)}"${posterAttr} controls playsinline preload="none"></video>`;
};
