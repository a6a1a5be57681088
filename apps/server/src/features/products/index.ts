// The products feature's door: the product library, the activities' shops, the presented product and shop orders.
export { registerProductRoutes } from './product-routes.ts';
export { productOwners } from './product-service.ts';
export { shopOwner } from './shop-service.ts';
