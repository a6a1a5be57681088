// The comments feature's door.
export { registerCommentRoutes } from './comment-routes.ts';
