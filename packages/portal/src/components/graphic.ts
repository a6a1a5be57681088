import { escapeHtml, hrefAttr } from '../escape.ts';
import { type ComponentRenderer, list, PICTURE_KEYS, text } from '../portal-data.ts';
import { pictureTag, sectionTitle } from './activity-card.ts';
import { slideLink } from './banner.ts';

/**
 * graphic: pictures with text (图文), one entry or a menu of them, a picture beside its title and text. The text is
 * shown as written (line breaks kept), never as HTML.
 */
export const renderGraphic: ComponentRenderer = (fields) => {
  const entries = list(fields, 'menuArr', 20);
  const items = (entries.length ? entries : [fields]).filter((entry) =>
    [text(entry, ['title', 'name']), text(entry, ['text', 'content', 'description']), text(entry, PICTURE_KEYS)].some(
      Boolean,
    ),
  );
  const html = items
    .map((entry) => {
      const title = text(entry, ['title', 'name'], 60);
      const body = text(entry, ['text', 'content', 'description', 'desc'], 2000);
      const picture = text(entry, PICTURE_KEYS, 2000);
      const href = hrefAttr(slideLink(entry));
      const inner = `${picture ? pictureTag(picture, 'graphic-img', title) : ''}<span class="graphic-body">${title ? `<strong>${escapeHtml(title)}</strong>` : ''}${body ? `<span class="graphic-text">${escapeHtml(body)}</span>` : ''}</span>`;
      return href ? `<a class="graphic"${href}>${inner}</a>` : `<div class="graphic">${inner}</div>`;
    })
    .join('');
  return entries.length ? `${sectionTitle(text(fields, ['title', 'name'], 30))}${html}` : html;
};
