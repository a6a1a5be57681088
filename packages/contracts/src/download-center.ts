import { z } from 'zod';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, listOf, pageQuery } from './common.ts';
import { statsRangeQuery } from './stats.ts';

// The download center (seed 001 §3 "Task (download center)", §4 "Download task", §7 "Download center"): exports and
// the post-event report run as background tasks; the console lists them with their progress, polls a running one by
// id, downloads the file of a finished one and deletes them. A task belongs to its agent; a sub-account sees the tasks
// it made and those of its own activities.

/** Seed 001 §3: a task's label, "for example download"; the download center lists label=download. */
export const TASK_LABELS = ['download'] as const;
export type TaskLabel = (typeof TASK_LABELS)[number];
export const TASK_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_PAGE_SIZE = 10;
/** GET /v3/agent/download-center/recent: the few latest tasks. */
export const RECENT_TASKS = 5;
/** How often the console polls a running task by id (seed 001 §4: "The mission status is polled by id and stored"). */
export const TASK_POLL_MS = 1_000;
/** Tasks one agent may have waiting or running at once: a create beyond them is refused (429) until some end. */
export const TASK_MAX_WAITING = 20;
/** The post-event report's task kind (the seeds' export field type pdf, field set export-pdf). */
export const REPORT_TASK_KIND = 'report';

export const TASK_ERRORS = {
  taskNotFound: 'Task Not Found',
  unknownKind: 'Unknown task kind',
  activityRequired: 'activityId is required for this task',
  fileNotReady: 'The task has no file yet',
  tooManyWaiting: 'Too many tasks waiting',
} as const;

export const taskLabel = z.enum(TASK_LABELS);
export const taskStatus = z.enum(TASK_STATUSES);

export const task = z.object({
  id: z.number().int(),
  label: taskLabel,
  kind: z.string(),
  /** The file's name as it will be downloaded (known before the file exists). */
  name: z.string(),
  activityId: z.number().int().nullable(),
  status: taskStatus,
  progress: z.object({
    done: z.number().int(),
    /** null while the task has not counted its work yet. */
    total: z.number().int().nullable(),
    /** 0 to 100; 100 once done. */
    percent: z.number().int(),
  }),
  /** Why it failed (or why its last attempt failed, while it waits to be tried again). */
  error: z.string().nullable(),
  attempts: z.number().int(),
  fileSize: z.number().int().nullable(),
  /** The file's path under /api once done (a link adds the export token `et`); null before. */
  downloadUrl: z.string().nullable(),
  createdAt: isoDateTime,
  startedAt: isoDateTime.nullable(),
  finishedAt: isoDateTime.nullable(),
});
export type Task = z.infer<typeof task>;

export const taskListQuery = pageQuery(TASK_PAGE_SIZE).extend({
  label: taskLabel.default('download'),
  status: taskStatus.optional(),
  activityId: id.optional(),
});
export type TaskListQuery = z.infer<typeof taskListQuery>;
export const taskList = listOf(task);
export type TaskList = z.infer<typeof taskList>;

/** What a task works on: a kind's own fields, checked by that kind (a bad one answers 400 naming `params.<field>`). */
const taskParams = z.record(z.string().max(64), z.unknown()).refine((value) => Object.keys(value).length <= 40, {
  message: 'Too many params',
});

export const createTaskInput = z.object({
  label: taskLabel.default('download'),
  kind: z.string().trim().min(1).max(64),
  activityId: id.optional(),
  params: taskParams.default({}),
});
export type CreateTaskInput = z.infer<typeof createTaskInput>;

/** The report's params: the statistics' own date range and its rules (defaults: the last 89 days up to today). */
export const reportTaskParams = statsRangeQuery;
export type ReportTaskParams = z.infer<typeof reportTaskParams>;

export const recentTasks = z.object({ items: z.array(task) });

export const downloadCenterCalls = defineCalls('download-center', {
  listTasks: {
    method: 'GET',
    path: '/v3/task',
    summary: 'The caller’s tasks of a label, newest first, a page at a time',
    access: 'signedIn',
    query: taskListQuery,
    response: taskList,
  },
  createTask: {
    method: 'POST',
    path: '/v3/task/',
    summary: 'Starts a background task (an export, the post-event report); it runs in the queue',
    access: 'signedIn',
    body: createTaskInput,
    response: task,
  },
  getTask: {
    method: 'GET',
    path: '/v3/task/:id',
    summary: 'One task: its status, progress, error and file',
    access: 'signedIn',
    params: idParams,
    response: task,
  },
  deleteTask: {
    method: 'DELETE',
    path: '/v3/task/:id',
    summary: 'Deletes a task and its file; a running one is cancelled',
    access: 'signedIn',
    params: idParams,
    response: z.object({ ok: z.literal(true) }),
  },
  downloadTaskFile: {
    method: 'GET',
    path: '/v3/task/:id/file',
    summary: 'The file a finished task made',
    access: 'signedIn',
    params: idParams,
    response: z.string(),
    download: true,
  },
  listRecentTasks: {
    method: 'GET',
    path: '/v3/agent/download-center/recent',
    summary: 'The caller’s few latest tasks',
    access: 'signedIn',
    response: recentTasks,
  },
});
