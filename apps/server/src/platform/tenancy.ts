import { ERROR_CODES, ERROR_MESSAGES } from '@yanbo/contracts';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Caller } from './auth.ts';
import type { Db } from './db/database.ts';
import type { AgentRow, DB } from './db/schema.ts';
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

// The agent tree (seed 000 §6): an agent administers the agents below it, at any depth, but never itself, its upper
// agents or another tree. Parents are set once, at creation, so the tree has no cycles; the depth guard is a backstop.
const MAX_TREE_DEPTH = 64;

/** The agents strictly below rootId, each with its depth (1 = directly below), as the CTE `agentTree`. */
export function withAgentSubtree(db: Db, rootId: number) {
  return db.withRecursive('agentTree(id, depth)', (qb) =>
    qb
      .selectFrom('agents')
      .select(['agents.id', sql<number>`1`.as('depth')])
      .where('agents.parentId', '=', rootId)
      .unionAll((below) =>
        below
          .selectFrom('agents')
          .innerJoin('agentTree', 'agentTree.id', 'agents.parentId')
          .select(['agents.id', sql<number>`agent_tree.depth + 1`.as('depth')])
          .where('agentTree.depth', '<', MAX_TREE_DEPTH),
      ),
  );
}

/**
 * An agent id from a URL or body: an agent strictly below the caller's agent, with its depth there, or 404 Agent Not
 * Found (the caller itself included). Walks up from the agent, so its cost is the depth, not the size of the tree.
 */
export async function agentInTree(db: Db, caller: Caller, agentId: number): Promise<AgentRow & { depth: number }> {
  const found = await db
    .withRecursive('ancestry(id, parentId, depth)', (qb) =>
      qb
        .selectFrom('agents')
        .select(['agents.id', 'agents.parentId', sql<number>`1`.as('depth')])
        .where('agents.id', '=', agentId)
        .unionAll((up) =>
          up
            .selectFrom('agents')
            .innerJoin('ancestry', 'ancestry.parentId', 'agents.id')
            .select(['agents.id', 'agents.parentId', sql<number>`ancestry.depth + 1`.as('depth')])
            .where('ancestry.depth', '<', MAX_TREE_DEPTH),
        ),
    )
    .selectFrom('ancestry')
    .select('depth')
    .where('parentId', '=', caller.agentId)
    .executeTakeFirst();
  if (!found) throw notFound(ERROR_MESSAGES.agentNotFound);
  const agent = await db.selectFrom('agents').selectAll().where('id', '=', agentId).executeTakeFirstOrThrow();
  return { ...agent, depth: Number(found.depth) };
}
