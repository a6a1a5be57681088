import { ERROR_CODES, ERROR_MESSAGES } from '@yanbo/contracts';
import type { SelectQueryBuilder } from 'kysely';
import type { Caller } from './auth.ts';
import type { Db } from './db/database.ts';
import type { DB } from './db/schema.ts';
import { forbidden, notFound } from './errors.ts';

// The tenancy rule in one place: every id from a URL or body is checked against the caller's agent here, and an id
// that is not the caller's answers 404, exactly as a missing one does.

/** An agent id from a URL that must be the caller's own agent. */
export function ownAgent(caller: Caller, agentId: number): number {
  if (agentId !== caller.agentId) throw notFound(ERROR_MESSAGES.agentNotFound);
  return agentId;
}

/** Changes to the account itself (password, mobile, profile, bindings) belong to the main account only. */
export function mainAccountOnly(caller: Caller): void {
  if (caller.subagentId !== null)
    throw forbidden('Sub-account is not allowed to do this', ERROR_CODES.subAgentForbidden);
}

/** The activities a caller may see: its agent's, and for a sub-account only those assigned to it. */
export function scopeActivities<O>(query: SelectQueryBuilder<DB, 'activities', O>, caller: Caller) {
  let scoped = query.where('activities.agentId', '=', caller.agentId).where('activities.deletedAt', 'is', null);
  if (caller.subagentId !== null) scoped = scoped.where('activities.subagentId', '=', caller.subagentId);
  return scoped;
}

/** An activity id from a URL or body: the caller's, or 404 Activity Not Found. */
export async function ownActivity(db: Db, caller: Caller, activityId: number): Promise<number> {
  const row = await scopeActivities(db.selectFrom('activities').select('activities.id'), caller)
    .where('activities.id', '=', activityId)
    .executeTakeFirst();
  if (!row) throw notFound(ERROR_MESSAGES.activityNotFound);
  return row.id;
}
