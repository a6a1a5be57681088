import type { FavInviter, FavInviterList, favInviterQuery } from '@yanbo/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { startingWith } from '../../platform/db/like.ts';
import { idsOfPerson, ownPerson } from './people-service.ts';

// Common referrers (常用推荐人, seed 001 §3 "A common-referrer (fav-inviter) list exists", §9 "Inviter list 100"):
// people the agent keeps at hand to see who they brought.

/** The people a person invited: invitations naming one of its ids whose invitee is a person of the agent. */
async function inviteeCount(db: Db, agentId: number, ids: string[]): Promise<number> {
  const row = await db
    .selectFrom('audiencePeople as p')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('p.agentId', '=', agentId)
    .where(
      sql<boolean>`exists (select 1 from activity_invitees i where i.agent_id = p.agent_id and i.inviter_id in (${sql.join(ids)})
        and i.invitee_id = any(array[p.viewer_id] || array(select b.browser_id from audience_person_browsers b where b.person_id = p.id)))`,
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type Row = { id: number; viewerId: string; name: string; mobile: string; addedAt: Date };
async function toFavInviter(db: Db, agentId: number, row: Row): Promise<FavInviter> {
  return {
    id: row.id,
    name: row.name,
    mobile: row.mobile,
    inviteeCount: await inviteeCount(db, agentId, await idsOfPerson(db, row)),
    addedAt: row.addedAt.toISOString(),
  };
}

export async function addFavInviter(db: Db, caller: Caller, personId: number): Promise<FavInviter> {
  const person = await ownPerson(db, caller, personId);
  const row = await db
    .insertInto('audienceFavInviters')
    .values({ agentId: caller.agentId, personId: person.id })
    .onConflict((oc) => oc.columns(['agentId', 'personId']).doUpdateSet({ agentId: caller.agentId }))
    .returning('createdAt')
    .executeTakeFirstOrThrow();
  return toFavInviter(db, caller.agentId, { ...person, addedAt: row.createdAt });
}

export async function removeFavInviter(db: Db, caller: Caller, personId: number) {
  const person = await ownPerson(db, caller, personId);
  await db
    .deleteFrom('audienceFavInviters')
    .where('agentId', '=', caller.agentId)
    .where('personId', '=', person.id)
    .execute();
  return { ok: true as const };
}

export async function listFavInviters(
  db: Db,
  caller: Caller,
  query: z.output<typeof favInviterQuery>,
): Promise<FavInviterList> {
  let rows = db
    .selectFrom('audienceFavInviters as f')
    .innerJoin('audiencePeople as p', 'p.id', 'f.personId')
    .where('f.agentId', '=', caller.agentId)
    .where('p.agentId', '=', caller.agentId);
  if (query.name) {
    rows = rows.where(sql<boolean>`lower(p.name) like ${startingWith(query.name.toLowerCase())}`);
  }
  const [page, count] = await Promise.all([
    rows
      .select(['p.id', 'p.viewerId', 'p.name', 'p.mobile', 'f.createdAt as addedAt'])
      .orderBy('f.createdAt', 'desc')
      .orderBy('p.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    rows.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const items = await Promise.all(page.map((row) => toFavInviter(db, caller.agentId, row)));
  return { items, pager: { page: query.page, pageSize: query.pageSize, total: Number(count.total) } };
}
