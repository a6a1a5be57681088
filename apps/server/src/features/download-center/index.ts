// The download center's door: its routes, and the post-event report's task kind (registered with the others' in
// src/task-kinds.ts, by the API and the worker alike; platform/tasks/task-queue.ts says how a kind is made).
export { registerDownloadCenterRoutes } from './download-center-routes.ts';
// A PDF document with the report's CJK font, for other features' PDFs (the finance statement).
export { newPdfDocument } from './pdf-document.ts';
export { reportTaskKind } from './report-task.ts';
