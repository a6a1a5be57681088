import { ERROR_CODES, ERROR_MESSAGES } from '@yanbo/contracts';
import {
  type DeleteQueryBuilder,
  type DeleteResult,
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
  sql,
  type UpdateQueryBuilder,
  type UpdateResult,
} from 'kysely';
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

// The rows that belong to an agent: every table with an agentId column. The scope helpers below start a query on one
// of them already narrowed to the caller's agent, so a service never writes the filter by hand. Only tables with an
// agentId column are accepted: ownRows(db, 'categories', caller) does not compile.

/** The tables whose rows belong to one agent (an agentId column). */
export type AgentTable = { [T in keyof DB]: DB[T] extends { agentId: number | null } ? T : never }[keyof DB];

// Kysely cannot check a column reference through a table name that is itself a type parameter, so the helpers build
// on this untyped view of the same database and answer the builder the named table would have given.
// biome-ignore lint/suspicious/noExplicitAny: the view the generic helpers build on; their answers are typed.
type AnyTables = Kysely<any>;
// biome-ignore lint/complexity/noBannedTypes: Kysely's own type for a select with no columns chosen yet.
type NoColumns = {};
const agentIdOf = (table: AgentTable) => sql.ref<number>(`${table}.agentId`);

/** A select on the caller's agent's rows of one table: `select … from <table> where <table>.agentId = caller's`. */
export function ownRows<T extends AgentTable>(db: Db, table: T, caller: Caller): SelectQueryBuilder<DB, T, NoColumns> {
  const query = (db as AnyTables).selectFrom(table as string).where(agentIdOf(table), '=', caller.agentId);
  return query as unknown as SelectQueryBuilder<DB, T, NoColumns>;
}

/** An update of the caller's agent's rows of one table (add .set, and .where to pick among them). */
export function updateOwnRows<T extends AgentTable>(
  db: Db,
  table: T,
  caller: Caller,
): UpdateQueryBuilder<DB, T, T, UpdateResult> {
  const query = (db as AnyTables).updateTable(table as string).where(agentIdOf(table), '=', caller.agentId);
  return query as unknown as UpdateQueryBuilder<DB, T, T, UpdateResult>;
}

/** A delete of the caller's agent's rows of one table (add .where to pick among them). */
export function deleteOwnRows<T extends AgentTable>(
  db: Db,
  table: T,
  caller: Caller,
): DeleteQueryBuilder<DB, T, DeleteResult> {
  const query = (db as AnyTables).deleteFrom(table as string).where(agentIdOf(table), '=', caller.agentId);
  return query as unknown as DeleteQueryBuilder<DB, T, DeleteResult>;
}

/** The agent tables whose rows are deleted by marking them (a deletedAt column): a marked row is gone for ownRow. */
type SoftDeletedTable = { [T in AgentTable]: DB[T] extends { deletedAt: unknown } ? T : never }[AgentTable];
const SOFT_DELETED_TABLES = [
  'activities',
  'comments',
  'gifts',
  'products',
  'questions',
  'subagents',
] as const satisfies SoftDeletedTable[];
// A table that gains a deletedAt column must be listed above: this line stops compiling until it is.
const everySoftDeletedListed: [Exclude<SoftDeletedTable, (typeof SOFT_DELETED_TABLES)[number]>] extends [never]
  ? true
  : false = true;
void everySoftDeletedListed;
const SOFT_DELETED: ReadonlySet<string> = new Set(SOFT_DELETED_TABLES);

/**
 * The tables a sub-account sees only part of: their ids go through their own checks (ownActivity, ownMedia, the
 * ditches' scope), never through ownRow, which knows the agent only.
 */
type SubaccountScopedTable = 'activities' | 'media' | 'promotionChannels';

/** The agent tables whose rows have an id a URL or body can name. */
type OwnRowTable = Exclude<
  { [T in AgentTable]: DB[T] extends { id: unknown } ? T : never }[AgentTable],
  SubaccountScopedTable
>;

/**
 * A row id from a URL or body: the caller's agent's row (not deleted, for a table that marks deletions), or 404 with
 * the service's message, exactly as for an id that does not exist.
 */
export async function ownRow<T extends OwnRowTable>(
  db: Db,
  table: T,
  caller: Caller,
  id: number,
  notFoundMessage: string,
): Promise<Selectable<DB[T]>> {
  let query = (db as AnyTables)
    .selectFrom(table as string)
    .selectAll()
    .where(agentIdOf(table), '=', caller.agentId)
    .where(sql.ref(`${table}.id`), '=', id);
  if (SOFT_DELETED.has(table)) query = query.where(sql.ref(`${table}.deletedAt`), 'is', null);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(notFoundMessage);
  return row as Selectable<DB[T]>;
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
