import {
  type ActivityCardList,
  type BottomNav,
  bottomNav as bottomNavSchema,
  CATALOG_ERRORS,
  convertLegacyPageData,
  EMPTY_BOTTOM_NAV,
  ERROR_MESSAGES,
  emptyPageData,
  type HomepageState,
  MAX_PAGE_LISTS,
  PAGE_ERRORS,
  type Page,
  type PageActivitiesQuery,
  type PageColumn,
  type PageColumnInput,
  type PageCreate,
  type PageList,
  type PageListQuery,
  type PageSummary,
  type PageUpdate,
  pageListSource,
  pagePublicPath,
} from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import type { PageQuery } from '../../platform/db/page.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import * as cards from './card-repository.ts';
import { type PageReferences, referencesOfBottomNav, referencesOfData } from './page-references.ts';
import * as pages from './page-repository.ts';

// Pages (seed 001 §2 "Page builder", §4, §7 "Pages"). A page belongs to its agent; a sub-account sees only the pages
// it made, and those name only its own activities and catalogs (as its catalogs do). Every id a page's data, a
// column or a bottom navigation names is checked against the page's owner before it is stored.

function toSummary(row: pages.PageSummaryRow): PageSummary {
  return {
    id: row.id,
    name: row.name,
    isHomepage: false,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    hasUnpublishedChanges: row.publishedAt !== null && row.draftSavedAt.getTime() > row.publishedAt.getTime(),
    link: pagePublicPath(row.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A stored bottom navigation, read leniently: one that no longer validates shows none rather than failing the page. */
export function readBottomNav(stored: unknown): BottomNav {
  const parsed = bottomNavSchema.safeParse(stored);
  return parsed.success ? parsed.data : EMPTY_BOTTOM_NAV;
}

async function toPage(db: Db, row: pages.PageRow): Promise<Page> {
  const homepageId = await pages.homepageOf(db, row.agentId);
  return {
    ...toSummary(row),
    isHomepage: homepageId === row.id,
    // Seed 001 §4: a page whose data has exactly two keys is converted to the new shape on load.
    data: convertLegacyPageData(row.data),
    bottomNav: readBottomNav(row.bottomNav),
  };
}

async function ownPage(db: Db, caller: Caller, pageId: number, lock = false): Promise<pages.PageRow> {
  const row = await pages.findOwnPage(db, caller, pageId, lock);
  if (!row) throw notFound(PAGE_ERRORS.pageNotFound);
  return row;
}

const ownerOf = (row: { agentId: number; subagentId: number | null }): cards.CardScope => ({
  agentId: row.agentId,
  subagentId: row.subagentId,
});

/** Refuses (404, as for a missing row) any id the references name that is not the owner's. */
async function assertReferences(db: Db, owner: cards.CardScope, pageId: number | null, refs: PageReferences) {
  const missing = async (wanted: Set<number>, found: (ids: number[]) => Promise<Set<number>>) => {
    if (wanted.size === 0) return false;
    const ids = [...wanted];
    const present = await found(ids);
    return ids.some((id) => !present.has(id));
  };
  if (await missing(refs.activityIds, (ids) => cards.activityIdsOf(db, owner, ids)))
    throw notFound(ERROR_MESSAGES.activityNotFound);
  if (await missing(refs.groupIds, (ids) => cards.groupIdsOf(db, owner.agentId, ids)))
    throw notFound(PAGE_ERRORS.groupNotFound);
  if (await missing(refs.catalogIds, (ids) => cards.catalogIdsOf(db, owner, ids)))
    throw notFound(CATALOG_ERRORS.catalogNotFound);
  if (await missing(refs.pageIds, (ids) => pages.pageIdsOf(db, owner.agentId, ids)))
    throw notFound(PAGE_ERRORS.pageNotFound);
  // A new page has no columns yet, so its data can name none.
  if (
    refs.listIds.size > 0 &&
    (pageId === null || (await missing(refs.listIds, (ids) => pages.columnIdsOf(db, pageId, ids))))
  )
    throw notFound(PAGE_ERRORS.listNotFound);
}

// ---------------------------------------------------------------------------------------------------------------
// Pages

/** GET /page: newest first, the name containing the query's. */
export async function listPages(db: Db, caller: Caller, query: PageListQuery): Promise<PageList> {
  const [{ items, pager }, homepageId] = await Promise.all([
    pages.listOwnPages(db, caller, query),
    pages.homepageOf(db, caller.agentId),
  ]);
  return { items: items.map((row) => ({ ...toSummary(row), isHomepage: row.id === homepageId })), pager };
}

export async function getPage(db: Db, caller: Caller, pageId: number): Promise<Page> {
  return toPage(db, await ownPage(db, caller, pageId));
}

/** POST /page: a draft, published later by a save with publish: true. */
export async function createPage(db: Db, caller: Caller, input: PageCreate): Promise<Page> {
  const data = input.data ?? emptyPageData();
  await assertReferences(db, { agentId: caller.agentId, subagentId: caller.subagentId }, null, referencesOfData(data));
  return toPage(db, await pages.insertPage(db, caller, input.name, data));
}

/**
 * PUT /page/{id}: the name and draft given are saved; publish: true then makes the saved draft what the public sees,
 * publish: false takes the page offline. One transaction, the page locked, so two saves do not interleave.
 */
export async function updatePage(db: Db, caller: Caller, pageId: number, input: PageUpdate): Promise<Page> {
  const row = await db.transaction().execute(async (trx) => {
    const current = await ownPage(trx, caller, pageId, true);
    if (input.data) await assertReferences(trx, ownerOf(current), pageId, referencesOfData(input.data));
    // Publishing a legacy page without a new draft publishes the converted draft, never the legacy form.
    const data = input.data ?? (input.publish === true ? convertLegacyPageData(current.data) : undefined);
    return pages.updatePage(trx, current, { name: input.name, data, publish: input.publish });
  });
  return toPage(db, row);
}

/** DELETE /page/{id}: its columns and its being the home page go with it. */
export async function deletePage(db: Db, caller: Caller, pageId: number): Promise<{ ok: true }> {
  await ownPage(db, caller, pageId);
  await pages.deletePage(db, pageId);
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------------------------
// Columns

function toColumn(row: pages.PageColumnRow): PageColumn {
  const source = pageListSource.safeParse(row.source);
  return {
    id: row.id,
    pageId: row.pageId,
    title: row.title,
    source: source.success ? source.data : { kind: 'chosen', activityIds: [] },
    sortOrder: row.sortOrder,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function assertColumnSource(db: Db, page: pages.PageRow, input: PageColumnInput) {
  const refs: PageReferences = {
    activityIds: new Set(input.source.kind === 'chosen' ? input.source.activityIds : []),
    groupIds: new Set(input.source.kind === 'group' ? [input.source.groupId] : []),
    catalogIds: new Set(),
    pageIds: new Set(),
    listIds: new Set(),
  };
  await assertReferences(db, ownerOf(page), page.id, refs);
}

/** GET /page/{id}/list: the columns by sortOrder (seed 001 §7: the console asks for 9999, so all of them). */
export async function listColumns(db: Db, caller: Caller, pageId: number, query: PageQuery) {
  await ownPage(db, caller, pageId);
  const { items, pager } = await pages.listColumns(db, pageId, query);
  return { items: items.map(toColumn), pager };
}

export async function createColumn(db: Db, caller: Caller, pageId: number, input: PageColumnInput) {
  const row = await db.transaction().execute(async (trx) => {
    // The page is locked so two adds cannot both pass the count.
    const page = await ownPage(trx, caller, pageId, true);
    if ((await pages.countColumns(trx, pageId)) >= MAX_PAGE_LISTS) {
      throw badRequest(PAGE_ERRORS.tooManyLists, undefined, 'title');
    }
    await assertColumnSource(trx, page, input);
    return pages.insertColumn(trx, page.agentId, pageId, input);
  });
  return toColumn(row);
}

async function ownColumn(db: Db, caller: Caller, pageId: number, listId: number) {
  const page = await ownPage(db, caller, pageId);
  const column = await pages.findColumn(db, pageId, listId);
  if (!column) throw notFound(PAGE_ERRORS.listNotFound);
  return { page, column };
}

export async function updateColumn(db: Db, caller: Caller, pageId: number, listId: number, input: PageColumnInput) {
  const { page } = await ownColumn(db, caller, pageId, listId);
  await assertColumnSource(db, page, input);
  return toColumn(await pages.updateColumn(db, listId, input));
}

export async function deleteColumn(db: Db, caller: Caller, pageId: number, listId: number): Promise<{ ok: true }> {
  await ownColumn(db, caller, pageId, listId);
  await pages.deleteColumn(db, listId);
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------------------------
// Cards for the editor: the page owner's activities and catalogs

export async function listLiveActivities(db: Db, caller: Caller, pageId: number, query: PageQuery) {
  const page = await ownPage(db, caller, pageId);
  return cards.liveActivityCards(db, ownerOf(page), query);
}

export async function listRankedActivities(db: Db, caller: Caller, pageId: number, query: PageActivitiesQuery) {
  const page = await ownPage(db, caller, pageId);
  return cards.rankedActivityCards(db, ownerOf(page), query.orderBy, query);
}

export async function listChosenActivities(
  db: Db,
  caller: Caller,
  pageId: number,
  activityIds: number[],
): Promise<ActivityCardList> {
  const page = await ownPage(db, caller, pageId);
  return { items: await cards.activityCardsByIds(db, ownerOf(page), activityIds) };
}

export async function listChosenCatalogs(db: Db, caller: Caller, pageId: number, catalogIds: number[]) {
  const page = await ownPage(db, caller, pageId);
  return { items: await cards.catalogCardsByIds(db, ownerOf(page), catalogIds) };
}

/** GET /v3/activity-group/{id}/activities: the group must be the caller's agent's; a sub-account sees its own. */
export async function listGroupActivities(db: Db, caller: Caller, groupId: number, query: PageQuery) {
  const groups = await cards.groupIdsOf(db, caller.agentId, [groupId]);
  if (!groups.has(groupId)) throw notFound(PAGE_ERRORS.groupNotFound);
  return cards.groupActivityCards(db, { agentId: caller.agentId, subagentId: caller.subagentId }, groupId, query);
}

// ---------------------------------------------------------------------------------------------------------------
// Home page and bottom navigation

/** Seed 001 §4 "Home page": set makes the page the agent's one home page; unset stops it being one. */
export async function changeHomepage(
  db: Db,
  caller: Caller,
  pageId: number,
  action: 'set' | 'unset',
): Promise<HomepageState> {
  await ownPage(db, caller, pageId);
  if (action === 'set') await pages.setHomepage(db, caller.agentId, pageId);
  else await pages.unsetHomepage(db, caller.agentId, pageId);
  return { homepageId: await pages.homepageOf(db, caller.agentId) };
}

export async function saveBottomNav(db: Db, caller: Caller, pageId: number, input: BottomNav): Promise<BottomNav> {
  const page = await ownPage(db, caller, pageId);
  await assertReferences(db, ownerOf(page), pageId, referencesOfBottomNav(input));
  await pages.saveBottomNav(db, pageId, input);
  return input;
}
