// The portal's door: a built page (seed 001 §3 "Page", "Portal components") drawn as one HTML document, used by the
// server for the public page and by the console for the editor's preview.
export { BANNER_AUTO_TIMER_MS } from './components/banner.ts';
export { COMPONENT_RENDERERS } from './components/index.ts';
export { escapeHtml, safeHref, safeSrc } from './escape.ts';
export type {
  PortalActivity,
  PortalCatalog,
  PortalNavItem,
  PortalOptions,
  PortalPageInput,
  PortalResolved,
} from './portal-data.ts';
export { componentsOf, MAX_COMPONENTS, renderPortalPage } from './render-portal-page.ts';
