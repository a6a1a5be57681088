import {
  type Attribution,
  AUDIENCE_ERRORS,
  type AudiencePerson,
  type AudiencePersonList,
  type audienceListQuery,
  type audiencePersonUpdate,
  type audienceSearchQuery,
  type ExtraValue,
  validateExtraValues,
} from '@yanbo/contracts';
import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { z } from 'zod';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { startingWith } from '../../platform/db/like.ts';
import type { DB } from '../../platform/db/schema.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { ownRows } from '../../platform/tenancy.ts';
import { readExtraFields } from './extra-fields-service.ts';

// People (issue 12): a person is kept by the watch page's SMS sign-in (keepPerson, the one code path that makes one),
// and read here with the records of all its ids (its mobile's viewer id and the browsers merged into it).

type PersonRow = {
  id: number;
  agentId: number;
  mobile: string;
  viewerId: string;
  name: string;
  extra: unknown;
  blockedAt: Date | null;
  createdAt: Date;
  lastSeenAt: Date;
};

/** The ids a person acted under on the watch page: its mobile's viewer id and its merged browsers' ids. */
export async function idsOfPerson(db: Db, person: { id: number; viewerId: string }): Promise<string[]> {
  const browsers = await db
    .selectFrom('audiencePersonBrowsers')
    .select('browserId')
    .where('personId', '=', person.id)
    .execute();
  return [person.viewerId, ...browsers.map((row) => row.browserId)];
}

/** SQL: the ids of the person row aliased `p`, as an array, for `viewer_id = any(…)`. */
const idsOfP: RawBuilder<string[]> =
  sql`(array[p.viewer_id] || array(select b.browser_id from audience_person_browsers b where b.person_id = p.id))`;

/**
 * Keeps the person a viewer is once it proves a mobile for an agent (the watch page's SMS sign-in; registration calls
 * the same): made on the first sign-in, seen again on the next, and the browser it signed in from merged into it.
 */
export async function keepPerson(
  db: Db,
  input: { agentId: number; mobile: string; viewerId: string; browserId: string | undefined },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const person = await trx
      .insertInto('audiencePeople')
      .values({ agentId: input.agentId, mobile: input.mobile, viewerId: input.viewerId })
      .onConflict((oc) => oc.columns(['agentId', 'mobile']).doUpdateSet({ lastSeenAt: sql`now()` }))
      .returning('id')
      .executeTakeFirstOrThrow();
    if (input.browserId && input.browserId !== input.viewerId) {
      await trx
        .insertInto('audiencePersonBrowsers')
        .values({ personId: person.id, agentId: input.agentId, browserId: input.browserId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    return person.id;
  });
}

/**
 * Answers a person gave to the agent's CRM fields elsewhere (a registration form's CRM fields), merged into its
 * profile; a mobile that is nobody's person yet changes nothing.
 */
export async function recordPersonExtra(
  db: Db,
  agentId: number,
  mobile: string,
  values: Record<string, unknown>,
): Promise<void> {
  await db
    .updateTable('audiencePeople')
    .set({ extra: sql`extra || ${JSON.stringify(values)}::jsonb` })
    .where('agentId', '=', agentId)
    .where('mobile', '=', mobile)
    .execute();
}

/**
 * Whether a watch-page viewer id is a blocked person of the activity's agent (seed 001 §6 block management): the
 * person's own id or a browser merged into it, so signing out does not get round a block.
 */
export async function isBlockedOnActivity(db: Db, activityId: number, viewerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('audiencePeople as p')
    .innerJoin('activities as a', 'a.agentId', 'p.agentId')
    .select('p.id')
    .where('a.id', '=', activityId)
    .where('p.blockedAt', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('p.viewerId', '=', viewerId),
        eb(
          'p.id',
          'in',
          eb
            .selectFrom('audiencePersonBrowsers as b')
            .select('b.personId')
            .whereRef('b.agentId', '=', 'a.agentId')
            .where('b.browserId', '=', viewerId),
        ),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The same rule as a condition on a viewer id column of another query (the lottery's pool): true when the id is a
 * blocked person of the activity's agent, or a browser merged into one.
 */
export function blockedOnActivitySql(activityId: number, viewerId: RawBuilder<string>): RawBuilder<boolean> {
  return sql<boolean>`exists (
    select 1 from audience_people p join activities a on a.agent_id = p.agent_id
    where a.id = ${activityId} and p.blocked_at is not null
      and (p.viewer_id = ${viewerId} or exists (
        select 1 from audience_person_browsers b where b.person_id = p.id and b.agent_id = p.agent_id
          and b.browser_id = ${viewerId})))`;
}

/** Whether the signed-in mobile is a blocked person of this agent (the watch page withholds playback). */
export async function isMobileBlocked(db: Db, agentId: number, mobile: string): Promise<boolean> {
  const row = await db
    .selectFrom('audiencePeople')
    .select('id')
    .where('agentId', '=', agentId)
    .where('mobile', '=', mobile)
    .where('blockedAt', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** A person id from a URL or body: the caller's agent's, or 404 User Not Found. */
export async function ownPerson(db: Db, caller: Caller, personId: number): Promise<PersonRow> {
  const row = await ownRows(db, 'audiencePeople', caller).selectAll().where('id', '=', personId).executeTakeFirst();
  if (!row) throw notFound(AUDIENCE_ERRORS.personNotFound);
  return row as PersonRow;
}

/** Each person's ids (its mobile's viewer id, then its merged browsers'), for a page of people in one query. */
async function idsOfPeople(db: Db, people: readonly PersonRow[]): Promise<Map<number, string[]>> {
  const ids = new Map(people.map((person) => [person.id, [person.viewerId]]));
  if (people.length === 0) return ids;
  const browsers = await db
    .selectFrom('audiencePersonBrowsers')
    .select(['personId', 'browserId'])
    .where(
      'personId',
      'in',
      people.map((person) => person.id),
    )
    .execute();
  for (const row of browsers) ids.get(row.personId)?.push(row.browserId);
  return ids;
}

/** A sum per viewer id of one table's column, within the agent, for the given ids. */
async function sumsByViewer(
  db: Db,
  table: 'giftSends' | 'giftOrders' | 'redPacketGrabs',
  agentId: number,
  ids: string[],
): Promise<Map<string, number>> {
  let query = db
    .selectFrom(table)
    .select((eb) => ['viewerId', eb.fn.sum<string>('amount').as('amount')])
    .where('agentId', '=', agentId)
    .where('viewerId', 'in', ids)
    .groupBy('viewerId');
  if (table === 'giftOrders') query = query.where(sql<boolean>`status = 'paid'`);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.viewerId, Number(row.amount ?? 0)]));
}

/**
 * What the console shows of a page of people: fields, tags, inviter and the attribution path (issue 12: the ditch of
 * the first visit, when it signed in, visits and watch time, what it gave, paid and grabbed). A fixed number of
 * indexed queries for the whole page, whatever its size, each over all the page's ids.
 */
export async function toPeople(db: Db, people: readonly PersonRow[]): Promise<AudiencePerson[]> {
  const first = people[0];
  if (!first) return [];
  const agentId = first.agentId;
  const idsOf = await idsOfPeople(db, people);
  const all = [...idsOf.values()].flat();
  const personIds = people.map((person) => person.id);
  const [tags, favs, invitations, firstVisits, visitTotals, gifts, paid, packets] = await Promise.all([
    db
      .selectFrom('audiencePersonTags as pt')
      .innerJoin('audienceTags as t', 't.id', 'pt.tagId')
      .select(['pt.personId', 't.id', 't.name'])
      .where('pt.personId', 'in', personIds)
      .orderBy('t.name')
      .execute(),
    db
      .selectFrom('audienceFavInviters')
      .select('personId')
      .where('agentId', '=', agentId)
      .where('personId', 'in', personIds)
      .execute(),
    db
      .selectFrom('activityInvitees')
      .select(['inviteeId', 'inviterId', 'invitedAt'])
      .where('agentId', '=', agentId)
      .where('inviteeId', 'in', all)
      .execute(),
    // Each id's first visit; the person's is the earliest of its ids'.
    db
      .selectFrom('visits as v')
      .innerJoin('activities as a', 'a.id', 'v.activityId')
      .leftJoin('promotionChannels as c', (join) =>
        join.onRef('c.sign', '=', 'v.ditchSign').onRef('c.agentId', '=', 'v.agentId'),
      )
      .distinctOn('v.viewerId')
      .select([
        'v.viewerId',
        'v.ditchSign',
        'c.name as ditchName',
        'v.activityId',
        'a.name as activityName',
        'v.startedAt',
      ])
      .where('v.agentId', '=', agentId)
      .where('v.viewerId', 'in', all)
      .orderBy('v.viewerId')
      .orderBy('v.startedAt')
      .execute(),
    db
      .selectFrom('visits')
      .select((eb) => [
        'viewerId',
        eb.fn.countAll<string>().as('count'),
        eb.fn.sum<string>('watchSeconds').as('seconds'),
      ])
      .where('agentId', '=', agentId)
      .where('viewerId', 'in', all)
      .groupBy('viewerId')
      .execute(),
    sumsByViewer(db, 'giftSends', agentId, all),
    sumsByViewer(db, 'giftOrders', agentId, all),
    sumsByViewer(db, 'redPacketGrabs', agentId, all),
  ]);

  // Who the first invitation of each person names, when that inviter is a person (its own id or a merged browser's).
  const firstInvitation = new Map<number, string>();
  const ownerOf = new Map<string, number>();
  for (const [personId, ids] of idsOf) for (const id of ids) ownerOf.set(id, personId);
  for (const row of [...invitations].sort((x, y) => +new Date(x.invitedAt) - +new Date(y.invitedAt))) {
    const personId = ownerOf.get(row.inviteeId);
    if (personId !== undefined && !firstInvitation.has(personId)) firstInvitation.set(personId, row.inviterId);
  }
  const inviterIds = [...new Set(firstInvitation.values())];
  const inviters =
    inviterIds.length === 0
      ? []
      : await db
          .selectFrom('audiencePeople as p')
          .leftJoin('audiencePersonBrowsers as b', 'b.personId', 'p.id')
          .select(['p.id', 'p.name', 'p.mobile', 'p.viewerId', 'b.browserId'])
          .where('p.agentId', '=', agentId)
          .where((eb) => eb.or([eb('p.viewerId', 'in', inviterIds), eb('b.browserId', 'in', inviterIds)]))
          .execute();
  const inviterById = new Map<string, { id: number; name: string; mobile: string }>();
  for (const row of inviters) {
    inviterById.set(row.viewerId, row);
    if (row.browserId) inviterById.set(row.browserId, row);
  }

  return people.map((person) => {
    const ids = idsOf.get(person.id) ?? [person.viewerId];
    const sum = (map: Map<string, number>) => ids.reduce((total, id) => total + (map.get(id) ?? 0), 0);
    const visit = firstVisits
      .filter((row) => ids.includes(row.viewerId))
      .sort((x, y) => +new Date(x.startedAt) - +new Date(y.startedAt))[0];
    const totals = visitTotals.filter((row) => ids.includes(row.viewerId));
    const invitedBy = firstInvitation.get(person.id);
    const inviter = invitedBy === undefined ? undefined : inviterById.get(invitedBy);
    return {
      id: person.id,
      name: person.name,
      mobile: person.mobile,
      invitedBy: inviter?.id ?? null,
      invitedByName: inviter ? inviter.name || inviter.mobile : null,
      isInvitedByExisted: invitedBy !== undefined,
      tags: tags.filter((tag) => tag.personId === person.id).map((tag) => ({ id: tag.id, name: tag.name })),
      isBlocked: person.blockedAt !== null,
      isFavInviter: favs.some((fav) => fav.personId === person.id),
      info: (person.extra ?? {}) as Record<string, unknown>,
      createdAt: person.createdAt.toISOString(),
      lastSeenAt: person.lastSeenAt.toISOString(),
      attribution: {
        ditchSign: visit?.ditchSign ?? null,
        ditchName: visit?.ditchName ?? null,
        firstActivityId: visit?.activityId ?? null,
        firstActivityName: visit?.activityName ?? null,
        firstVisitAt: visit ? new Date(visit.startedAt).toISOString() : null,
        registeredAt: person.createdAt.toISOString(),
        visits: totals.reduce((total, row) => total + Number(row.count), 0),
        watchSeconds: totals.reduce((total, row) => total + Number(row.seconds ?? 0), 0),
        giftAmount: sum(gifts),
        paidAmount: sum(paid),
        redPacketAmount: sum(packets),
      } satisfies Attribution,
    };
  });
}

/** One person as the console shows it. */
export async function toPerson(db: Db, person: PersonRow): Promise<AudiencePerson> {
  const [shown] = await toPeople(db, [person]);
  return shown as AudiencePerson;
}

type SearchQuery = z.output<typeof audienceSearchQuery>;

/**
 * The search's total. A tag alone counts its tag's rows (an index-only scan) rather than joining every tagged person
 * back to check its agent: the tag is the caller's, so its people are.
 */
function countOf(
  db: Db,
  caller: Caller,
  query: SearchQuery,
  people: SelectQueryBuilder<DB & { p: DB['audiencePeople'] }, 'p', object>,
) {
  const tagOnly =
    query.tagId !== undefined &&
    !query.name &&
    !query.mobile &&
    query.invitedBy === undefined &&
    query.isInvitedByExisted === undefined;
  if (tagOnly && query.tagId !== undefined) {
    return db
      .selectFrom('audiencePersonTags as pt')
      .innerJoin('audienceTags as t', 't.id', 'pt.tagId')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('t.agentId', '=', caller.agentId)
      .where('pt.tagId', '=', query.tagId)
      .executeTakeFirstOrThrow();
  }
  return people.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
}

/** GET /v3/user/search and GET /v3/user: the caller's people matching every filter given, newest first. */
export async function searchAudience(db: Db, caller: Caller, query: SearchQuery): Promise<AudiencePersonList> {
  let people = db.selectFrom('audiencePeople as p').where('p.agentId', '=', caller.agentId);
  if (query.name) people = people.where(sql<boolean>`lower(p.name) like ${startingWith(query.name.toLowerCase())}`);
  if (query.mobile) {
    // A whole mobile is one person: the unique (agent, mobile) index finds it without a pattern.
    people =
      query.mobile.length === 11
        ? people.where('p.mobile', '=', query.mobile)
        : people.where(sql<boolean>`p.mobile like ${startingWith(query.mobile)}`);
  }
  if (query.tagId !== undefined) {
    const tagId = query.tagId;
    people = people.where((eb) =>
      eb.exists(
        eb
          .selectFrom('audiencePersonTags as pt')
          .select('pt.personId')
          .whereRef('pt.personId', '=', 'p.id')
          .where('pt.tagId', '=', tagId),
      ),
    );
  }
  if (query.invitedBy !== undefined) {
    // An inviter of another agent finds nobody, as one that invited nobody.
    const inviter = await ownRows(db, 'audiencePeople', caller)
      .select(['id', 'viewerId'])
      .where('id', '=', query.invitedBy)
      .executeTakeFirst();
    const inviterIds = inviter ? await idsOfPerson(db, inviter) : [];
    if (inviterIds.length === 0) return { items: [], pager: { page: query.page, pageSize: query.pageSize, total: 0 } };
    people = people.where(
      sql<boolean>`exists (select 1 from activity_invitees i where i.agent_id = p.agent_id
        and i.invitee_id = any(${idsOfP}) and i.inviter_id in (${sql.join(inviterIds)}))`,
    );
  }
  if (query.isInvitedByExisted !== undefined) {
    const invited = sql<boolean>`exists (select 1 from activity_invitees i where i.agent_id = p.agent_id
      and i.invitee_id = any(${idsOfP}))`;
    people = people.where(query.isInvitedByExisted ? invited : sql<boolean>`not ${invited}`);
  }
  const [rows, count] = await Promise.all([
    people
      .selectAll('p')
      .orderBy('p.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    countOf(db, caller, query, people),
  ]);
  const items = await toPeople(db, rows as PersonRow[]);
  return { items, pager: { page: query.page, pageSize: query.pageSize, total: Number(count.total) } };
}

export function listAudience(db: Db, caller: Caller, query: z.output<typeof audienceListQuery>) {
  return searchAudience(db, caller, query);
}

export async function getPerson(db: Db, caller: Caller, personId: number) {
  return toPerson(db, await ownPerson(db, caller, personId));
}

/** PUT /v3/user/{id}: the name and the extra answers, checked against the agent's CRM form (400 naming the key). */
export async function updatePerson(
  db: Db,
  caller: Caller,
  personId: number,
  input: z.output<typeof audiencePersonUpdate>,
): Promise<AudiencePerson> {
  const person = await ownPerson(db, caller, personId);
  const changes: { name?: string; extra?: string } = {};
  if (input.info.name !== undefined) changes.name = input.info.name;
  if (input.info.extra !== undefined) {
    const checked = validateExtraValues(
      await readExtraFields(db, caller.agentId),
      input.info.extra as Record<string, ExtraValue>,
    );
    if (!checked.ok) throw invalidField(`info.extra.${checked.key}`, checked.message);
    changes.extra = JSON.stringify(checked.values);
  }
  if (Object.keys(changes).length === 0) return toPerson(db, person);
  const updated = await db
    .updateTable('audiencePeople')
    .set(changes)
    .where('id', '=', person.id)
    .where('agentId', '=', caller.agentId)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw notFound(AUDIENCE_ERRORS.personNotFound);
  return toPerson(db, updated as PersonRow);
}

/** DELETE /v3/user/{id}: the person, its tags, block and common-referrer mark; its records stay with the activities. */
export async function deletePerson(db: Db, caller: Caller, personId: number) {
  const deleted = await db
    .deleteFrom('audiencePeople')
    .where('id', '=', personId)
    .where('agentId', '=', caller.agentId)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw notFound(AUDIENCE_ERRORS.personNotFound);
  return { ok: true as const };
}

/** PUT /v3/user/{id}/block-management (seed 001 §6): on every activity of the agent, now and later. */
export async function setBlocked(db: Db, caller: Caller, personId: number, isBlocked: boolean) {
  const updated = await db
    .updateTable('audiencePeople')
    .set({ blockedAt: isBlocked ? sql`coalesce(blocked_at, now())` : null })
    .where('id', '=', personId)
    .where('agentId', '=', caller.agentId)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw notFound(AUDIENCE_ERRORS.personNotFound);
  return toPerson(db, updated as PersonRow);
}
