// The comments feature's door: its calls, the real viewers in a chat, a viewer's restrictions (the blacklist keeps it
// out of the interactions and red packets too), and robots' comments (the virtual audience).
export { type ChatPresence, followChatPresence } from './chat-presence.ts';
export {
  type ChatActivity,
  type ChatHubEvent,
  chatActivity,
  postRobotComment,
  publishChat,
  publishToViewers,
  restrictionsOf,
} from './chat-service.ts';
export { registerCommentRoutes } from './comment-routes.ts';
