import type { Readable } from 'node:stream';
import {
  DOCUMENT_ERRORS,
  type Document,
  type DocumentList,
  type documentBindings,
  type documentListQuery,
  documentTypeOf,
  type documentUpdate,
  ERROR_MESSAGES,
  sanitiseDocumentName,
} from '@yanbo/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { containing } from '../../platform/db/like.ts';
import { page } from '../../platform/db/page.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { ownActivity, ownRows, scopeActivities } from '../../platform/tenancy.ts';
import { assertStorageQuota } from '../price/index.ts';
import { type DocumentFiles, storeDocumentFile } from './document-files.ts';

// The agent's document library. Documents belong to the agent; a sub-account sees only the documents it uploaded
// and binds them only to its own activities (its scope, ARCHITECTURE.md "Tenancy"); the main account sees them all.

const documentNotFound = () => notFound(DOCUMENT_ERRORS.documentNotFound);

const COLUMNS = [
  'documents.id',
  'documents.name',
  'documents.kind',
  'documents.mimeType',
  'documents.sizeBytes',
  'documents.permission',
  'documents.signInRequired',
  'documents.fileKey',
  'documents.createdAt',
  'documents.updatedAt',
] as const;

interface DocumentRow {
  id: number;
  name: string;
  kind: Document['kind'];
  mimeType: string;
  sizeBytes: number;
  permission: Document['permission'];
  signInRequired: boolean;
  fileKey: string;
  createdAt: Date;
  updatedAt: Date;
}

function scopeDocuments(db: Db, caller: Caller) {
  const base = ownRows(db, 'documents', caller);
  return caller.subagentId === null ? base : base.where('documents.subagentId', '=', caller.subagentId);
}

async function ownDocument(db: Db, caller: Caller, documentId: number): Promise<DocumentRow> {
  const row = await scopeDocuments(db, caller)
    .select(COLUMNS)
    .where('documents.id', '=', documentId)
    .executeTakeFirst();
  if (!row) throw documentNotFound();
  return row;
}

/** The documents as the console shows them, each with the (live) activities it is bound to. */
async function withActivities(db: Db, rows: DocumentRow[]): Promise<Document[]> {
  const ids = rows.map((row) => row.id);
  const bound = ids.length
    ? await db
        .selectFrom('documentActivities')
        .innerJoin('activities', 'activities.id', 'documentActivities.activityId')
        .select(['documentActivities.documentId', 'activities.id', 'activities.name'])
        .where('documentActivities.documentId', 'in', ids)
        .where('activities.deletedAt', 'is', null)
        .orderBy('activities.id')
        .execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    mimeType: row.mimeType,
    size: row.sizeBytes,
    permission: row.permission,
    signInRequired: row.signInRequired,
    activities: bound
      .filter((binding) => binding.documentId === row.id)
      .map((binding) => ({ id: binding.id, name: binding.name })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

const one = async (db: Db, row: DocumentRow) => (await withActivities(db, [row]))[0] as Document;

/** GET /v3/agent/document */
export async function listDocuments(
  db: Db,
  caller: Caller,
  query: z.output<typeof documentListQuery>,
): Promise<DocumentList> {
  let rows = scopeDocuments(db, caller).select(COLUMNS).orderBy('documents.id', 'desc');
  if (query.name) rows = rows.where('documents.name', 'ilike', containing(query.name));
  if (query.activityId !== undefined) {
    const activityId = query.activityId;
    rows = rows.where((eb) =>
      eb.exists(
        eb
          .selectFrom('documentActivities')
          .select('documentActivities.documentId')
          .whereRef('documentActivities.documentId', '=', 'documents.id')
          .where('documentActivities.activityId', '=', activityId),
      ),
    );
  }
  const { items, pager } = await page(rows, query);
  return { items: await withActivities(db, items), pager };
}

export interface IncomingDocument {
  filename: string;
  stream: Readable & { truncated?: boolean };
}

/**
 * POST /v3/agent/document: the file's type is its name's extension, and its first bytes must be that type's (a
 * browser's content type is not trusted); its name is sanitised. With an Idempotency-Key, an upload sent again
 * answers the document the first one stored and stores nothing more.
 */
export async function uploadDocument(
  ctx: AppContext,
  files: DocumentFiles,
  caller: Caller,
  uploadKey: string | null,
  readFile: () => Promise<IncomingDocument | undefined>,
): Promise<Document> {
  const earlier = async () =>
    uploadKey === null
      ? undefined
      : await scopeDocuments(ctx.db, caller)
          .select(COLUMNS)
          .where('documents.uploadKey', '=', uploadKey)
          .executeTakeFirst();
  const repeated = await earlier();
  const file = await readFile();
  if (repeated) {
    file?.stream.resume();
    return one(ctx.db, repeated);
  }
  if (!file) throw invalidField('file', 'Required');
  const name = sanitiseDocumentName(file.filename);
  const type = documentTypeOf(name);
  if (!type) {
    file.stream.resume();
    throw invalidField('file', DOCUMENT_ERRORS.fileTypeRefused);
  }
  await assertStorageQuota(ctx, caller.agentId);
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  const stored = await storeDocumentFile(files, caller.agentId, extension, type.magic, file.stream);
  let id: number;
  try {
    const row = await ctx.db
      .insertInto('documents')
      .values({
        agentId: caller.agentId,
        subagentId: caller.subagentId,
        name,
        fileKey: stored.key,
        mimeType: type.mimeType,
        kind: type.kind,
        sizeBytes: stored.size,
        uploadKey,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  } catch (error) {
    await files.remove(stored.key);
    // Two uploads with one key at once: the other stored the document.
    const first = isUniqueViolation(error, 'documents_agent_upload_key') ? await earlier() : undefined;
    if (first) return one(ctx.db, first);
    throw error;
  }
  return one(ctx.db, await ownDocument(ctx.db, caller, id));
}

/** PUT /v3/agent/document/{id} */
export async function updateDocument(
  db: Db,
  caller: Caller,
  documentId: number,
  body: z.output<typeof documentUpdate>,
): Promise<Document> {
  const current = await ownDocument(db, caller, documentId);
  if (body.name === undefined && body.permission === undefined && body.signInRequired === undefined) {
    return one(db, current);
  }
  await db
    .updateTable('documents')
    .set({
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.permission === undefined ? {} : { permission: body.permission }),
      ...(body.signInRequired === undefined ? {} : { signInRequired: body.signInRequired }),
      updatedAt: new Date(),
    })
    .where('id', '=', current.id)
    .execute();
  return one(db, await ownDocument(db, caller, current.id));
}

/** DELETE /v3/agent/document/{id}: the row (and its bindings) first, then its file. */
export async function deleteDocument(db: Db, files: DocumentFiles, caller: Caller, documentId: number) {
  const current = await ownDocument(db, caller, documentId);
  await db.deleteFrom('documents').where('id', '=', current.id).execute();
  await files.remove(current.fileKey);
  return { ok: true as const };
}

/**
 * PUT /v3/agent/document/{id}/activity: the whole set of activities, each the caller's (another agent's, or for a
 * sub-account one not assigned to it, answers 404 Activity Not Found and changes nothing).
 */
export async function bindDocument(
  db: Db,
  caller: Caller,
  documentId: number,
  body: z.output<typeof documentBindings>,
): Promise<Document> {
  const current = await ownDocument(db, caller, documentId);
  const ids = body.activityIds;
  if (ids.length > 0) {
    const found = await scopeActivities(db.selectFrom('activities').select('activities.id'), caller)
      .where('activities.id', 'in', ids)
      .execute();
    if (found.length !== ids.length) throw notFound(ERROR_MESSAGES.activityNotFound);
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('documentActivities').where('documentId', '=', current.id).execute();
    if (ids.length > 0) {
      await trx
        .insertInto('documentActivities')
        .values(ids.map((activityId) => ({ documentId: current.id, activityId, agentId: caller.agentId })))
        .execute();
    }
    await trx.updateTable('documents').set({ updatedAt: new Date() }).where('id', '=', current.id).execute();
  });
  return one(db, await ownDocument(db, caller, current.id));
}

/** GET /v3/activity/{id}/document: every document of the agent bound to the caller's activity. */
export async function listActivityDocuments(db: Db, caller: Caller, activityId: number) {
  const activity = await ownActivity(db, caller, activityId);
  const rows = await ownRows(db, 'documents', caller)
    .innerJoin('documentActivities', 'documentActivities.documentId', 'documents.id')
    .select(COLUMNS)
    .where('documentActivities.activityId', '=', activity)
    .orderBy('documents.id', 'desc')
    .execute();
  return { items: await withActivities(db, rows) };
}

/** GET /v3/agent/document/{id}/file: the agent's own document, whatever its permission. */
export async function openOwnDocument(db: Db, files: DocumentFiles, caller: Caller, documentId: number) {
  const current = await ownDocument(db, caller, documentId);
  const file = await files.open(current.fileKey);
  if (!file) throw documentNotFound();
  return { ...file, name: current.name, mimeType: current.mimeType };
}
