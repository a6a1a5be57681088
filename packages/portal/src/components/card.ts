import { escapeHtml, hrefAttr } from '../escape.ts';
import { type ComponentRenderer, PICTURE_KEYS, text } from '../portal-data.ts';
import { pictureTag } from './activity-card.ts';
import { slideLink } from './banner.ts';

/** card: one picture with a title and a line of text, the whole a link. */
export const renderCard: ComponentRenderer = (fields) => {
  const title = text(fields, ['title', 'name'], 40);
  const body = text(fields, ['text', 'description', 'desc', 'content'], 200);
  const picture = text(fields, PICTURE_KEYS, 2000);
  const inner = `${picture ? pictureTag(picture, 'card-img', title) : ''}<span class="card-body"><strong>${escapeHtml(title)}</strong>${body ? `<span>${escapeHtml(body)}</span>` : ''}</span>`;
  return `<a class="p-card"${hrefAttr(slideLink(fields))}>${inner}</a>`;
};
