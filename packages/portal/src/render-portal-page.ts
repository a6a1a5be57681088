import type { PageComponent, PageConfig, PageData } from '@yanbo/contracts';
import { COMPONENT_RENDERERS } from './components/index.ts';
import { colorOf, pictureTag, styleAttr } from './components/parts.ts';
import { escapeHtml, safeHref } from './escape.ts';
import {
  type ComponentRenderer,
  componentAnchor,
  type PortalContext,
  type PortalOptions,
  type PortalResolved,
  portalContext,
} from './portal-context.ts';
import { portalScript } from './portal-script.ts';
import { PORTAL_STYLE } from './portal-style.ts';
import { PORTAL_TEXTS } from './portal-texts.ts';

function head(name: string, config: PageConfig, ctx: PortalContext, options: PortalOptions): string {
  const { share } = config;
  const title = share.title || name;
  const picture = ctx.picture(share.imgUrl);
  const icon = ctx.picture(config.icon);
  const base = safeHref(options.baseUrl);
  return [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
    `<title>${escapeHtml(name)}</title>`,
    base ? `<base href="${escapeHtml(base)}">` : '',
    icon ? `<link rel="icon" href="${escapeHtml(icon)}">` : '',
    share.description ? `<meta name="description" content="${escapeHtml(share.description)}">` : '',
    '<meta property="og:type" content="website">',
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    share.description ? `<meta property="og:description" content="${escapeHtml(share.description)}">` : '',
    picture ? `<meta property="og:image" content="${escapeHtml(picture)}">` : '',
    '<meta name="theme-color" content="#1677ff">',
    `<style>${PORTAL_STYLE}</style>`,
  ]
    .filter(Boolean)
    .join('\n');
}

function bottomNav(resolved: PortalResolved, ctx: PortalContext): string {
  const nav = resolved.bottomNav;
  if (!nav.enabled || nav.items.length === 0) return '';
  const links = nav.items
    .map((item, index) => {
      const href = ctx.href(item.link);
      const inner = `${item.icon ? pictureTag(ctx.picture(item.icon), 'nav-icon') : ''}<span>${escapeHtml(item.title)}</span>`;
      const current = index === 0 ? ' class="on"' : '';
      return href ? `<a href="${escapeHtml(href)}"${current}>${inner}</a>` : `<span${current}>${inner}</span>`;
    })
    .join('');
  const style = styleAttr({ '--nav': colorOf(nav.color), '--nav-on': colorOf(nav.activeColor) });
  return `<nav class="bottom-nav"${style}>${links}</nav>`;
}

function section(component: PageComponent, ctx: PortalContext): string {
  const render = COMPONENT_RENDERERS[component.type] as ComponentRenderer<typeof component.type> | undefined;
  const html = render ? render(component, ctx) : '';
  return html
    ? `<section class="block block-${component.type}" id="${componentAnchor(component.id)}">${html}</section>`
    : '';
}

/**
 * A portal page (seed 001 §3 "Page", "Portal components") as one self-contained HTML document: inline style, a few
 * hundred bytes of inline script when a banner, countdown or search needs it, no framework. Every string the agent
 * wrote is escaped and every address kept only when http(s) or a path of this site. The same input gives the same
 * document, so the public page's ETag holds until something on it changes.
 */
export function renderPortalPage(
  name: string,
  data: PageData,
  resolved: PortalResolved,
  options: PortalOptions = {},
): string {
  const ctx = portalContext(resolved);
  const blocks = data.components.map((component) => section(component, ctx)).filter(Boolean);
  const types = new Set(data.components.map((component) => component.type));
  const nav = bottomNav(resolved, ctx);
  const classes = [
    options.viewport === 'mobile' ? 'vp-mobile' : options.viewport === 'desktop' ? 'vp-desktop' : '',
    nav ? 'has-nav' : '',
  ].filter(Boolean);
  const background = styleAttr({ background: colorOf(data.config.backgroundColor) });
  return `<!doctype html>
<html lang="zh-CN">
<head>
${head(name, data.config, ctx, options)}
</head>
<body${classes.length ? ` class="${classes.join(' ')}"` : ''}>
<main class="portal"${background}>
${blocks.join('\n') || `<p class="portal-empty">${PORTAL_TEXTS.emptyPage}</p>`}
</main>
${nav}${portalScript(types, data.config.carouselType)}
</body>
</html>`;
}
