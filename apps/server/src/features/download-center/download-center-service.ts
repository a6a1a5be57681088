import type { Readable } from 'node:stream';
import {
  API_PREFIX,
  type CreateTaskInput,
  ERROR_CODES,
  RECENT_TASKS,
  TASK_ERRORS,
  TASK_MAX_WAITING,
  type Task,
  type TaskList,
  type TaskListQuery,
} from '@yanbo/contracts';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import type { DB } from '../../platform/db/schema.ts';
import { conflict, invalidField, notFound, tooManyRequests } from '../../platform/errors.ts';
import { ownActivity } from '../../platform/tenancy.ts';

type TaskRow = Selectable<DB['tasks']>;

/**
 * The tasks a caller sees: its agent's; a sub-account only those it made and those of its own activities (a task the
 * main account made about a sub-account's activity is the sub-account's business too, as the activity is).
 */
function scopeTasks(db: Db, caller: Caller) {
  let query = db.selectFrom('tasks').selectAll('tasks').where('tasks.agentId', '=', caller.agentId);
  const subagentId = caller.subagentId;
  if (subagentId !== null) {
    query = query.where((eb) =>
      eb.or([
        eb('tasks.subagentId', '=', subagentId),
        eb(
          'tasks.activityId',
          'in',
          eb
            .selectFrom('activities')
            .select('activities.id')
            .where('activities.agentId', '=', caller.agentId)
            .where('activities.subagentId', '=', subagentId),
        ),
      ]),
    );
  }
  return query;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function toTask(row: TaskRow): Task {
  const done = row.progressDone;
  const total = row.progressTotal;
  const percent = row.status === 'done' ? 100 : total && total > 0 ? Math.min(99, Math.floor((done / total) * 100)) : 0;
  return {
    id: row.id,
    label: row.label as Task['label'],
    kind: row.kind,
    name: row.fileName ?? row.name,
    activityId: row.activityId,
    status: row.status,
    progress: { done, total, percent },
    error: row.lastError,
    attempts: row.attempts,
    fileSize: row.fileSize === null ? null : Number(row.fileSize),
    downloadUrl: row.status === 'done' && row.fileKey ? `${API_PREFIX}/v3/task/${row.id}/file` : null,
    createdAt: new Date(row.createdAt).toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

async function ownTask(db: Db, caller: Caller, id: number): Promise<TaskRow> {
  const row = await scopeTasks(db, caller).where('tasks.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(TASK_ERRORS.taskNotFound);
  return row;
}

/** GET /v3/task?label=download: newest first. */
export async function listTasks(db: Db, caller: Caller, query: TaskListQuery): Promise<TaskList> {
  let scoped = scopeTasks(db, caller).where('tasks.label', '=', query.label);
  if (query.status) scoped = scoped.where('tasks.status', '=', query.status);
  if (query.activityId !== undefined) scoped = scoped.where('tasks.activityId', '=', query.activityId);
  const [rows, total] = await Promise.all([
    scoped
      .orderBy('tasks.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    scoped
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(toTask),
    pager: { page: query.page, pageSize: query.pageSize, total: Number(total.total) },
  };
}

/** GET /v3/agent/download-center/recent */
export async function listRecentTasks(db: Db, caller: Caller): Promise<{ items: Task[] }> {
  const rows = await scopeTasks(db, caller).orderBy('tasks.id', 'desc').limit(RECENT_TASKS).execute();
  return { items: rows.map(toTask) };
}

/** GET /v3/task/{id} */
export async function getTask(db: Db, caller: Caller, id: number): Promise<Task> {
  return toTask(await ownTask(db, caller, id));
}

/**
 * POST /v3/task/: checks the kind, its params and the activity, then queues it. A create sent twice with one
 * Idempotency-Key (the console sends one with every POST) makes one task: platform/idempotency.ts answers the repeat.
 */
export async function createTask(ctx: AppContext, caller: Caller, input: CreateTaskInput): Promise<Task> {
  const kind = ctx.tasks.kind(input.kind);
  if (!kind) throw invalidField('kind', TASK_ERRORS.unknownKind);
  const parsed = kind.params.safeParse(input.params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidField(['params', ...(issue?.path ?? [])].join('.'), issue?.message ?? 'Invalid params');
  }
  let activity: { id: number; name: string } | null = null;
  if (input.activityId !== undefined) {
    const id = await ownActivity(ctx.db, caller, input.activityId);
    activity = await ctx.db
      .selectFrom('activities')
      .select(['id', 'name'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  } else if (kind.needsActivity) throw invalidField('activityId', TASK_ERRORS.activityRequired);
  // One agent's tasks cannot fill the queue the other agents share: past TASK_MAX_WAITING unfinished, it waits.
  const waiting = await ctx.db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('agentId', '=', caller.agentId)
    .where('status', 'in', ['pending', 'running'])
    .executeTakeFirstOrThrow();
  if (Number(waiting.n) >= TASK_MAX_WAITING)
    throw tooManyRequests(TASK_ERRORS.tooManyWaiting, ERROR_CODES.rateLimited, 10);
  const row = await ctx.db
    .insertInto('tasks')
    .values({
      agentId: caller.agentId,
      subagentId: caller.subagentId,
      activityId: activity?.id ?? null,
      label: input.label,
      kind: kind.kind,
      name: kind.fileName(parsed.data, activity),
      params: JSON.stringify(parsed.data),
      maxAttempts: kind.maxAttempts ?? 3,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  ctx.tasks.poke({ id: row.id, kind: row.kind });
  return toTask(row);
}

/** DELETE /v3/task/{id}: the row goes at once (a running task's worker sees that and stops), and its file with it. */
export async function deleteTask(ctx: AppContext, caller: Caller, id: number): Promise<{ ok: true }> {
  const row = await ownTask(ctx.db, caller, id);
  const deleted = await ctx.db.deleteFrom('tasks').where('id', '=', row.id).returning('fileKey').executeTakeFirst();
  if (deleted?.fileKey) await ctx.tasks.files.remove(deleted.fileKey);
  return { ok: true };
}

export interface TaskFile {
  stream: Readable;
  size: number;
  fileName: string;
  contentType: string;
}

/** GET /v3/task/{id}/file: only the task's agent (and a sub-account that sees it) gets its file. */
export async function openTaskFile(ctx: AppContext, caller: Caller, id: number): Promise<TaskFile> {
  const row = await ownTask(ctx.db, caller, id);
  if (row.status !== 'done' || !row.fileKey) throw conflict(TASK_ERRORS.fileNotReady);
  const file = await ctx.tasks.files.open(row.fileKey);
  if (!file) throw notFound(TASK_ERRORS.taskNotFound);
  return {
    ...file,
    fileName: row.fileName ?? row.name,
    contentType: row.contentType ?? 'application/octet-stream',
  };
}

/** The caller a task acts as in the worker: its agent, and its sub-account when one made it. */
export async function taskCaller(db: Db, task: { agentId: number; subagentId: number | null }): Promise<Caller> {
  const agent = await db.selectFrom('agents').selectAll().where('id', '=', task.agentId).executeTakeFirstOrThrow();
  const subagent =
    task.subagentId === null
      ? null
      : await db
          .selectFrom('subagents')
          .select(['id', 'username', 'remark'])
          .where('id', '=', task.subagentId)
          .where('agentId', '=', task.agentId)
          .executeTakeFirstOrThrow();
  return { agentId: agent.id, subagentId: subagent?.id ?? null, sessionId: 0, impersonatedBy: null, agent, subagent };
}
