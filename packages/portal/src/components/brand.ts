import { escapeHtml } from '../escape.ts';
import type { ComponentRenderer } from '../portal-context.ts';
import { colorOf, linkOrBlock, pictureTag, styleAttr } from './parts.ts';

/** brand: the organiser's logo, name and a few lines about it. */
export const renderBrand: ComponentRenderer<'brand'> = (component, ctx) => {
  if (!component.name && !component.description && !component.logo) return '';
  const inner = `${pictureTag(ctx.picture(component.logo), 'brand-logo', component.name)}<span class="brand-body"><strong>${escapeHtml(component.name)}</strong>${component.description ? `<span>${escapeHtml(component.description)}</span>` : ''}</span>`;
  const block = linkOrBlock(ctx.href(component.link), 'p-brand', inner);
  const background = colorOf(component.backgroundColor);
  return background ? `<div${styleAttr({ background })} class="brand-wrap">${block}</div>` : block;
};
