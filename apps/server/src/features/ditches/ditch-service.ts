import { randomBytes } from 'node:crypto';
import {
  DITCH_ERRORS,
  type Ditch,
  type DitchInput,
  type DitchList,
  type DitchListQuery,
  type DitchUpdate,
  ditchLink,
} from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { containing } from '../../platform/db/like.ts';
import { page } from '../../platform/db/page.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { notFound } from '../../platform/errors.ts';
import { ownActivity, ownAgent, ownRows, scopeActivities } from '../../platform/tenancy.ts';

// Ditches (promotion channels) belong to the agent; each may be tied to one of its activities. The sign is the
// ditch's identity in URLs and share links, so the server makes it: short, url-safe, unique within the agent.

const SIGN_BYTES = 6;

type Row = { id: number; name: string; sign: string; activityId: number | null; createdAt: Date };

function toDitch(row: Row & { visitCount?: string | number | null }, linkActivityId?: number): Ditch {
  const activityId = row.activityId ?? linkActivityId ?? null;
  return {
    id: row.id,
    name: row.name,
    sign: row.sign,
    activityId: row.activityId,
    link: activityId === null ? null : ditchLink(activityId, row.sign),
    visitCount: Number(row.visitCount ?? 0),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The ditches a caller reaches: its agent's; a sub-account only those for any activity (no activity tied) and those
 * tied to its own activities, never one tied to an activity of its agent that is not assigned to it.
 */
function scopeDitches(db: Db, caller: Caller) {
  const base = ownRows(db, 'promotionChannels', caller);
  if (caller.subagentId === null) return base;
  return base.where((eb) =>
    eb.or([
      eb('promotionChannels.activityId', 'is', null),
      eb(
        'promotionChannels.activityId',
        'in',
        scopeActivities(db.selectFrom('activities').select('activities.id'), caller),
      ),
    ]),
  );
}

const newSign = () => randomBytes(SIGN_BYTES).toString('base64url');

/** GET /agent/{id}/promotion-channel, newest first; with activityId, the ditches usable for it with its links. */
export async function listDitches(db: Db, caller: Caller, agentId: number, query: DitchListQuery): Promise<DitchList> {
  ownAgent(caller, agentId);
  let base = scopeDitches(db, caller);
  if (query.activityId !== undefined) {
    const activityId = await ownActivity(db, caller, query.activityId);
    base = base.where((eb) => eb.or([eb('activityId', 'is', null), eb('activityId', '=', activityId)]));
  }
  if (query.name) base = base.where('name', 'ilike', containing(query.name));
  const { items, pager } = await page(
    base
      .select(['id', 'name', 'sign', 'activityId', 'createdAt'])
      // Watch-page visits through the ditch, from the rollup the visits keep (never the visits themselves).
      .select((eb) => {
        let visits = eb
          .selectFrom('activityDitchVisits')
          .select((sub) => sub.fn.sum<string | null>('activityDitchVisits.visits').as('sum'))
          .whereRef('activityDitchVisits.ditchId', '=', 'promotionChannels.id');
        if (query.activityId !== undefined)
          visits = visits.where('activityDitchVisits.activityId', '=', query.activityId);
        return visits.as('visitCount');
      })
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc'),
    query,
  );
  return { items: items.map((row) => toDitch(row, query.activityId)), pager };
}

export async function createDitch(db: Db, caller: Caller, agentId: number, input: DitchInput): Promise<Ditch> {
  ownAgent(caller, agentId);
  const activityId = input.activityId === null ? null : await ownActivity(db, caller, input.activityId);
  // A clash of random signs is rare; try again with another.
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await db
        .insertInto('promotionChannels')
        .values({ agentId: caller.agentId, activityId, name: input.name, sign: newSign() })
        .returning(['id', 'name', 'sign', 'activityId', 'createdAt'])
        .executeTakeFirstOrThrow();
      return toDitch(row);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

async function ownDitch(db: Db, caller: Caller, agentId: number, sign: string) {
  ownAgent(caller, agentId);
  const row = await scopeDitches(db, caller)
    .select(['id', 'name', 'sign', 'activityId', 'createdAt'])
    .where('sign', '=', sign)
    .executeTakeFirst();
  if (!row) throw notFound(DITCH_ERRORS.ditchNotFound);
  return row;
}

export async function updateDitch(
  db: Db,
  caller: Caller,
  agentId: number,
  sign: string,
  update: DitchUpdate,
): Promise<Ditch> {
  const ditch = await ownDitch(db, caller, agentId, sign);
  const activityId =
    update.activityId === undefined || update.activityId === null
      ? update.activityId
      : await ownActivity(db, caller, update.activityId);
  const changes = {
    ...(update.name !== undefined ? { name: update.name } : {}),
    ...(activityId !== undefined ? { activityId } : {}),
  };
  // Every field of an edit is optional, so an edit that names none changes nothing and answers the ditch as it is.
  const row =
    Object.keys(changes).length === 0
      ? ditch
      : await db
          .updateTable('promotionChannels')
          .set(changes)
          .where('id', '=', ditch.id)
          .returning(['id', 'name', 'sign', 'activityId', 'createdAt'])
          .executeTakeFirstOrThrow();
  const visits = await db
    .selectFrom('activityDitchVisits')
    .select((eb) => eb.fn.sum<string | null>('visits').as('sum'))
    .where('ditchId', '=', ditch.id)
    .executeTakeFirstOrThrow();
  return toDitch({ ...row, visitCount: visits.sum });
}

export async function deleteDitch(db: Db, caller: Caller, agentId: number, sign: string) {
  const ditch = await ownDitch(db, caller, agentId, sign);
  await db.deleteFrom('promotionChannels').where('id', '=', ditch.id).execute();
  return { ok: true as const };
}
