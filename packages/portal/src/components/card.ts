import { escapeHtml } from '../escape.ts';
import type { ComponentRenderer } from '../portal-context.ts';
import { colorOf, linkOrBlock, pictureTag, styleAttr } from './parts.ts';

/** card: one to three cards a row, each a picture with a title and a line of text, the whole a link. */
export const renderCard: ComponentRenderer<'card'> = (component, ctx) => {
  if (component.items.length === 0) return '';
  const items = component.items
    .map((item) => {
      const picture = ctx.picture(item.image);
      const inner = `${picture ? pictureTag(picture, 'card-img', item.title) : ''}<span class="card-body"><strong>${escapeHtml(item.title)}</strong>${item.description ? `<span>${escapeHtml(item.description)}</span>` : ''}</span>`;
      return linkOrBlock(ctx.href(item.link), 'p-card', inner);
    })
    .join('');
  const style = styleAttr({ '--cols': String(component.columns), background: colorOf(component.backgroundColor) });
  return `<div class="p-cards"${style}>${items}</div>`;
};
