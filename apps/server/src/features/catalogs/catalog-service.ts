import {
  CATALOG_APPEARANCE_DEFAULTS,
  CATALOG_ERRORS,
  CATALOG_SHARE_DEFAULTS,
  type Catalog,
  type CatalogAbstract,
  type CatalogAppearance,
  type CatalogInput,
  type CatalogList,
  type CatalogListQuery,
  type CatalogShare,
  type ChapterActivity,
  type ChapterList,
  type ChaptersInput,
  catalogAppearance,
  catalogPagePath,
  catalogShare,
  chapterActivityRefusal,
  ERROR_MESSAGES,
  progressAt,
  repeatedChapterActivity,
} from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { containing } from '../../platform/db/like.ts';
import { page } from '../../platform/db/page.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { ownRows, scopeActivities } from '../../platform/tenancy.ts';
import { aggregationsOfActivities } from '../aggregation/index.ts';
import { registrationsOfActivities } from '../registration/index.ts';
import { sanitiseHtml } from '../watch/index.ts';

// Catalogs belong to the agent. A sub-account sees only the catalogs it made, and those hold only its own activities
// (its scope of activities, ARCHITECTURE.md "Tenancy"); the main account sees every catalog of the agent.

type CatalogRow = { id: number; name: string; subagentId: number | null; createdAt: Date; updatedAt: Date };

function scopeCatalogs(db: Db, caller: Caller) {
  const base = ownRows(db, 'catalogs', caller);
  return caller.subagentId === null ? base : base.where('catalogs.subagentId', '=', caller.subagentId);
}

async function ownCatalog(db: Db, caller: Caller, catalogId: number): Promise<CatalogRow> {
  const row = await scopeCatalogs(db, caller)
    .select(['catalogs.id', 'catalogs.name', 'catalogs.subagentId', 'catalogs.createdAt', 'catalogs.updatedAt'])
    .where('catalogs.id', '=', catalogId)
    .executeTakeFirst();
  if (!row) throw notFound(CATALOG_ERRORS.catalogNotFound);
  return row;
}

/** Seed 001 §5: the name is unique within the agent; the unique index decides, so two racing saves cannot both win. */
const nameTaken = () => badRequest(CATALOG_ERRORS.nameTaken, undefined, 'name');

async function withCounts(db: Db, rows: CatalogRow[]): Promise<Catalog[]> {
  const ids = rows.map((row) => row.id);
  const [chapters, activities] = ids.length
    ? await Promise.all([
        db
          .selectFrom('catalogChapters')
          .select(['catalogId', (eb) => eb.fn.countAll<string>().as('count')])
          .where('catalogId', 'in', ids)
          .groupBy('catalogId')
          .execute(),
        db
          .selectFrom('catalogActivities')
          .innerJoin('activities', 'activities.id', 'catalogActivities.activityId')
          .select(['catalogActivities.catalogId', (eb) => eb.fn.countAll<string>().as('count')])
          .where('catalogActivities.catalogId', 'in', ids)
          .where('activities.deletedAt', 'is', null)
          .groupBy('catalogActivities.catalogId')
          .execute(),
      ])
    : [[], []];
  const chapterCount = new Map(chapters.map((row) => [row.catalogId, Number(row.count)]));
  const activityCount = new Map(activities.map((row) => [row.catalogId, Number(row.count)]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    chapterCount: chapterCount.get(row.id) ?? 0,
    activityCount: activityCount.get(row.id) ?? 0,
    link: catalogPagePath(row.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

const one = async (db: Db, row: CatalogRow) => (await withCounts(db, [row]))[0] as Catalog;

export async function createCatalog(db: Db, caller: Caller, input: CatalogInput): Promise<Catalog> {
  try {
    const row = await db
      .insertInto('catalogs')
      .values({
        agentId: caller.agentId,
        subagentId: caller.subagentId,
        name: input.name,
        share: JSON.stringify(CATALOG_SHARE_DEFAULTS),
        appearance: JSON.stringify(CATALOG_APPEARANCE_DEFAULTS),
      })
      .returning(['id', 'name', 'subagentId', 'createdAt', 'updatedAt'])
      .executeTakeFirstOrThrow();
    return one(db, row);
  } catch (error) {
    if (isUniqueViolation(error, 'catalogs_agent_name')) throw nameTaken();
    throw error;
  }
}

/** GET /v3/catalog: newest first, the name containing the query's. */
export async function listCatalogs(db: Db, caller: Caller, query: CatalogListQuery): Promise<CatalogList> {
  let base = scopeCatalogs(db, caller);
  if (query.name) base = base.where('catalogs.name', 'ilike', containing(query.name));
  const { items, pager } = await page(
    base
      .select(['catalogs.id', 'catalogs.name', 'catalogs.subagentId', 'catalogs.createdAt', 'catalogs.updatedAt'])
      .orderBy('catalogs.createdAt', 'desc')
      .orderBy('catalogs.id', 'desc'),
    query,
  );
  return { items: await withCounts(db, items), pager };
}

export async function getCatalog(db: Db, caller: Caller, catalogId: number): Promise<Catalog> {
  return one(db, await ownCatalog(db, caller, catalogId));
}

export async function renameCatalog(db: Db, caller: Caller, catalogId: number, input: CatalogInput): Promise<Catalog> {
  await ownCatalog(db, caller, catalogId);
  try {
    const row = await db
      .updateTable('catalogs')
      .set({ name: input.name, updatedAt: new Date() })
      .where('id', '=', catalogId)
      .returning(['id', 'name', 'subagentId', 'createdAt', 'updatedAt'])
      .executeTakeFirstOrThrow();
    return one(db, row);
  } catch (error) {
    if (isUniqueViolation(error, 'catalogs_agent_name')) throw nameTaken();
    throw error;
  }
}

/** Deleting a catalog frees its activities for another one (the chapters and memberships go with it). */
export async function deleteCatalog(db: Db, caller: Caller, catalogId: number) {
  await ownCatalog(db, caller, catalogId);
  await db.deleteFrom('catalogs').where('id', '=', catalogId).execute();
  return { ok: true as const };
}

// ---------------------------------------------------------------------------------------------------------------
// Chapters

/** The chapters in order with their activities (deleted activities are gone from them), for the console or the page. */
export async function chaptersOf(db: Db, catalogId: number): Promise<ChapterList> {
  const [chapters, members] = await Promise.all([
    db
      .selectFrom('catalogChapters')
      .select(['id', 'title'])
      .where('catalogId', '=', catalogId)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('catalogActivities')
      .innerJoin('activities', 'activities.id', 'catalogActivities.activityId')
      .select([
        'catalogActivities.chapterId',
        'activities.id',
        'activities.name',
        'activities.type',
        'activities.cover',
        'activities.isPushing',
        'activities.startedAt',
        'activities.endedAt',
      ])
      .where('catalogActivities.catalogId', '=', catalogId)
      .where('activities.deletedAt', 'is', null)
      .orderBy('catalogActivities.position')
      .execute(),
  ]);
  const byChapter = new Map<number, ChapterActivity[]>();
  for (const row of members) {
    const list = byChapter.get(row.chapterId) ?? [];
    list.push({
      id: row.id,
      name: row.name,
      type: row.type,
      cover: row.cover,
      progress: progressAt(row.startedAt, row.endedAt),
      isPushing: row.isPushing,
      startedAt: row.startedAt?.toISOString() ?? null,
    });
    byChapter.set(row.chapterId, list);
  }
  return { items: chapters.map((c) => ({ id: c.id, title: c.title, activities: byChapter.get(c.id) ?? [] })) };
}

export async function getChapters(db: Db, caller: Caller, catalogId: number): Promise<ChapterList> {
  await ownCatalog(db, caller, catalogId);
  return chaptersOf(db, catalogId);
}

/**
 * PUT /v3/catalog/{id}/chapters: the whole list replaces the old one in one transaction. Every activity must be the
 * caller's (and, in a sub-account's catalog, that sub-account's), in one chapter only, and not used by another
 * catalog, series or registration (seed 001 §8). Nothing is written when any of them is refused.
 */
export async function replaceChapters(
  db: Db,
  caller: Caller,
  catalogId: number,
  input: ChaptersInput,
): Promise<ChapterList> {
  const catalog = await ownCatalog(db, caller, catalogId);
  if (repeatedChapterActivity(input.chapters) !== null) {
    throw badRequest(CATALOG_ERRORS.activityTwice, undefined, 'chapters');
  }
  const activityIds = input.chapters.flatMap((chapter) => chapter.activityIds);
  try {
    await db.transaction().execute(async (trx) => {
      // Two saves of the same catalog take turns, so neither deletes the chapters the other is writing.
      await trx.selectFrom('catalogs').select('id').where('id', '=', catalogId).forUpdate().execute();
      if (activityIds.length) {
        let reachable = scopeActivities(trx.selectFrom('activities').select('activities.id'), caller).where(
          'activities.id',
          'in',
          activityIds,
        );
        // A sub-account's catalog holds that sub-account's activities only, whoever edits it.
        if (catalog.subagentId !== null) reachable = reachable.where('activities.subagentId', '=', catalog.subagentId);
        const scoped = new Set((await reachable.execute()).map((row) => row.id));
        if (activityIds.some((activityId) => !scoped.has(activityId))) {
          throw notFound(ERROR_MESSAGES.activityNotFound);
        }
        const held = await trx
          .selectFrom('catalogActivities')
          .select(['activityId', 'catalogId'])
          .where('activityId', 'in', activityIds)
          .forUpdate()
          .execute();
        const heldBy = new Map(held.map((row) => [row.activityId, row.catalogId]));
        const registrations = await registrationsOfActivities(trx, activityIds);
        // The series (多会场) are the aggregations; reading them locks the activities, as an aggregation's save does.
        const series = await aggregationsOfActivities(trx, activityIds);
        for (const activityId of activityIds) {
          // A catalog belongs to no series and has no registration of its own, so an activity in any aggregation,
          // or bound to any registration, is held by another one.
          const refusal = chapterActivityRefusal(
            {
              catalogId: heldBy.get(activityId) ?? null,
              seriesId: series.get(activityId) ?? null,
              registrationId: registrations.get(activityId) ?? null,
            },
            { catalogId, registrationId: null },
          );
          if (refusal) throw badRequest(refusal, undefined, 'chapters');
        }
      }
      await trx.deleteFrom('catalogActivities').where('catalogId', '=', catalogId).execute();
      await trx.deleteFrom('catalogChapters').where('catalogId', '=', catalogId).execute();
      await trx
        .updateTable('activities')
        .set({ catalogId: null })
        .where('catalogId', '=', catalogId)
        .where('agentId', '=', caller.agentId)
        .execute();
      for (const [position, chapter] of input.chapters.entries()) {
        const { id: chapterId } = await trx
          .insertInto('catalogChapters')
          .values({ catalogId, agentId: caller.agentId, title: chapter.title, position })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (chapter.activityIds.length === 0) continue;
        await trx
          .insertInto('catalogActivities')
          .values(
            chapter.activityIds.map((activityId, index) => ({
              activityId,
              catalogId,
              chapterId,
              agentId: caller.agentId,
              position: index,
            })),
          )
          .execute();
      }
      if (activityIds.length) {
        // The activity list's catalogId (seed 001 §7) reads this column.
        await trx
          .updateTable('activities')
          .set({ catalogId })
          .where('id', 'in', activityIds)
          .where('agentId', '=', caller.agentId)
          .execute();
      }
      await trx.updateTable('catalogs').set({ updatedAt: new Date() }).where('id', '=', catalogId).execute();
    });
  } catch (error) {
    // Another catalog took one of the activities between the check and the write: the same refusal.
    if (isUniqueViolation(error, 'catalog_activities_pkey')) {
      throw badRequest(CATALOG_ERRORS.activityInOtherCatalog, undefined, 'chapters');
    }
    throw error;
  }
  return chaptersOf(db, catalogId);
}

// ---------------------------------------------------------------------------------------------------------------
// Share card, description, appearance

/** A stored jsonb value read as its shape; a value saved before a field existed gets that field's default. */
const shareOf = (value: unknown): CatalogShare => {
  const parsed = catalogShare.partial().safeParse(value ?? {});
  return { ...CATALOG_SHARE_DEFAULTS, ...(parsed.success ? parsed.data : {}) };
};
const appearanceOf = (value: unknown): CatalogAppearance => {
  const parsed = catalogAppearance.partial().safeParse(value ?? {});
  return { ...CATALOG_APPEARANCE_DEFAULTS, ...(parsed.success ? parsed.data : {}) };
};

export interface CatalogPageData {
  id: number;
  name: string;
  share: CatalogShare;
  abstract: string;
  appearance: CatalogAppearance;
  chapters: ChapterList;
}

/** What the public page shows (no caller: the page is public, its id alone names it). */
export async function catalogPage(db: Db, catalogId: number): Promise<CatalogPageData | null> {
  const row = await db
    .selectFrom('catalogs')
    .select(['id', 'name', 'share', 'abstract', 'appearance'])
    .where('id', '=', catalogId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    share: shareOf(row.share),
    abstract: row.abstract,
    appearance: appearanceOf(row.appearance),
    chapters: await chaptersOf(db, catalogId),
  };
}

async function settingsOf(db: Db, caller: Caller, catalogId: number) {
  await ownCatalog(db, caller, catalogId);
  return db
    .selectFrom('catalogs')
    .select(['share', 'abstract', 'appearance'])
    .where('id', '=', catalogId)
    .executeTakeFirstOrThrow();
}

export async function getShare(db: Db, caller: Caller, catalogId: number): Promise<CatalogShare> {
  return shareOf((await settingsOf(db, caller, catalogId)).share);
}

export async function saveShare(db: Db, caller: Caller, catalogId: number, share: CatalogShare) {
  await ownCatalog(db, caller, catalogId);
  await db
    .updateTable('catalogs')
    .set({ share: JSON.stringify(share), updatedAt: new Date() })
    .where('id', '=', catalogId)
    .execute();
  return share;
}

export async function getAbstract(db: Db, caller: Caller, catalogId: number): Promise<CatalogAbstract> {
  return { description: (await settingsOf(db, caller, catalogId)).abstract };
}

/** The description is shown to anyone who opens the page, so it is stored as the watch page's rich text is shown. */
export async function saveAbstract(db: Db, caller: Caller, catalogId: number, input: CatalogAbstract) {
  await ownCatalog(db, caller, catalogId);
  const description = sanitiseHtml(input.description);
  await db
    .updateTable('catalogs')
    .set({ abstract: description, updatedAt: new Date() })
    .where('id', '=', catalogId)
    .execute();
  return { description };
}

export async function getAppearance(db: Db, caller: Caller, catalogId: number): Promise<CatalogAppearance> {
  return appearanceOf((await settingsOf(db, caller, catalogId)).appearance);
}

export async function saveAppearance(db: Db, caller: Caller, catalogId: number, appearance: CatalogAppearance) {
  await ownCatalog(db, caller, catalogId);
  await db
    .updateTable('catalogs')
    .set({ appearance: JSON.stringify(appearance), updatedAt: new Date() })
    .where('id', '=', catalogId)
    .execute();
  return appearance;
}
