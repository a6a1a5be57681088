import { escapeHtml } from '../escape.ts';
import type { ComponentRenderer } from '../portal-context.ts';
import { linkOrBlock, pictureTag } from './parts.ts';

/**
 * graphic: a picture with a title and text (图文), the picture above, left or right of the text. The text is shown as
 * written, line breaks kept, never read as HTML.
 */
export const renderGraphic: ComponentRenderer<'graphic'> = (component, ctx) => {
  const picture = ctx.picture(component.image);
  if (!picture && !component.title && !component.content) return '';
  const body = `<span class="graphic-body">${component.title ? `<strong>${escapeHtml(component.title)}</strong>` : ''}${component.content ? `<span class="graphic-text">${escapeHtml(component.content)}</span>` : ''}</span>`;
  const inner = `${picture ? pictureTag(picture, 'graphic-img', component.title) : ''}${body}`;
  return linkOrBlock(ctx.href(component.link), `p-graphic ${component.imagePosition}`, inner);
};
