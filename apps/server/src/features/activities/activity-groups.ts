import { type ActivityGroup, ERROR_MESSAGES } from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest } from '../../platform/errors.ts';
import { ownRow, ownRows } from '../../platform/tenancy.ts';

// Activity groups belong to the agent; the list's synthetic groups 全部 (-1) and 归档活动 (-2) are the console's.
// Sub-accounts see the groups, and only the main account changes them (the entries say mainAccount).

const nameTaken = () => badRequest(ERROR_MESSAGES.groupNameExists, undefined, 'name');

export async function listActivityGroups(db: Db, caller: Caller): Promise<{ items: ActivityGroup[] }> {
  const rows = await ownRows(db, 'activityGroups', caller)
    .leftJoin('activities', (join) =>
      join.onRef('activities.groupId', '=', 'activityGroups.id').on('activities.deletedAt', 'is', null),
    )
    .select((eb) => [
      'activityGroups.id',
      'activityGroups.name',
      eb.fn.count<string>('activities.id').as('activityCount'),
    ])
    .groupBy(['activityGroups.id', 'activityGroups.name'])
    .orderBy('activityGroups.id')
    .execute();
  return { items: rows.map((row) => ({ ...row, activityCount: Number(row.activityCount) })) };
}

async function assertNameFree(db: Db, caller: Caller, name: string, exceptId?: number) {
  let query = ownRows(db, 'activityGroups', caller).select('id').where('name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw nameTaken();
}

const ownGroup = (db: Db, caller: Caller, groupId: number) =>
  ownRow(db, 'activityGroups', caller, groupId, ERROR_MESSAGES.activityGroupNotFound);

export async function createActivityGroup(db: Db, caller: Caller, name: string): Promise<ActivityGroup> {
  await assertNameFree(db, caller, name);
  const row = await db
    .insertInto('activityGroups')
    .values({ agentId: caller.agentId, name })
    .onConflict((oc) => oc.columns(['agentId', 'name']).doNothing())
    .returning(['id', 'name'])
    .executeTakeFirst();
  if (!row) throw nameTaken();
  return { ...row, activityCount: 0 };
}

export async function renameActivityGroup(db: Db, caller: Caller, groupId: number, name: string) {
  await ownGroup(db, caller, groupId);
  await assertNameFree(db, caller, name, groupId);
  await db.updateTable('activityGroups').set({ name }).where('id', '=', groupId).execute();
  const groups = await listActivityGroups(db, caller);
  return groups.items.find((group) => group.id === groupId) as ActivityGroup;
}

/** Deleting a group keeps its activities, now in no group. */
export async function deleteActivityGroup(db: Db, caller: Caller, groupId: number) {
  await ownGroup(db, caller, groupId);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('activities').set({ groupId: null }).where('groupId', '=', groupId).execute();
    await trx.deleteFrom('activityGroups').where('id', '=', groupId).execute();
  });
  return { ok: true as const };
}
