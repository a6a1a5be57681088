// The catalogs feature's door: its calls, its public page and the activity badge the aggregation's page shows too.
export { activityStateBadge, registerCatalogPage } from './catalog-page-html.ts';
export { registerCatalogRoutes } from './catalog-routes.ts';
