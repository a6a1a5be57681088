// The download center's door: its routes (which also register the post-event report's task kind). Other features
// queue their own kinds on ctx.tasks (platform/tasks/task-queue.ts says how).
export { registerDownloadCenterRoutes } from './download-center-routes.ts';
// The report's CJK font, for other features' PDFs (the finance statement).
export { reportFont } from './report-font.ts';
