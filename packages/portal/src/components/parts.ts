import { escapeHtml } from '../escape.ts';

// Small pieces every component uses: a picture (lazy-loaded, or a blank of the same size), a section title, a link
// around some HTML, and a style attribute made only of colours and sizes that were checked.

export function pictureTag(src: string | null, className: string, alt = ''): string {
  return src
    ? `<img class="${className}" src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" loading="lazy" decoding="async">`
    : `<span class="${className} blank"></span>`;
}

export const sectionTitle = (title: string): string => (title ? `<h2 class="title">${escapeHtml(title)}</h2>` : '');

/** `<a href>` around inner when there is somewhere to go, else the same in a plain element. */
export function linkOrBlock(href: string | null, className: string, inner: string, tag = 'div'): string {
  return href
    ? `<a class="${className}" href="${escapeHtml(href)}">${inner}</a>`
    : `<${tag} class="${className}">${inner}</${tag}>`;
}

/** A colour an agent chose, kept only as #rgb … #rrggbbaa (it goes into a style attribute). */
export const colorOf = (value: string | undefined): string => (value && /^#[0-9a-f]{3,8}$/i.test(value) ? value : '');

/** ` style="…"` from checked declarations; the empty ones are left out. */
export function styleAttr(declarations: Record<string, string>): string {
  const style = Object.entries(declarations)
    .filter(([, value]) => value !== '')
    .map(([property, value]) => `${property}:${value}`)
    .join(';');
  return style ? ` style="${escapeHtml(style)}"` : '';
}
