import { type Selectable, sql } from 'kysely';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { containing } from '../../platform/db/like.ts';
import { type Page, type PageQuery, page } from '../../platform/db/page.ts';
import type { DB } from '../../platform/db/schema.ts';
import { scopeActivities } from '../../platform/tenancy.ts';

// The photo lists' and photos' SQL. A list belongs to an activity and its agent; a photo to a list. The services
// check the caller before they come here, and every query still names the ids it was given together (list with
// activity and agent, photo with list), so a wrong pair finds nothing.

export interface ListRow {
  id: number;
  activityId: number;
  activityName: string;
  title: string;
  description: string;
  cover: string;
  photoCount: number;
  hiddenCount: number;
  createdAt: Date;
  updatedAt: Date;
}

const PHOTO_COLUMNS = [
  'id',
  'name',
  'displayKey',
  'thumbKey',
  'width',
  'height',
  'thumbWidth',
  'thumbHeight',
  'hidden',
  'createdAt',
] as const;

/** A photo as the lists show it: the columns every photo query answers. */
export type PhotoRow = Pick<Selectable<DB['photos']>, (typeof PHOTO_COLUMNS)[number]>;

/** The lists the caller may see (a sub-account's activities only), with their activity's name and photo counts. */
function visibleLists(db: Db, caller: Caller) {
  return db
    .selectFrom('photoLists')
    .innerJoin('activities', 'activities.id', 'photoLists.activityId')
    .where('photoLists.activityId', 'in', scopeActivities(db.selectFrom('activities').select('activities.id'), caller))
    .select([
      'photoLists.id',
      'photoLists.activityId',
      'activities.name as activityName',
      'photoLists.title',
      'photoLists.description',
      'photoLists.cover',
      'photoLists.createdAt',
      'photoLists.updatedAt',
      sql<number>`(select count(*) from photos where photos.list_id = photo_lists.id)::int`.as('photoCount'),
      sql<number>`(select count(*) from photos where photos.list_id = photo_lists.id and photos.hidden)::int`.as(
        'hiddenCount',
      ),
    ]);
}

/** A page of the caller's lists, most recently changed first; narrowed to one activity or a title when asked. */
export function pageLists(
  db: Db,
  caller: Caller,
  filter: { activityId?: number; title?: string },
  query: PageQuery,
): Promise<Page<ListRow>> {
  let lists = visibleLists(db, caller);
  if (filter.activityId !== undefined) lists = lists.where('photoLists.activityId', '=', filter.activityId);
  if (filter.title) lists = lists.where('photoLists.title', 'ilike', containing(filter.title));
  return page(lists.orderBy('photoLists.updatedAt', 'desc').orderBy('photoLists.id', 'desc'), query);
}

/** One list of the caller's activity, or undefined. */
export function findList(db: Db, caller: Caller, activityId: number, listId: number): Promise<ListRow | undefined> {
  return visibleLists(db, caller)
    .where('photoLists.id', '=', listId)
    .where('photoLists.activityId', '=', activityId)
    .executeTakeFirst();
}

export async function countListsOfActivity(db: Db, activityId: number): Promise<number> {
  const row = await db
    .selectFrom('photoLists')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('activityId', '=', activityId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertList(
  db: Db,
  values: { activityId: number; agentId: number; title: string; description: string; cover: string },
): Promise<number> {
  const row = await db.insertInto('photoLists').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateList(
  db: Db,
  listId: number,
  values: { title?: string; description?: string; cover?: string },
): Promise<void> {
  await db
    .updateTable('photoLists')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', listId)
    .execute();
}

/** A list's photos: every query of photos starts here, so none reaches past the list it names. */
const photosOf = (db: Db, listId: number) => db.selectFrom('photos').where('listId', '=', listId);

/** A page of a list's photos in their order (highest position first, then newest); published ones only if asked. */
export function pagePhotos(db: Db, listId: number, query: PageQuery, publishedOnly: boolean): Promise<Page<PhotoRow>> {
  let photos = photosOf(db, listId);
  if (publishedOnly) photos = photos.where((eb) => eb.not(eb.ref('hidden')));
  return page(photos.select(PHOTO_COLUMNS).orderBy('position', 'desc').orderBy('id', 'desc'), query);
}

/** The photos of a list among ids, with what a change needs of them. */
export function photosOfList(db: Db, listId: number, ids: readonly number[]) {
  if (!ids.length) return Promise.resolve([]);
  return photosOf(db, listId)
    .select([...PHOTO_COLUMNS, 'position'])
    .where('id', 'in', ids)
    .execute();
}

/** A photo to add: its renditions' keys and sizes, and the bytes it takes in the agent's storage. */
export type NewPhoto = Omit<PhotoRow, 'id' | 'hidden' | 'createdAt'> & { bytes: number };

/** Adds photos on top of a list, the last given highest (the newest), in one transaction with the list's change time. */
export function insertPhotos(
  db: Db,
  list: { id: number; activityId: number; agentId: number },
  photos: readonly NewPhoto[],
): Promise<PhotoRow[]> {
  return db.transaction().execute(async (trx) => {
    // The list's row is locked so two uploads at once take different positions.
    await trx.selectFrom('photoLists').select('id').where('id', '=', list.id).forUpdate().executeTakeFirstOrThrow();
    const top = await trx
      .selectFrom('photos')
      .select((eb) => eb.fn.max('position').as('top'))
      .where('listId', '=', list.id)
      .executeTakeFirst();
    const base = Number(top?.top ?? 0);
    const rows = await trx
      .insertInto('photos')
      .values(
        photos.map((photo, index) => ({
          ...photo,
          listId: list.id,
          activityId: list.activityId,
          agentId: list.agentId,
          position: base + index + 1,
        })),
      )
      .returning(PHOTO_COLUMNS)
      .execute();
    await trx.updateTable('photoLists').set({ updatedAt: new Date() }).where('id', '=', list.id).execute();
    return rows.sort((a, b) => b.id - a.id);
  });
}

export interface PhotoChanges {
  list: { title?: string; description?: string; cover?: string };
  hide: readonly number[];
  show: readonly number[];
  remove: readonly number[];
  /** New positions, by photo id. */
  positions: ReadonlyMap<number, number>;
}

/** Applies a list's edit in one transaction; answers the removed photos' file keys. */
export function applyChanges(db: Db, listId: number, changes: PhotoChanges): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('photoLists')
      .set({ ...changes.list, updatedAt: new Date() })
      .where('id', '=', listId)
      .execute();
    if (changes.positions.size) {
      const ids = [...changes.positions.keys()];
      const positions = ids.map((id) => changes.positions.get(id) as number);
      await sql`update photos set position = moved.position
        from unnest(${ids}::int[], ${positions}::int[]) as moved (id, position)
        where photos.id = moved.id and photos.list_id = ${listId}`.execute(trx);
    }
    for (const [ids, hidden] of [
      [changes.hide, true],
      [changes.show, false],
    ] as const) {
      if (!ids.length) continue;
      await trx.updateTable('photos').set({ hidden }).where('listId', '=', listId).where('id', 'in', ids).execute();
    }
    if (!changes.remove.length) return [];
    const removed = await trx
      .deleteFrom('photos')
      .where('listId', '=', listId)
      .where('id', 'in', changes.remove)
      .returning(['displayKey', 'thumbKey'])
      .execute();
    return removed.flatMap((row) => [row.displayKey, row.thumbKey]);
  });
}

/** A list the audience may see: of this activity. */
export function findPublicList(db: Db, activityId: number, listId: number) {
  return db
    .selectFrom('photoLists')
    .select(['id', 'title', 'description', 'cover'])
    .where('id', '=', listId)
    .where('activityId', '=', activityId)
    .executeTakeFirst();
}

/**
 * Whose a list is, whoever asks: its activity and agent, or undefined when there is none. For a page template that
 * names it (a photo tab's photoListId), which tells another agent's list (404) from one that does not exist (400).
 */
export function photoListOwner(db: Db, listId: number) {
  return db.selectFrom('photoLists').select(['activityId', 'agentId']).where('id', '=', listId).executeTakeFirst();
}
