// The comments feature's door.

export { publishToViewers } from './chat-service.ts';
export { registerCommentRoutes } from './comment-routes.ts';
