import type { MenuEntry } from '@yanbo/contracts';
import { escapeHtml } from '../escape.ts';
import type { PortalContext } from '../portal-context.ts';
import { linkOrBlock, pictureTag, styleAttr } from './parts.ts';

// The navigations (mobilesNav, sudokuNav) are grids of menu entries, an icon over a title, each leading to its
// address or to the first of the activities it names.

export function navItems(
  componentId: string,
  entries: readonly MenuEntry[],
  ctx: PortalContext,
  icons: { show: boolean; shape: string },
): string {
  return entries
    .map((entry, index) => {
      const icon = icons.show ? pictureTag(ctx.picture(entry.icon), `nav-icon ${icons.shape}`) : '';
      const inner = `${icon}<span>${escapeHtml(entry.title)}</span>`;
      return linkOrBlock(ctx.menuHref(componentId, index, entry.url), 'nav-item', inner);
    })
    .join('');
}

export const navStyle = (columns: number, background = ''): string =>
  styleAttr({ '--cols': String(columns), background });
