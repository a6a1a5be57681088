// The comments feature's door: its calls, the real viewers in a chat, and robots' comments (the virtual audience).
export { type ChatPresence, followChatPresence } from './chat-presence.ts';
export {
  type ChatActivity,
  type ChatHubEvent,
  chatActivity,
  postRobotComment,
  publishChat,
  publishToViewers,
} from './chat-service.ts';
export { registerCommentRoutes } from './comment-routes.ts';
