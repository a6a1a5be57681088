// The comments feature's door: the moderated chat, which the live operations screen shows beside the player.
export { ModerationChat } from './components/moderation-chat';
