import { escapeHtml } from '../escape.ts';
import { type ComponentRenderer, text } from '../portal-data.ts';

/** A colour an agent chose, kept only as #rgb or #rrggbb (it goes into a style attribute). */
export const colorOf = (value: string): string => (/^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i.test(value) ? value : '');

/** slogan: a line of large text on the page's colour, or the colours the component names. */
export const renderSlogan: ComponentRenderer = (fields) => {
  const words = text(fields, ['text', 'title', 'content', 'slogan'], 120);
  if (!words) return '';
  const color = colorOf(text(fields, ['color', 'fontColor'], 10));
  const background = colorOf(text(fields, ['backgroundColor', 'background', 'bgColor'], 10));
  const style = [color && `color:${color}`, background && `background:${background}`].filter(Boolean).join(';');
  return `<p class="p-slogan"${style ? ` style="${style}"` : ''}>${escapeHtml(words)}</p>`;
};
