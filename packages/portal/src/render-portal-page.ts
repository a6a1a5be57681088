import { COMPONENT_RENDERERS } from './components/index.ts';
import { escapeHtml, hrefAttr, safeHref, safeSrc } from './escape.ts';
import {
  anchorOf,
  type Fields,
  fieldsOf,
  PICTURE_KEYS,
  type PortalOptions,
  type PortalPageInput,
  type PortalResolved,
  portalContext,
  text,
} from './portal-data.ts';
import { portalScript } from './portal-script.ts';
import { PORTAL_STYLE } from './portal-style.ts';
import { PORTAL_TEXTS } from './portal-texts.ts';

/** A page holds at most this many components: the rest are not drawn (an unauthenticated page stays bounded). */
export const MAX_COMPONENTS = 100;

/**
 * The components in order, each with its type. The data's components are a list of typed entries, or (as seed 001
 * §3 names them: header, banner, mobilesNav, contents, slogan, graphic) an object keyed by type whose contents are a
 * list of typed entries.
 */
export function componentsOf(page: PortalPageInput): Fields[] {
  const source: unknown = page.components;
  const out: Fields[] = [];
  const add = (type: string, value: unknown) => {
    const fields = fieldsOf(value);
    out.push(typeof fields.type === 'string' ? fields : { ...fields, type });
  };
  if (Array.isArray(source)) {
    for (const entry of source) add('', entry);
  } else {
    for (const [key, value] of Object.entries(fieldsOf(source))) {
      if (Array.isArray(value)) for (const entry of value) add('', entry);
      else add(key, value);
    }
  }
  return out.slice(0, MAX_COMPONENTS);
}

function head(config: Fields, options: PortalOptions, title: string): string {
  const share = fieldsOf(config.share);
  const description = text(share, ['description', 'desc', 'content'], 200);
  const picture = safeSrc(text(share, PICTURE_KEYS, 2000));
  const icon = safeSrc(text(config, ['icon', 'favicon'], 2000));
  const base = safeHref(options.baseUrl);
  return [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
    `<title>${escapeHtml(title)}</title>`,
    base ? `<base href="${escapeHtml(base)}">` : '',
    icon ? `<link rel="icon" href="${escapeHtml(icon)}">` : '',
    description ? `<meta name="description" content="${escapeHtml(description)}">` : '',
    '<meta property="og:type" content="website">',
    `<meta property="og:title" content="${escapeHtml(text(share, 'title', 60) || title)}">`,
    description ? `<meta property="og:description" content="${escapeHtml(description)}">` : '',
    picture ? `<meta property="og:image" content="${escapeHtml(picture)}">` : '',
    '<meta name="theme-color" content="#1677ff">',
    `<style>${PORTAL_STYLE}</style>`,
  ]
    .filter(Boolean)
    .join('\n');
}

function bottomNav(resolved: PortalResolved): string {
  const items = (resolved.bottomNav ?? []).slice(0, 5).filter((item) => item.title && safeHref(item.link));
  if (items.length === 0) return '';
  const links = items
    .map(
      (item, index) =>
        `<a${hrefAttr(item.link)}${index === 0 ? ' class="on"' : ''}>${item.icon && safeSrc(item.icon) ? `<img class="nav-icon" src="${escapeHtml(safeSrc(item.icon) ?? '')}" alt="" loading="lazy">` : ''}<span>${escapeHtml(Array.from(item.title).slice(0, 8).join(''))}</span></a>`,
    )
    .join('');
  return `<nav class="bottom-nav">${links}</nav>`;
}

/**
 * A portal page (seed 001 §3 "Page", "Portal components") as one self-contained HTML document: inline style, a few
 * hundred bytes of inline script when a banner, countdown or search needs it, no framework. Every string the agent
 * wrote is escaped and every address kept only when http(s) or a path of this site.
 */
export function renderPortalPage(page: PortalPageInput, resolved: PortalResolved, options: PortalOptions = {}): string {
  const config = fieldsOf(page.config);
  const components = componentsOf(page);
  const ctx = portalContext(resolved, components);
  const types = new Set<string>();
  const blocks = components
    .map((component, index) => {
      const type = typeof component.type === 'string' ? component.type : '';
      const render = Object.hasOwn(COMPONENT_RENDERERS, type) ? COMPONENT_RENDERERS[type] : undefined;
      const html = render ? render(component, ctx, index) : '';
      if (!html) return '';
      types.add(type);
      return `<section class="block block-${type}" id="${anchorOf(index)}" data-type="${type}">${html}</section>`;
    })
    .join('\n');
  const header = components.find((component) => component.type === 'header');
  const title =
    text(config, ['title', 'name'], 60) ||
    text(fieldsOf(config.share), 'title', 60) ||
    (header ? text(header, ['title', 'name'], 60) : '') ||
    options.title ||
    PORTAL_TEXTS.pageTitle;
  const nav = bottomNav(resolved);
  const classes = [
    options.viewport === 'mobile' ? 'vp-mobile' : options.viewport === 'desktop' ? 'vp-desktop' : '',
    nav ? 'has-nav' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return `<!doctype html>
<html lang="zh-CN">
<head>
${head(config, options, title)}
</head>
<body${classes ? ` class="${classes}"` : ''}>
<main class="portal">
${blocks || `<p class="portal-empty">${PORTAL_TEXTS.emptyPage}</p>`}
</main>
${nav}${portalScript(types)}
</body>
</html>`;
}
