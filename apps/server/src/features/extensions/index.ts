// The extensions feature's door.
export { registerExtensionRoutes } from './extension-routes.ts';
