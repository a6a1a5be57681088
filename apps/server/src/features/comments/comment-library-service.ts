import {
  COMMENT_ERRORS,
  type CommentLibrary,
  type CommentLibraryList,
  type commentLibraryInput,
  type commentLibraryQuery,
  type commentLibraryUpdate,
  DEFAULT_COMMENT_LIBRARY,
  DEFAULT_COMMENT_LIBRARY_ID,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { unlessTaken } from '../../platform/db/unique-violation.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { deleteOwnRows, ownRows, updateOwnRows } from '../../platform/tenancy.ts';

// Comment libraries (seed 001 §7 "/agent/comment/library"): the default library (id 0) leads every list and is the
// product's own, read-only; the rest are the agent's, which its main account and sub-accounts (who run the chat)
// keep. Ids from the URL are the caller's agent's or answer 404.

const nameTaken = () => conflict(COMMENT_ERRORS.nameTaken, undefined, 'name');
const libraryNotFound = () => notFound(COMMENT_ERRORS.libraryNotFound);
const defaultReadOnly = () => badRequest(COMMENT_ERRORS.defaultLibraryReadOnly, undefined, 'id');

const DEFAULT: CommentLibrary = {
  id: DEFAULT_COMMENT_LIBRARY.id,
  name: DEFAULT_COMMENT_LIBRARY.name,
  items: [...DEFAULT_COMMENT_LIBRARY.items],
  readOnly: true,
  createdAt: null,
  updatedAt: null,
};

type Row = { id: number; name: string; items: string[]; createdAt: Date; updatedAt: Date };
const COLUMNS = ['id', 'name', 'items', 'createdAt', 'updatedAt'] as const;
const toLibrary = (row: Row): CommentLibrary => ({
  ...row,
  readOnly: false,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listCommentLibraries(
  db: Db,
  caller: Caller,
  query: z.output<typeof commentLibraryQuery>,
): Promise<CommentLibraryList> {
  // The default library is item 0 of the whole list; the agent's own follow it, oldest first.
  const start = (query.page - 1) * query.pageSize;
  const withDefault = start === 0;
  const own = ownRows(db, 'commentLibraries', caller);
  const [rows, count] = await Promise.all([
    own
      .select(COLUMNS)
      .orderBy('id', 'asc')
      .offset(withDefault ? 0 : start - 1)
      .limit(withDefault ? query.pageSize - 1 : query.pageSize)
      .execute(),
    own.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: [...(withDefault ? [DEFAULT] : []), ...rows.map(toLibrary)],
    pager: { page: query.page, pageSize: query.pageSize, total: Number(count.total) + 1 },
  };
}

export async function createCommentLibrary(
  db: Db,
  caller: Caller,
  body: z.output<typeof commentLibraryInput>,
): Promise<CommentLibrary> {
  const row = await unlessTaken(
    db
      .insertInto('commentLibraries')
      .values({ agentId: caller.agentId, ...body })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow(),
    nameTaken,
  );
  return toLibrary(row);
}

export async function updateCommentLibrary(
  db: Db,
  caller: Caller,
  libraryId: number,
  body: z.output<typeof commentLibraryUpdate>,
): Promise<CommentLibrary> {
  if (libraryId === DEFAULT_COMMENT_LIBRARY_ID) throw defaultReadOnly();
  const row = await unlessTaken(
    updateOwnRows(db, 'commentLibraries', caller)
      .set({ ...body, updatedAt: sql<Date>`clock_timestamp()` })
      .where('id', '=', libraryId)
      .returning(COLUMNS)
      .executeTakeFirst(),
    nameTaken,
  );
  if (!row) throw libraryNotFound();
  return toLibrary(row);
}

export async function deleteCommentLibrary(db: Db, caller: Caller, libraryId: number): Promise<{ ok: true }> {
  if (libraryId === DEFAULT_COMMENT_LIBRARY_ID) throw defaultReadOnly();
  const deleted = await deleteOwnRows(db, 'commentLibraries', caller)
    .where('id', '=', libraryId)
    .returning('id')
    .executeTakeFirst();
  if (!deleted) throw libraryNotFound();
  return { ok: true };
}
