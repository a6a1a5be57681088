import type { Readable } from 'node:stream';
import {
  chosenFields,
  DATED_EXPORTS,
  type DataStatsPage,
  type DataStatsQuery,
  ERROR_MESSAGES,
  EXPORT_FIELDS,
  EXPORT_TASK_KIND,
  EXPORT_TITLES,
  type ExportField,
  type ExportFieldSet,
  type ExportFieldSetAnswer,
  type ExportFormat,
  type ExportKind,
  type ExportTaskParams,
  exportFieldType,
  exportTaskParams,
  FIELD_SET_EXPORTS,
  type GainDetailsDownloadQuery,
  REPORT_FIELDS,
  rangeInstants,
  statsRange,
  statsToday,
  type TableThead,
  unknownFields,
  XLSX_EXPORTS,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import type { Caller } from '../../platform/auth.ts';
import type { Database, Db } from '../../platform/db/database.ts';
import { invalidField } from '../../platform/errors.ts';
import { type RunningTask, TaskError, type TaskKind } from '../../platform/tasks/task-queue.ts';
import { ownActivity, ownAgent } from '../../platform/tenancy.ts';
import { csvFile, XLSX_TYPE, xlsxFromCells } from './export-file.ts';
import {
  EXPORT_BATCH_ROWS,
  exportCells,
  exportCount,
  exportLines,
  exportLinesSelect,
  exportPage,
} from './export-rows.ts';
import { type ExportScope, type ExportSource, exportSource } from './export-sources.ts';

// The exports of seed 001 §7: each resolved once from what the caller asked (its activity or agent checked, its
// fields checked, its range), then read as a file, as a page on screen, or by the download center's worker. A
// request is plain data, so a background task can carry it and run it later.

/** An export as asked, checked: what the file holds. Plain data (a background task stores it). */
export interface ExportRequest {
  kind: ExportKind;
  format: ExportFormat;
  fields: string[];
  scope: ExportScope;
}

interface Asked {
  format?: ExportFormat;
  fields?: string[] | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
}

function checkFields(kind: ExportKind, fields: string[] | undefined): string[] {
  const unknown = unknownFields(kind, fields ?? []);
  if (unknown.length > 0) throw invalidField('fields', `Unknown field ${unknown[0]}`);
  return fields ?? [];
}

function checkFormat(kind: ExportKind, format: ExportFormat | undefined): ExportFormat {
  if (format === 'xlsx' && !XLSX_EXPORTS.has(kind)) throw invalidField('format', 'This export is CSV only');
  return format ?? 'csv';
}

/** The instants a dated export covers: the statistics' range (the last 89 days up to today by default). */
function rangeOf(kind: ExportKind, asked: Asked) {
  return DATED_EXPORTS.has(kind) ? rangeInstants(statsRange(asked)) : null;
}

/** An export about one of the caller's activities (404 Activity Not Found for anyone else's). */
export async function activityExport(
  db: Db,
  caller: Caller,
  kind: ExportKind,
  activityId: number,
  asked: Asked,
): Promise<ExportRequest> {
  const fields = checkFields(kind, asked.fields);
  const format = checkFormat(kind, asked.format);
  await ownActivity(db, caller, activityId);
  return {
    kind,
    format,
    fields,
    scope: { agentId: caller.agentId, subagentId: caller.subagentId, activityId, range: rangeOf(kind, asked) },
  };
}

/** GET /agent/{userId}/gain-details/download: the caller's own agent's income, of one activity if asked. */
export async function gainDetailsExport(
  db: Db,
  caller: Caller,
  userId: number,
  asked: Asked & { type: GainDetailsDownloadQuery['type']; activityId?: number | undefined },
): Promise<ExportRequest> {
  const kind = asked.type;
  const fields = checkFields(kind, asked.fields);
  const format = checkFormat(kind, asked.format);
  ownAgent(caller, userId);
  if (asked.activityId !== undefined) await ownActivity(db, caller, asked.activityId);
  return {
    kind,
    format,
    fields,
    scope: {
      agentId: caller.agentId,
      subagentId: caller.subagentId,
      activityId: asked.activityId ?? null,
      range: rangeOf(kind, asked),
    },
  };
}

function fieldsOf(request: Pick<ExportRequest, 'kind' | 'fields'>): ExportField[] {
  return chosenFields(request.kind, request.fields);
}

/** The export's rows as cells, a batch at a time: for a worker that writes the file elsewhere. */
export function exportRows(db: Db, request: ExportRequest): AsyncGenerator<string[][]> {
  return exportCells(db, exportSource(request.kind, request.scope), fieldsOf(request));
}

/** The export's file name without extension: 用户访问-12-20260101 (the date in Beijing). */
export function exportFileName(request: ExportRequest): { name: string; asciiName: string } {
  const date = statsToday().replaceAll('-', '');
  const subject = request.scope.activityId ?? request.scope.agentId;
  return {
    name: `${EXPORT_TITLES[request.kind]}-${subject}-${date}`,
    asciiName: `${request.kind}-${subject}-${date}`,
  };
}

/** The batches as they pass, each reported once written on (a task's progress). */
async function* reported<T>(
  batches: AsyncIterable<T>,
  count: (batch: T) => number,
  onRows?: (rows: number) => Promise<void>,
) {
  for await (const batch of batches) {
    yield batch;
    await onRows?.(count(batch));
  }
}

/**
 * The CSV lines of an export: on PostgreSQL streamed whole by COPY (bytes in, bytes out), else (PGlite, or as many
 * copies running as a process allows) a batch at a time. Progress is reported about every batch's worth of rows.
 */
async function* csvLines(
  database: Database,
  source: ExportSource,
  fields: ExportField[],
  onRows?: (rows: number) => Promise<void>,
): AsyncGenerator<string | Buffer> {
  const copied = database.copyLines(exportLinesSelect(source, fields).compile(database.db));
  if (!copied) {
    for await (const block of exportLines(database.db, source, fields)) {
      yield `${block.text}\r\n`;
      await onRows?.(block.rows);
    }
    return;
  }
  let unreported = 0;
  for await (const lines of copied) {
    yield* lines.bytes;
    unreported += lines.rows;
    if (unreported >= EXPORT_BATCH_ROWS) {
      await onRows?.(unreported);
      unreported = 0;
    }
  }
  if (unreported > 0) await onRows?.(unreported);
}

/** The export as a file being written: CSV lines made by the database, or an XLSX workbook. */
export function exportFile(
  database: Database,
  request: ExportRequest,
  onRows?: (rows: number) => Promise<void>,
): Readable {
  const fields = fieldsOf(request);
  const headings = fields.map((field) => field.label);
  const source = exportSource(request.kind, request.scope);
  if (request.format === 'xlsx') {
    const rows = reported(exportCells(database.db, source, fields), (batch) => batch.length, onRows);
    return xlsxFromCells(EXPORT_TITLES[request.kind], headings, rows);
  }
  return csvFile(headings, () => csvLines(database, source, fields, onRows));
}

/**
 * An export as a download-center task (kind `export`): the same file as the download, written by the worker, its
 * progress the rows written of the rows counted when it starts.
 */
export function exportTaskKind(database: Database): TaskKind<ExportTaskParams> {
  const { db } = database;
  return {
    kind: EXPORT_TASK_KIND,
    params: exportTaskParams,
    needsActivity: true,
    fileName: (params) => `${EXPORT_TITLES[params.export]}.${params.format}`,
    async run(task) {
      // The activity is checked again when the task runs: it may have been deleted or moved since it was queued.
      const activity = task.activityId === null ? undefined : await taskActivity(db, task);
      if (!activity) throw new TaskError(ERROR_MESSAGES.activityNotFound);
      const { params } = task;
      const request: ExportRequest = {
        kind: params.export,
        format: params.format,
        fields: params.fields ?? [],
        scope: {
          agentId: task.agentId,
          subagentId: task.subagentId,
          activityId: activity.id,
          range: rangeOf(params.export, params),
        },
      };
      const total = await exportCount(db, exportSource(request.kind, request.scope));
      let done = 0;
      await task.progress(0, total);
      const body = exportFile(database, request, async (rows) => {
        done += rows;
        await task.progress(done, total);
      });
      const { name } = exportFileName(request);
      return {
        fileName: `${name}.${request.format}`,
        contentType: request.format === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8',
        body,
      };
    },
  };
}

/** The task's activity, if it is still the task's agent's (and its sub-account's, for a sub-account's task). */
function taskActivity(db: Db, task: RunningTask<unknown>) {
  let query = db
    .selectFrom('activities')
    .select('id')
    .where('id', '=', task.activityId ?? 0)
    .where('agentId', '=', task.agentId)
    .where('deletedAt', 'is', null);
  if (task.subagentId !== null) query = query.where('subagentId', '=', task.subagentId);
  return query.executeTakeFirst();
}

/** GET /v3/activity/{id}/data-stats/{kind}: one page of a data-statistics tab, the rows its download holds. */
export async function listDataStats(
  db: Db,
  caller: Caller,
  activityId: number,
  kind: ExportKind,
  query: DataStatsQuery,
): Promise<DataStatsPage> {
  const request = await activityExport(db, caller, kind, activityId, query);
  const fields = fieldsOf(request);
  const { rows, total } = await exportPage(db, exportSource(kind, request.scope), fields, query);
  return {
    kind,
    columns: fields.map(({ key, label }) => ({ key, label })),
    items: rows,
    pager: { page: query.page, pageSize: query.pageSize, total },
  };
}

function describe(kind: ExportKind) {
  return {
    kind,
    title: EXPORT_TITLES[kind],
    dated: DATED_EXPORTS.has(kind),
    formats: XLSX_EXPORTS.has(kind) ? (['csv', 'xlsx'] as ExportFormat[]) : (['csv'] as ExportFormat[]),
    fields: EXPORT_FIELDS[kind].map(({ key, label }: ExportField) => ({ key, label })),
  };
}

/** GET /v3/task/export-fields/{name}: a field set's exports and their fields (seed 001 §7). */
export function exportFieldSet(name: ExportFieldSet): ExportFieldSetAnswer {
  const type = exportFieldType(name);
  if (name === 'export-pdf') {
    return {
      name,
      type,
      exports: [{ kind: 'report', title: '活动报告', dated: true, formats: [], fields: [...REPORT_FIELDS] }],
    };
  }
  return { name, type, exports: FIELD_SET_EXPORTS[name].map(describe) };
}

/** POST /v3/task/export-fields/custom-export: the chosen fields, checked and in the export's order. */
export function resolveCustomExport(body: { kind: ExportKind; fields: string[] }) {
  const unknown = unknownFields(body.kind, body.fields);
  if (unknown.length > 0) {
    throw invalidField(`fields.${body.fields.indexOf(unknown[0] as string)}`, `Unknown field ${unknown[0]}`);
  }
  return { kind: body.kind, fields: chosenFields(body.kind, body.fields) };
}

/** The caller's key among an agent's saved columns: the agent itself is 0, a sub-account its id. */
const subagentKey = (caller: Caller) => caller.subagentId ?? 0;

/** GET /v3/agent/table-thead/{id} */
export async function getTableThead(db: Db, caller: Caller, id: ExportKind): Promise<TableThead> {
  const row = await db
    .selectFrom('agentTableTheads')
    .select('fields')
    .where('agentId', '=', caller.agentId)
    .where('subagentKey', '=', subagentKey(caller))
    .where('tableId', '=', id)
    .executeTakeFirst();
  // A field the export no longer has is dropped from a saved choice.
  const saved = row ? chosenFields(id, row.fields as string[]).map((item) => item.key) : [];
  return saved.length > 0
    ? { id, fields: saved, saved: true }
    : { id, fields: EXPORT_FIELDS[id].map((item: ExportField) => item.key), saved: false };
}

/** PUT /v3/agent/table-thead/{id}: fields of the table's export, kept in its order. */
export async function saveTableThead(db: Db, caller: Caller, id: ExportKind, fields: string[]): Promise<TableThead> {
  const unknown = unknownFields(id, fields);
  if (unknown.length > 0) {
    throw invalidField(`fields.${fields.indexOf(unknown[0] as string)}`, `Unknown field ${unknown[0]}`);
  }
  const ordered = chosenFields(id, fields).map((item) => item.key);
  await db
    .insertInto('agentTableTheads')
    .values({
      agentId: caller.agentId,
      subagentKey: subagentKey(caller),
      tableId: id,
      fields: JSON.stringify(ordered),
    })
    .onConflict((oc) =>
      oc
        .columns(['agentId', 'subagentKey', 'tableId'])
        .doUpdateSet({ fields: JSON.stringify(ordered), updatedAt: sql`now()` }),
    )
    .execute();
  return { id, fields: ordered, saved: true };
}
