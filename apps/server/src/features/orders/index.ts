// The orders feature's door: the package order list, its CSV download and an activity's payments.
export { registerOrderRoutes } from './order-routes.ts';
