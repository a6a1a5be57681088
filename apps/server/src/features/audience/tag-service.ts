import {
  AUDIENCE_ERRORS,
  AUDIENCE_TAGS_PER_AGENT,
  type AudienceTagDetail,
  type AudienceTagList,
  type audienceTagQuery,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { conflict, forbidden, invalidField, notFound } from '../../platform/errors.ts';
import { ownRows } from '../../platform/tenancy.ts';
import { ownPerson, toPerson } from './people-service.ts';

// User tags (seed 001 §3 "User tag: id, name", §7 Tags). A tag's name is unique per agent; deleting a tag takes it
// off its people.

function tagsWithCounts(db: Db, caller: Caller) {
  return ownRows(db, 'audienceTags', caller).select((eb) => [
    'audienceTags.id',
    'audienceTags.name',
    'audienceTags.createdAt',
    eb
      .selectFrom('audiencePersonTags as pt')
      .select(eb.fn.countAll<string>().as('n'))
      .whereRef('pt.tagId', '=', 'audienceTags.id')
      .as('userCount'),
  ]);
}

type TagRow = { id: number; name: string; createdAt: Date; userCount: string | number | null };
const toTag = (row: TagRow): AudienceTagDetail => ({
  id: row.id,
  name: row.name,
  userCount: Number(row.userCount ?? 0),
  createdAt: row.createdAt.toISOString(),
});

export async function getTag(db: Db, caller: Caller, tagId: number): Promise<AudienceTagDetail> {
  const row = await tagsWithCounts(db, caller).where('audienceTags.id', '=', tagId).executeTakeFirst();
  if (!row) throw notFound(AUDIENCE_ERRORS.tagNotFound);
  return toTag(row);
}

export async function listTags(
  db: Db,
  caller: Caller,
  query: z.output<typeof audienceTagQuery>,
): Promise<AudienceTagList> {
  let tags = tagsWithCounts(db, caller);
  if (query.name) tags = tags.where(sql<boolean>`position(${query.name} in audience_tags.name) > 0`);
  const [rows, count] = await Promise.all([
    tags
      .orderBy('audienceTags.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    ownRows(db, 'audienceTags', caller)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .$if(!!query.name, (q) => q.where(sql<boolean>`position(${query.name ?? ''} in audience_tags.name) > 0`))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toTag), pager: { page: query.page, pageSize: query.pageSize, total: Number(count.total) } };
}

export async function createTag(db: Db, caller: Caller, name: string): Promise<AudienceTagDetail> {
  const count = await ownRows(db, 'audienceTags', caller)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= AUDIENCE_TAGS_PER_AGENT) throw forbidden(AUDIENCE_ERRORS.tooManyTags);
  try {
    const row = await db
      .insertInto('audienceTags')
      .values({ agentId: caller.agentId, name })
      .returning(['id', 'name', 'createdAt'])
      .executeTakeFirstOrThrow();
    return toTag({ ...row, userCount: 0 });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(AUDIENCE_ERRORS.tagExists, undefined, 'name');
    throw error;
  }
}

export async function renameTag(db: Db, caller: Caller, tagId: number, name: string): Promise<AudienceTagDetail> {
  try {
    const row = await db
      .updateTable('audienceTags')
      .set({ name })
      .where('id', '=', tagId)
      .where('agentId', '=', caller.agentId)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw notFound(AUDIENCE_ERRORS.tagNotFound);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(AUDIENCE_ERRORS.tagExists, undefined, 'name');
    throw error;
  }
  return getTag(db, caller, tagId);
}

export async function deleteTag(db: Db, caller: Caller, tagId: number) {
  const deleted = await db
    .deleteFrom('audienceTags')
    .where('id', '=', tagId)
    .where('agentId', '=', caller.agentId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound(AUDIENCE_ERRORS.tagNotFound);
  return { ok: true as const };
}

/** PUT /v3/user/{id}/tag: the person's tags become exactly these (each the caller's, else 400 naming tagIds). */
export async function setPersonTags(db: Db, caller: Caller, personId: number, tagIds: number[]) {
  const person = await ownPerson(db, caller, personId);
  if (tagIds.length > 0) {
    const own = await ownRows(db, 'audienceTags', caller).select('id').where('id', 'in', tagIds).execute();
    if (own.length !== tagIds.length) throw invalidField('tagIds', AUDIENCE_ERRORS.tagNotFound);
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('audiencePersonTags').where('personId', '=', person.id).execute();
    if (tagIds.length > 0) {
      await trx
        .insertInto('audiencePersonTags')
        .values(tagIds.map((tagId) => ({ personId: person.id, tagId, agentId: caller.agentId })))
        .execute();
    }
  });
  return toPerson(db, person);
}
