import { escapeHtml } from '../escape.ts';
import type { ComponentRenderer } from '../portal-context.ts';
import { linkOrBlock, pictureTag } from './parts.ts';

/**
 * banner: a carousel of pictures (menuArr), each a link. The page's script turns it every autoTimer ms (seed 001 §9:
 * 3000 unless the agent chose otherwise); its pagination is dots, a number, a line or nothing.
 */
export const renderBanner: ComponentRenderer<'banner'> = (component, ctx) => {
  const slides = component.menuArr.flatMap((item) => {
    const src = ctx.picture(item.image);
    if (!src) return [];
    const caption = item.title ? `<span class="caption">${escapeHtml(item.title)}</span>` : '';
    return [linkOrBlock(ctx.href(item.link), 'slide', `${pictureTag(src, 'slide-img', item.title)}${caption}`)];
  });
  if (slides.length === 0) return '';
  const pagination =
    slides.length > 1 && component.paginationStyle !== 'none'
      ? `<span class="pager ${component.paginationStyle}">${
          component.paginationStyle === 'number'
            ? `<b>1</b>/${slides.length}`
            : slides.map((_, index) => `<i${index === 0 ? ' class="on"' : ''}></i>`).join('')
        }</span>`
      : '';
  return `<div class="p-banner ${component.showType}" data-auto="${component.autoTimer}"><div class="track">${slides.join('')}</div>${pagination}</div>`;
};
