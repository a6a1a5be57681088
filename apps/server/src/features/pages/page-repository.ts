import type { BottomNav, PageData, PageListSource } from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { containing } from '../../platform/db/like.ts';
import { type PageQuery, page } from '../../platform/db/page.ts';
import { ownRows } from '../../platform/tenancy.ts';

// The SQL of pages, their columns and the agent's home page. Pages belong to the agent; a sub-account sees only the
// pages it made (as with catalogs, ARCHITECTURE.md "Tenancy").

const PAGE_COLUMNS = [
  'pages.id',
  'pages.agentId',
  'pages.subagentId',
  'pages.name',
  'pages.data',
  'pages.draftSavedAt',
  'pages.publishedData',
  'pages.publishedAt',
  'pages.bottomNav',
  'pages.createdAt',
  'pages.updatedAt',
] as const;
const SUMMARY_COLUMNS = [
  'pages.id',
  'pages.agentId',
  'pages.subagentId',
  'pages.name',
  'pages.draftSavedAt',
  'pages.publishedAt',
  'pages.createdAt',
  'pages.updatedAt',
] as const;

export interface PageSummaryRow {
  id: number;
  agentId: number;
  subagentId: number | null;
  name: string;
  draftSavedAt: Date;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
export interface PageRow extends PageSummaryRow {
  /** As stored: the current shape, or a legacy form (convertLegacyPageData reads both). */
  data: unknown;
  publishedData: unknown;
  bottomNav: unknown;
}

function scopePages(db: Db, caller: Caller) {
  const base = ownRows(db, 'pages', caller);
  return caller.subagentId === null ? base : base.where('pages.subagentId', '=', caller.subagentId);
}

/** The caller's page, locked for the rest of the transaction when `lock` is set; undefined when not the caller's. */
export function findOwnPage(db: Db, caller: Caller, pageId: number, lock = false): Promise<PageRow | undefined> {
  const query = scopePages(db, caller).select(PAGE_COLUMNS).where('pages.id', '=', pageId);
  return (lock ? query.forUpdate() : query).executeTakeFirst() as Promise<PageRow | undefined>;
}

export function findPage(db: Db, pageId: number): Promise<PageRow | undefined> {
  return db.selectFrom('pages').select(PAGE_COLUMNS).where('pages.id', '=', pageId).executeTakeFirst() as Promise<
    PageRow | undefined
  >;
}

export function listOwnPages(db: Db, caller: Caller, query: PageQuery & { name?: string | undefined }) {
  let base = scopePages(db, caller);
  if (query.name) base = base.where('pages.name', 'ilike', containing(query.name));
  return page(
    base.select(SUMMARY_COLUMNS).orderBy('pages.createdAt', 'desc').orderBy('pages.id', 'desc'),
    query,
  ) as Promise<{ items: PageSummaryRow[]; pager: { page: number; pageSize: number; total: number } }>;
}

export function insertPage(db: Db, caller: Caller, name: string, data: PageData): Promise<PageRow> {
  return db
    .insertInto('pages')
    .values({ agentId: caller.agentId, subagentId: caller.subagentId, name, data: JSON.stringify(data) })
    .returning(PAGE_COLUMNS)
    .executeTakeFirstOrThrow() as Promise<PageRow>;
}

export interface PageChanges {
  name?: string | undefined;
  data?: PageData | undefined;
  /** true: the draft (after this change) becomes what the public sees; false: the page goes offline. */
  publish?: boolean | undefined;
}

export async function updatePage(db: Db, current: PageRow, changes: PageChanges): Promise<PageRow> {
  const now = new Date();
  const draft = changes.data ?? current.data;
  const published =
    changes.publish === true
      ? { publishedData: JSON.stringify(draft), publishedAt: now }
      : changes.publish === false
        ? { publishedData: null, publishedAt: null }
        : {};
  return (await db
    .updateTable('pages')
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.data !== undefined ? { data: JSON.stringify(changes.data), draftSavedAt: now } : {}),
      ...published,
      updatedAt: now,
    })
    .where('id', '=', current.id)
    .returning(PAGE_COLUMNS)
    .executeTakeFirstOrThrow()) as PageRow;
}

export async function saveBottomNav(db: Db, pageId: number, bottomNav: BottomNav): Promise<void> {
  await db
    .updateTable('pages')
    .set({ bottomNav: JSON.stringify(bottomNav), updatedAt: new Date() })
    .where('id', '=', pageId)
    .execute();
}

/** Deletes the page; its columns and its being the home page go with it (ON DELETE CASCADE). */
export async function deletePage(db: Db, pageId: number): Promise<void> {
  await db.deleteFrom('pages').where('id', '=', pageId).execute();
}

// ---------------------------------------------------------------------------------------------------------------
// The home page

export async function homepageOf(db: Db, agentId: number): Promise<number | null> {
  const row = await db.selectFrom('agentHomepages').select('pageId').where('agentId', '=', agentId).executeTakeFirst();
  return row?.pageId ?? null;
}

/** Makes the page the agent's home page; the one before stops being it (the agent's row is replaced). */
export async function setHomepage(db: Db, agentId: number, pageId: number): Promise<void> {
  await db
    .insertInto('agentHomepages')
    .values({ agentId, pageId })
    .onConflict((oc) => oc.column('agentId').doUpdateSet({ pageId, setAt: new Date() }))
    .execute();
}

export async function unsetHomepage(db: Db, agentId: number, pageId: number): Promise<void> {
  await db.deleteFrom('agentHomepages').where('agentId', '=', agentId).where('pageId', '=', pageId).execute();
}

// ---------------------------------------------------------------------------------------------------------------
// Columns

export interface PageColumnRow {
  id: number;
  pageId: number;
  title: string;
  source: unknown;
  sortOrder: number;
  createdAt: Date;
  updatedAt: Date;
}
const COLUMN_COLUMNS = [
  'pageLists.id',
  'pageLists.pageId',
  'pageLists.title',
  'pageLists.source',
  'pageLists.sortOrder',
  'pageLists.createdAt',
  'pageLists.updatedAt',
] as const;

export function listColumns(db: Db, pageId: number, query: PageQuery) {
  return page(
    db
      .selectFrom('pageLists')
      .select(COLUMN_COLUMNS)
      .where('pageLists.pageId', '=', pageId)
      .orderBy('pageLists.sortOrder')
      .orderBy('pageLists.id'),
    query,
  ) as Promise<{ items: PageColumnRow[]; pager: { page: number; pageSize: number; total: number } }>;
}

/** Every column of the pages given (a page has at most MAX_PAGE_LISTS). */
export function columnsOfPage(db: Db, pageId: number): Promise<PageColumnRow[]> {
  return db
    .selectFrom('pageLists')
    .select(COLUMN_COLUMNS)
    .where('pageLists.pageId', '=', pageId)
    .orderBy('pageLists.sortOrder')
    .orderBy('pageLists.id')
    .execute() as Promise<PageColumnRow[]>;
}

export async function countColumns(db: Db, pageId: number): Promise<number> {
  const row = await db
    .selectFrom('pageLists')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('pageId', '=', pageId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findColumn(db: Db, pageId: number, listId: number): Promise<PageColumnRow | undefined> {
  return db
    .selectFrom('pageLists')
    .select(COLUMN_COLUMNS)
    .where('pageLists.pageId', '=', pageId)
    .where('pageLists.id', '=', listId)
    .executeTakeFirst() as Promise<PageColumnRow | undefined>;
}

export interface ColumnValues {
  title: string;
  source: PageListSource;
  sortOrder: number;
}

export function insertColumn(db: Db, agentId: number, pageId: number, values: ColumnValues): Promise<PageColumnRow> {
  return db
    .insertInto('pageLists')
    .values({
      agentId,
      pageId,
      title: values.title,
      source: JSON.stringify(values.source),
      sortOrder: values.sortOrder,
    })
    .returning(COLUMN_COLUMNS)
    .executeTakeFirstOrThrow() as Promise<PageColumnRow>;
}

export function updateColumn(db: Db, listId: number, values: ColumnValues): Promise<PageColumnRow> {
  return db
    .updateTable('pageLists')
    .set({
      title: values.title,
      source: JSON.stringify(values.source),
      sortOrder: values.sortOrder,
      updatedAt: new Date(),
    })
    .where('id', '=', listId)
    .returning(COLUMN_COLUMNS)
    .executeTakeFirstOrThrow() as Promise<PageColumnRow>;
}

export async function deleteColumn(db: Db, listId: number): Promise<void> {
  await db.deleteFrom('pageLists').where('id', '=', listId).execute();
}

/** Which of the ids are columns of the page. */
export async function columnIdsOf(db: Db, pageId: number, listIds: number[]): Promise<Set<number>> {
  if (listIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('pageLists')
    .select('id')
    .where('pageId', '=', pageId)
    .where('id', 'in', listIds)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Which of the ids are pages of the agent. */
export async function pageIdsOf(db: Db, agentId: number, pageIds: number[]): Promise<Set<number>> {
  if (pageIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('pages')
    .select('id')
    .where('agentId', '=', agentId)
    .where('id', 'in', pageIds)
    .execute();
  return new Set(rows.map((row) => row.id));
}
