// The activities feature's door: the activity and its usage as the board and the settings screens load them, and the
// pieces of the list the board shows again.

export { activityUsageQuery } from './api/activity-usage';
export { activityGiftsKey, useCommentEvents, useConsoleEvents } from './api/console-events';
export { activityQuery } from './api/get-activity';
export { ActivityCover } from './components/activity-cover';
export { ActivityFormModal } from './components/activity-form-modal';
export { ActivitySubagentTag } from './components/activity-subagent';
export { ActivityStatusTags, formatTime, TypeTag } from './components/activity-table';
export { PushingBadge } from './components/pushing-badge';
