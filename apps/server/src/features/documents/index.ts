// The documents feature's door: the agent's document library, its bindings to activities, and the watch page's
// 文档 tab with its permission-checked files.
export { registerDocumentRoutes } from './document-routes.ts';
