import { escapeHtml } from '../escape.ts';
import type { ComponentRenderer } from '../portal-context.ts';
import { colorOf, pictureTag, styleAttr } from './parts.ts';

/** header: the page's top bar, a logo with a title and a subtitle, on its colour or its picture. */
export const renderHeader: ComponentRenderer<'header'> = (component, ctx) => {
  const background = ctx.picture(component.backgroundImage);
  const logo = ctx.picture(component.logo);
  const style = styleAttr({ background: colorOf(component.backgroundColor), color: colorOf(component.textColor) });
  return `<div class="p-header"${style}>${background ? pictureTag(background, 'header-bg') : ''}${logo ? pictureTag(logo, 'logo') : ''}<span class="head-text"><strong>${escapeHtml(component.title)}</strong>${component.subtitle ? `<small>${escapeHtml(component.subtitle)}</small>` : ''}</span></div>`;
};
