// The comments feature's door.
export { type ChatActivity, chatActivity, publishChat } from './chat-service.ts';
export { registerCommentRoutes } from './comment-routes.ts';
