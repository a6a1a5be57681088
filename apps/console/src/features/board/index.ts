// The board's door.
export { isActivityNotFound, streamForHost } from './board-rules';
export { ActivitySubpageHeader, ActivitySubpagePending, BackToBoard } from './components/activity-subpage';
export { LivePlayer } from './components/live-player';
