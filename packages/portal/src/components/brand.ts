import { escapeHtml, hrefAttr } from '../escape.ts';
import { type ComponentRenderer, LINK_KEYS, PICTURE_KEYS, text } from '../portal-data.ts';
import { pictureTag } from './activity-card.ts';

/** brand: the organiser's logo, name and a few lines about it. */
export const renderBrand: ComponentRenderer = (fields) => {
  const name = text(fields, ['name', 'title', 'brandName'], 40);
  const about = text(fields, ['description', 'desc', 'text', 'content'], 500);
  const logo = text(fields, ['logo', ...PICTURE_KEYS], 2000);
  if (!name && !about && !logo) return '';
  const link = hrefAttr(text(fields, LINK_KEYS, 2000));
  const inner = `${pictureTag(logo, 'brand-logo', name)}<span class="brand-body"><strong>${escapeHtml(name)}</strong>${about ? `<span>${escapeHtml(about)}</span>` : ''}</span>`;
  return link ? `<a class="p-brand"${link}>${inner}</a>` : `<div class="p-brand">${inner}</div>`;
};
