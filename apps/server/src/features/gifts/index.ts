// The gifts feature's door.
export { registerGiftRoutes } from './gift-routes.ts';
