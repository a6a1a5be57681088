import {
  type AgencyAgentList,
  type AgentCoopBody,
  type AgentCreateBody,
  type AgentCreditBody,
  type AgentCreditResult,
  type AgentFieldList,
  type AgentImpersonationList,
  type AgentImpersonationQuery,
  type AgentListQuery,
  type AgentStatus,
  type AgentUpdateBody,
  ERROR_CODES,
  ERROR_MESSAGES,
  type ManagedAgent,
  type ManagedAgentList,
} from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import { hashPassword } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/database.ts';
import { containing } from '../../platform/db/like.ts';
import { page } from '../../platform/db/page.ts';
import type { AgentRow, AgentUpdate } from '../../platform/db/schema.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { badRequest, conflict, forbidden, invalidField } from '../../platform/errors.ts';
import { endSessions, transactionEndingSessions } from '../../platform/sessions.ts';
import { agentInTree, withAgentSubtree } from '../../platform/tenancy.ts';
import { loadManagedAgents, toCredit } from './agent-views.ts';
import { isKnownArea } from './area-library.ts';

// Agent administration (seed 000 §7): every agent id comes through agentInTree, so an agent outside the caller's
// subtree (its own upper agents, another tree, the caller itself) answers 404 Agent Not Found.

const mobileTaken = () => conflict(ERROR_MESSAGES.mobileRegistered, ERROR_CODES.mobileRegistered, 'mobile');

export async function listFields(db: Db): Promise<AgentFieldList> {
  return { items: await db.selectFrom('agentFields').select(['id', 'name']).orderBy('sort').orderBy('id').execute() };
}

/** The caller's subtree filtered as the list asks: one query builder for the page and its total. */
function subtreeQuery(db: Db, caller: Caller, query: AgentListQuery) {
  let base = withAgentSubtree(db, caller.agentId)
    .selectFrom('agentTree')
    .innerJoin('agents', 'agents.id', 'agentTree.id');
  if (query.status) base = base.where('agents.status', '=', query.status);
  if (query.coopLevel !== undefined) base = base.where('agents.coopLevel', '=', query.coopLevel);
  const content = query.content;
  if (content) {
    if (query.searchType === 'id') {
      // The lower-level agent's number: exact; anything but a number matches nothing.
      const id = /^\d{1,9}$/.test(content) ? Number(content) : -1;
      base = base.where('agents.id', '=', id);
    } else {
      base = base.where(`agents.${query.searchType}`, 'ilike', containing(content));
    }
  }
  return base;
}

async function pageOfSubtree(db: Db, caller: Caller, query: AgentListQuery) {
  const { items, pager } = await page(
    subtreeQuery(db, caller, query).select(['agents.id', 'agentTree.depth']).orderBy('agents.id', 'desc'),
    query,
  );
  return { rows: items.map((row) => ({ id: row.id, depth: Number(row.depth) })), pager };
}

/** GET /agent/agent: the agents below the caller at any depth, newest first. */
export async function listAgents(db: Db, caller: Caller, query: AgentListQuery): Promise<ManagedAgentList> {
  const { rows, pager } = await pageOfSubtree(db, caller, query);
  return { items: await loadManagedAgents(db, rows), pager };
}

/** GET /v2/agency/agent: the same agents with how many activities and sub-accounts each runs. */
export async function listAgency(db: Db, caller: Caller, query: AgentListQuery): Promise<AgencyAgentList> {
  const { rows, pager } = await pageOfSubtree(db, caller, query);
  if (rows.length === 0) return { items: [], pager };
  const ids = rows.map((row) => row.id);
  const details = await db
    .selectFrom('agents')
    .select((eb) => [
      'agents.id',
      'agents.parentId',
      'agents.mobile',
      'agents.contact',
      'agents.company',
      'agents.status',
      'agents.coopLevel',
      'agents.createdAt',
      eb
        .selectFrom('agentActivityCounts')
        .select((inner) => inner.fn.coalesce(inner.fn.sum<string>('count'), inner.lit(0)).as('n'))
        .whereRef('agentActivityCounts.agentId', '=', 'agents.id')
        .as('activityCount'),
      eb
        .selectFrom('subagents')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('subagents.agentId', '=', 'agents.id')
        .where('subagents.deletedAt', 'is', null)
        .as('subagentCount'),
    ])
    .where('agents.id', 'in', ids)
    .execute();
  const byId = new Map(details.map((row) => [row.id, row]));
  return {
    items: rows.flatMap(({ id, depth }) => {
      const row = byId.get(id);
      if (!row) return [];
      return [
        {
          ...row,
          depth,
          activityCount: Number(row.activityCount ?? 0),
          subagentCount: Number(row.subagentCount ?? 0),
          createdAt: row.createdAt.toISOString(),
        },
      ];
    }),
    pager,
  };
}

async function managedAgent(db: Db, agent: { id: number; depth: number }): Promise<ManagedAgent> {
  const [view] = await loadManagedAgents(db, [agent]);
  if (!view) throw new Error(`agent ${agent.id} vanished`);
  return view;
}

export async function getAgent(db: Db, caller: Caller, agentId: number): Promise<ManagedAgent> {
  return managedAgent(db, await agentInTree(db, caller, agentId));
}

/** Only an agent with a cooperation level may have lower-level agents, each at a lower level than its upper agent. */
async function checkCoopLevel(db: Db, upper: AgentRow, coopLevel: number, agentId?: number) {
  if (coopLevel >= upper.coopLevel) {
    throw badRequest(ERROR_MESSAGES.coopLevelNotBelowUpper, ERROR_CODES.coopLevelNotBelowUpper, 'coopLevel');
  }
  if (agentId === undefined) return;
  const lower = await db
    .selectFrom('agents')
    .select((eb) => eb.fn.max('coopLevel').as('highest'))
    .where('parentId', '=', agentId)
    .executeTakeFirst();
  if (lower?.highest !== null && lower?.highest !== undefined && coopLevel <= Number(lower.highest)) {
    throw badRequest(ERROR_MESSAGES.coopLevelNotAboveLower, ERROR_CODES.coopLevelNotAboveLower, 'coopLevel');
  }
}

async function checkField(db: Db, fieldId: number | null | undefined) {
  if (fieldId === null || fieldId === undefined) return;
  const field = await db.selectFrom('agentFields').select('id').where('id', '=', fieldId).executeTakeFirst();
  if (!field) throw invalidField('fieldId', 'Unknown field');
}

/** The account manager is a sub-account (staff member) of the managed agent's upper agent. */
async function checkManager(db: Db, upperAgentId: number, managerId: number | null | undefined) {
  if (managerId === null || managerId === undefined) return;
  const manager = await db
    .selectFrom('subagents')
    .select('id')
    .where('id', '=', managerId)
    .where('agentId', '=', upperAgentId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!manager) throw invalidField('managerId', 'Unknown manager');
}

function checkContract(startedAt: Date | null, endedAt: Date | null) {
  if (startedAt && endedAt && endedAt <= startedAt) {
    throw invalidField('contractEndedAt', 'The contract must end after it starts');
  }
}

/** extra.area is a region of the area library (GET /agent/area). */
function checkArea(area: number | undefined) {
  if (area !== undefined && !isKnownArea(area)) throw invalidField('extra.area', 'Unknown area');
}

const toDate = (value: string | null) => (value === null ? null : new Date(value));

async function assertMobileFree(db: Db, mobile: string) {
  const taken = await db.selectFrom('agents').select('id').where('mobile', '=', mobile).executeTakeFirst();
  if (taken) throw mobileTaken();
}

/** A signup racing this write may take the mobile between the check and the write. */
function mobileRace(error: unknown): never {
  if (isUniqueViolation(error)) throw mobileTaken();
  throw error;
}

/** POST /agent/agent/: a new agent directly below the caller. */
export async function createAgent(ctx: AppContext, caller: Caller, body: AgentCreateBody): Promise<ManagedAgent> {
  const { db } = ctx;
  const upper = caller.agent;
  if (upper.coopLevel <= 0) throw forbidden(ERROR_MESSAGES.coopLevelTooLow, ERROR_CODES.coopLevelTooLow);
  await checkCoopLevel(db, upper, body.coopLevel);
  const contractStartedAt = toDate(body.contractStartedAt);
  const contractEndedAt = toDate(body.contractEndedAt);
  checkContract(contractStartedAt, contractEndedAt);
  checkArea(body.extra.area);
  await checkField(db, body.fieldId);
  await checkManager(db, caller.agentId, body.managerId);
  await assertMobileFree(db, body.mobile);
  const passwordHash = await hashPassword(body.password);
  const row = await db
    .insertInto('agents')
    .values({
      parentId: caller.agentId,
      mobile: body.mobile,
      passwordHash,
      contact: body.contact,
      company: body.company,
      email: body.email,
      coopLevel: body.coopLevel,
      extra: JSON.stringify(body.extra),
      fieldId: body.fieldId,
      contractStartedAt,
      contractEndedAt,
      managerId: body.managerId,
    })
    .onConflict((oc) => oc.column('mobile').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw mobileTaken();
  return managedAgent(db, { id: row.id, depth: 1 });
}

/** PUT /agent/agent/{id}: what the body gives changes; a new password ends the agent's own sessions. */
export async function updateAgent(
  ctx: AppContext,
  caller: Caller,
  agentId: number,
  body: AgentUpdateBody,
): Promise<ManagedAgent> {
  const { db } = ctx;
  const agent = await agentInTree(db, caller, agentId);
  const changes: AgentUpdate = {};
  if (body.contact !== undefined) changes.contact = body.contact;
  if (body.company !== undefined) changes.company = body.company;
  if (body.email !== undefined) changes.email = body.email;
  if (body.coopLevel !== undefined && body.coopLevel !== agent.coopLevel) {
    await checkCoopLevel(db, await upperOf(db, agent), body.coopLevel, agent.id);
    changes.coopLevel = body.coopLevel;
  }
  if (body.fieldId !== undefined) {
    await checkField(db, body.fieldId);
    changes.fieldId = body.fieldId;
  }
  if (body.managerId !== undefined) {
    await checkManager(db, agent.parentId ?? caller.agentId, body.managerId);
    changes.managerId = body.managerId;
  }
  const contractStartedAt =
    body.contractStartedAt === undefined ? agent.contractStartedAt : toDate(body.contractStartedAt);
  const contractEndedAt = body.contractEndedAt === undefined ? agent.contractEndedAt : toDate(body.contractEndedAt);
  checkContract(contractStartedAt, contractEndedAt);
  changes.contractStartedAt = contractStartedAt;
  changes.contractEndedAt = contractEndedAt;
  checkArea(body.extra?.area);
  if (body.extra) changes.extra = JSON.stringify({ ...agent.extra, ...definedOnly(body.extra) });
  if (body.mobile !== undefined && body.mobile !== agent.mobile) {
    await assertMobileFree(db, body.mobile);
    changes.mobile = body.mobile;
  }
  if (body.password !== undefined) changes.passwordHash = await hashPassword(body.password);
  await transactionEndingSessions(db, async (trx) => {
    await trx
      .updateTable('agents')
      .set({ ...changes, updatedAt: new Date() })
      .where('id', '=', agent.id)
      .execute();
    // The agent's own sessions; its sub-accounts keep theirs.
    if (changes.passwordHash) await endSessions(trx, { agentId: agent.id, subaccounts: false });
  }).catch(mobileRace);
  return managedAgent(db, agent);
}

/** PUT /agent/agent/{id}/coop/: the cooperation information, all four fields at once. */
export async function updateCoop(ctx: AppContext, caller: Caller, agentId: number, body: AgentCoopBody) {
  const { db } = ctx;
  const agent = await agentInTree(db, caller, agentId);
  if (body.coopLevel !== agent.coopLevel) {
    await checkCoopLevel(db, await upperOf(db, agent), body.coopLevel, agent.id);
  }
  const contractStartedAt = toDate(body.contractStartedAt);
  const contractEndedAt = toDate(body.contractEndedAt);
  checkContract(contractStartedAt, contractEndedAt);
  await checkManager(db, agent.parentId ?? caller.agentId, body.managerId);
  await db
    .updateTable('agents')
    .set({
      coopLevel: body.coopLevel,
      contractStartedAt,
      contractEndedAt,
      managerId: body.managerId,
      updatedAt: new Date(),
    })
    .where('id', '=', agent.id)
    .execute();
  return managedAgent(db, agent);
}

/**
 * PUT /agent/agent/{id}/status. A disabled agent's open sessions (and its sub-accounts') answer 403 Agent Disabled on
 * their next request, which ends them (platform/auth.ts), so the console logs it out (seed 000 §4).
 */
export async function setAgentStatus(ctx: AppContext, caller: Caller, agentId: number, status: AgentStatus) {
  const agent = await agentInTree(ctx.db, caller, agentId);
  await ctx.db.updateTable('agents').set({ status, updatedAt: new Date() }).where('id', '=', agent.id).execute();
  return managedAgent(ctx.db, agent);
}

/** PUT /agent/agentcredit/: sets the resource credit of an agent below the caller. */
export async function setAgentCredit(
  ctx: AppContext,
  caller: Caller,
  body: AgentCreditBody,
): Promise<AgentCreditResult> {
  const agent = await agentInTree(ctx.db, caller, body.agentId);
  const values = {
    fluxGb: body.credit.fluxGb,
    storageGb: body.credit.storageGb,
    smsCount: body.credit.smsCount,
    updatedBy: caller.agentId,
    updatedAt: new Date(),
  };
  const row = await ctx.db
    .insertInto('agentCredits')
    .values({ agentId: agent.id, ...values })
    .onConflict((oc) => oc.column('agentId').doUpdateSet(values))
    .returning(['fluxGb', 'storageGb', 'smsCount'])
    .executeTakeFirstOrThrow();
  return { agentId: agent.id, credit: toCredit(row) };
}

async function upperOf(db: Db, agent: AgentRow): Promise<AgentRow> {
  if (agent.parentId === null) throw new Error(`agent ${agent.id} in a tree has no upper agent`);
  return db.selectFrom('agents').selectAll().where('id', '=', agent.parentId).executeTakeFirstOrThrow();
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** GET /agent/agent/{id}/impersonations: the login tokens upper agents took for this agent, newest first. */
export async function listImpersonations(
  db: Db,
  caller: Caller,
  agentId: number,
  query: AgentImpersonationQuery,
): Promise<AgentImpersonationList> {
  const agent = await agentInTree(db, caller, agentId);
  // Every ticket counted has its agent: created_by references agents, so the join drops none.
  const { items, pager } = await page(
    db
      .selectFrom('loginTickets')
      .where('loginTickets.agentId', '=', agent.id)
      .where('loginTickets.createdBy', 'is not', null)
      .innerJoin('agents as by', 'by.id', 'loginTickets.createdBy')
      .select([
        'loginTickets.id',
        'loginTickets.createdAt',
        'loginTickets.expiresAt',
        'loginTickets.consumedAt',
        'by.id as byId',
        'by.contact as byContact',
        'by.company as byCompany',
        'by.mobile as byMobile',
      ])
      .orderBy('loginTickets.createdAt', 'desc')
      .orderBy('loginTickets.id', 'desc'),
    query,
  );
  return {
    items: items.map((row) => ({
      id: row.id,
      by: { id: row.byId, contact: row.byContact, company: row.byCompany, mobile: row.byMobile },
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      usedAt: row.consumedAt?.toISOString() ?? null,
    })),
    pager,
  };
}
