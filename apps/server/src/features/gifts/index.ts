// The gifts feature's door.
export { registerGiftRoutes } from './gift-routes.ts';
export { topGifts } from './gift-send-service.ts';
