import { type UserExtraConf, type UserExtraField, userExtraConf } from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { ownAgent } from '../../platform/tenancy.ts';

// The CRM form (user_extra_conf, seed 001 §3 "A CRM form list"): the extra profile fields an agent collects. The
// definitions are validated by the contract's schema on the way in and again on the way out, so a stored set that no
// longer parses (a later rule) answers no fields rather than a broken form.

export async function readExtraFields(db: Db, agentId: number): Promise<UserExtraField[]> {
  const row = await db
    .selectFrom('audienceExtraFields')
    .select('fields')
    .where('agentId', '=', agentId)
    .executeTakeFirst();
  const parsed = userExtraConf.safeParse({ fields: row?.fields ?? [] });
  return parsed.success ? parsed.data.fields : [];
}

/** GET /v3/agent/{agentId}/user_extra_conf */
export async function getExtraConf(db: Db, caller: Caller, agentId: number): Promise<UserExtraConf> {
  return { fields: await readExtraFields(db, ownAgent(caller, agentId)) };
}

/** POST /v3/agent/{agentId}/user_extra_conf: replaces the fields; answers to a removed key stay stored, unshown. */
export async function saveExtraConf(
  db: Db,
  caller: Caller,
  agentId: number,
  input: UserExtraConf,
): Promise<UserExtraConf> {
  const owner = ownAgent(caller, agentId);
  const fields = JSON.stringify(input.fields);
  await db
    .insertInto('audienceExtraFields')
    .values({ agentId: owner, fields })
    .onConflict((oc) => oc.column('agentId').doUpdateSet({ fields, updatedAt: new Date() }))
    .execute();
  return { fields: input.fields };
}
