import { escapeHtml } from '../escape.ts';
import type { ComponentRenderer } from '../portal-context.ts';
import { colorOf, styleAttr } from './parts.ts';

/** slogan: a line of text, aligned, sized and coloured as the agent chose. */
export const renderSlogan: ComponentRenderer<'slogan'> = (component) => {
  if (!component.text) return '';
  const style = styleAttr({
    'text-align': component.align,
    'font-size': `${component.fontSize}px`,
    color: colorOf(component.textColor),
    background: colorOf(component.backgroundColor),
  });
  return `<p class="p-slogan"${style}>${escapeHtml(component.text)}</p>`;
};
