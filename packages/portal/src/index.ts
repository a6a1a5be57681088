// The portal's door: a built page (seed 001 §3 "Page", "Portal components") drawn as one HTML document, used by the
// server for the public page and by the console for the editor's preview (an iframe's srcDoc).
export { COMPONENT_RENDERERS } from './components/index.ts';
export { escapeHtml, safeHref, safeSrc } from './escape.ts';
export type { PortalOptions, PortalResolved } from './portal-context.ts';
export { allPortalScripts } from './portal-script.ts';
export { renderPortalPage } from './render-portal-page.ts';
