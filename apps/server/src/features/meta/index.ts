// The meta feature's door: its routes, and the purpose of the message tokens it issues (the realtime channels check it).
export { registerMetaRoutes } from './meta-routes.ts';
export { MESSAGE_TOKEN_PURPOSE } from './meta-service.ts';
