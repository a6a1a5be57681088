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
import { type RawBuilder, sql } from 'kysely';
import type { z } from 'zod';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
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

async function attributionOf(db: Db, person: PersonRow, ids: string[]): Promise<Attribution> {
  const agentId = person.agentId;
  const [first, visits, gifts, paid, packets] = await Promise.all([
    db
      .selectFrom('visits as v')
      .innerJoin('activities as a', 'a.id', 'v.activityId')
      .leftJoin('promotionChannels as c', (join) =>
        join.onRef('c.sign', '=', 'v.ditchSign').onRef('c.agentId', '=', 'v.agentId'),
      )
      .select(['v.ditchSign', 'c.name as ditchName', 'v.activityId', 'a.name as activityName', 'v.startedAt'])
      .where('v.agentId', '=', agentId)
      .where('v.viewerId', 'in', ids)
      .orderBy('v.startedAt')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('visits')
      .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.sum<string>('watchSeconds').as('seconds')])
      .where('agentId', '=', agentId)
      .where('viewerId', 'in', ids)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('giftSends')
      .select((eb) => eb.fn.sum<string>('amount').as('amount'))
      .where('agentId', '=', agentId)
      .where('viewerId', 'in', ids)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('giftOrders')
      .select((eb) => eb.fn.sum<string>('amount').as('amount'))
      .where('agentId', '=', agentId)
      .where('viewerId', 'in', ids)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('redPacketGrabs')
      .select((eb) => eb.fn.sum<string>('amount').as('amount'))
      .where('agentId', '=', agentId)
      .where('viewerId', 'in', ids)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    ditchSign: first?.ditchSign ?? null,
    ditchName: first?.ditchName ?? null,
    firstActivityId: first?.activityId ?? null,
    firstActivityName: first?.activityName ?? null,
    firstVisitAt: first ? new Date(first.startedAt).toISOString() : null,
    registeredAt: person.createdAt.toISOString(),
    visits: Number(visits.count),
    watchSeconds: Number(visits.seconds ?? 0),
    giftAmount: Number(gifts.amount ?? 0),
    paidAmount: Number(paid.amount ?? 0),
    redPacketAmount: Number(packets.amount ?? 0),
  };
}

/** The person its first invitation names, when the inviter's id is a person's (its own or a merged browser's). */
async function inviterOf(db: Db, person: PersonRow, ids: string[]) {
  const invitation = await db
    .selectFrom('activityInvitees')
    .select('inviterId')
    .where('agentId', '=', person.agentId)
    .where('inviteeId', 'in', ids)
    .orderBy('invitedAt')
    .limit(1)
    .executeTakeFirst();
  if (!invitation) return { invited: false, inviter: undefined };
  const inviter = await db
    .selectFrom('audiencePeople as p')
    .select(['p.id', 'p.name', 'p.mobile'])
    .where('p.agentId', '=', person.agentId)
    .where((eb) =>
      eb.or([
        eb('p.viewerId', '=', invitation.inviterId),
        eb(
          'p.id',
          'in',
          eb
            .selectFrom('audiencePersonBrowsers as b')
            .select('b.personId')
            .where('b.agentId', '=', person.agentId)
            .where('b.browserId', '=', invitation.inviterId),
        ),
      ]),
    )
    .executeTakeFirst();
  return { invited: true, inviter };
}

/** What the console shows of a person: its fields, tags, inviter and attribution path. */
export async function toPerson(db: Db, person: PersonRow): Promise<AudiencePerson> {
  const ids = await idsOfPerson(db, person);
  const [tags, invitation, attribution, fav] = await Promise.all([
    db
      .selectFrom('audiencePersonTags as pt')
      .innerJoin('audienceTags as t', 't.id', 'pt.tagId')
      .select(['t.id', 't.name'])
      .where('pt.personId', '=', person.id)
      .orderBy('t.name')
      .execute(),
    inviterOf(db, person, ids),
    attributionOf(db, person, ids),
    db
      .selectFrom('audienceFavInviters')
      .select('personId')
      .where('agentId', '=', person.agentId)
      .where('personId', '=', person.id)
      .executeTakeFirst(),
  ]);
  return {
    id: person.id,
    name: person.name,
    mobile: person.mobile,
    invitedBy: invitation.inviter?.id ?? null,
    invitedByName: invitation.inviter ? invitation.inviter.name || invitation.inviter.mobile : null,
    isInvitedByExisted: invitation.invited,
    tags,
    isBlocked: person.blockedAt !== null,
    isFavInviter: fav !== undefined,
    info: (person.extra ?? {}) as Record<string, unknown>,
    createdAt: person.createdAt.toISOString(),
    lastSeenAt: person.lastSeenAt.toISOString(),
    attribution,
  };
}

type SearchQuery = z.output<typeof audienceSearchQuery>;

/** LIKE's wildcards in a typed prefix are literal. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET /v3/user/search and GET /v3/user: the caller's people matching every filter given, newest first. */
export async function searchAudience(db: Db, caller: Caller, query: SearchQuery): Promise<AudiencePersonList> {
  let people = db.selectFrom('audiencePeople as p').where('p.agentId', '=', caller.agentId);
  if (query.name) people = people.where(sql<boolean>`lower(p.name) like ${likePrefix(query.name.toLowerCase())}`);
  if (query.mobile) people = people.where(sql<boolean>`p.mobile like ${likePrefix(query.mobile)}`);
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
    people.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const items = await Promise.all(rows.map((row) => toPerson(db, row as PersonRow)));
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
