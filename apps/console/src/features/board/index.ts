// The board's door.
export { isActivityNotFound } from './board-rules';
export { ActivitySubpageHeader, ActivitySubpagePending, BackToBoard } from './components/activity-subpage';
