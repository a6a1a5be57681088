// The comments feature's door.

export { publishChat } from './chat-service.ts';
export { registerCommentRoutes } from './comment-routes.ts';
