import { ERROR_MESSAGES, MAX_SUBACCOUNT_GROUPS, type SubaccountGroup } from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { ownRows } from '../../platform/tenancy.ts';

// Sub-account groups belong to the agent: at most MAX_SUBACCOUNT_GROUPS, names unique (seed 001 §5). The console's
// synthetic 默认分组 (-1) is not stored.

const nameTaken = () => badRequest(ERROR_MESSAGES.groupNameExists, undefined, 'name');

function groupsWithCounts(db: Db, caller: Caller) {
  return ownRows(db, 'subagentGroups', caller)
    .leftJoin('subagents', (join) =>
      join.onRef('subagents.groupId', '=', 'subagentGroups.id').on('subagents.deletedAt', 'is', null),
    )
    .select((eb) => ['subagentGroups.id', 'subagentGroups.name', eb.fn.count<string>('subagents.id').as('n')])
    .groupBy(['subagentGroups.id', 'subagentGroups.name'])
    .orderBy('subagentGroups.id');
}

const toGroup = (row: { id: number; name: string; n: string | number }): SubaccountGroup => ({
  id: row.id,
  name: row.name,
  subagentCount: Number(row.n),
});

export async function listSubaccountGroups(db: Db, caller: Caller): Promise<{ items: SubaccountGroup[] }> {
  return { items: (await groupsWithCounts(db, caller).execute()).map(toGroup) };
}

/** A group id from a URL or body: the caller's agent's, or 404. */
export async function ownSubaccountGroup(db: Db, caller: Caller, groupId: number): Promise<SubaccountGroup> {
  const row = await groupsWithCounts(db, caller).where('subagentGroups.id', '=', groupId).executeTakeFirst();
  if (!row) throw notFound(ERROR_MESSAGES.subaccountGroupNotFound);
  return toGroup(row);
}

async function assertNameFree(db: Db, caller: Caller, name: string, exceptId?: number) {
  let query = ownRows(db, 'subagentGroups', caller).select('id').where('name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw nameTaken();
}

export async function createSubaccountGroup(db: Db, caller: Caller, name: string): Promise<SubaccountGroup> {
  const row = await db.transaction().execute(async (trx) => {
    // The agent row is the lock, so parallel creations cannot pass the limit together.
    await trx.selectFrom('agents').select('id').where('id', '=', caller.agentId).forUpdate().executeTakeFirstOrThrow();
    const { n } = await ownRows(trx, 'subagentGroups', caller)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_SUBACCOUNT_GROUPS) throw forbidden(ERROR_MESSAGES.tooManyGroups);
    await assertNameFree(trx, caller, name);
    return trx
      .insertInto('subagentGroups')
      .values({ agentId: caller.agentId, name })
      .onConflict((oc) => oc.columns(['agentId', 'name']).doNothing())
      .returning(['id', 'name'])
      .executeTakeFirst();
  });
  if (!row) throw nameTaken();
  return { ...row, subagentCount: 0 };
}

export async function renameSubaccountGroup(db: Db, caller: Caller, groupId: number, name: string) {
  await ownSubaccountGroup(db, caller, groupId);
  await assertNameFree(db, caller, name, groupId);
  await db
    .updateTable('subagentGroups')
    .set({ name })
    .where('id', '=', groupId)
    .execute()
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    });
  return ownSubaccountGroup(db, caller, groupId);
}

/** Deleting a group keeps its sub-accounts, now in no group. */
export async function deleteSubaccountGroup(db: Db, caller: Caller, groupId: number) {
  await ownSubaccountGroup(db, caller, groupId);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('subagents').set({ groupId: null }).where('groupId', '=', groupId).execute();
    await trx.deleteFrom('subagentGroups').where('id', '=', groupId).execute();
  });
  return { ok: true as const };
}
