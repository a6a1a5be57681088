import { escapeHtml } from '../escape.ts';
import { type ComponentRenderer, componentAnchor } from '../portal-context.ts';
import { colorOf, styleAttr } from './parts.ts';

/**
 * elevator: a bar that stays at the top and jumps to the components its anchors name. The jumps are plain anchors
 * (the page scrolls smoothly in CSS); no script.
 */
export const renderElevator: ComponentRenderer<'elevator'> = (component) => {
  if (component.anchors.length === 0) return '';
  const links = component.anchors
    .map((anchor) => `<a href="#${componentAnchor(anchor.componentId)}">${escapeHtml(anchor.title)}</a>`)
    .join('');
  return `<nav class="p-elevator"${styleAttr({ '--active': colorOf(component.activeColor) })}>${links}</nav>`;
};
