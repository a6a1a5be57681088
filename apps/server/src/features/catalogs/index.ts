// The catalogs feature's door: its calls and its public page.
export { registerCatalogPage } from './catalog-page-html.ts';
export { registerCatalogRoutes } from './catalog-routes.ts';
