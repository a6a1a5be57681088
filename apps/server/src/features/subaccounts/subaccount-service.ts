import {
  DEFAULT_SUBACCOUNT_GROUP,
  ERROR_CODES,
  ERROR_MESSAGES,
  NO_SUBACCOUNT_GROUP,
  type Session,
  type Subaccount,
  type SubaccountCount,
  type SubaccountCreateBody,
  type SubaccountList,
  type SubaccountListQuery,
  type SubaccountSessionsEnded,
  type SubaccountUpdateBody,
} from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import { decrypt, encrypt, hashPassword } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/database.ts';
import { containing } from '../../platform/db/like.ts';
import { page } from '../../platform/db/page.ts';
import type { SubagentRow } from '../../platform/db/schema.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { createSession, endSessions, transactionEndingSessions } from '../../platform/sessions.ts';
import { ownRow, ownRows } from '../../platform/tenancy.ts';
import { toMe } from '../account/index.ts';
import { ownSubaccountGroup } from './subaccount-groups.ts';

// Sub-accounts (seed 001 §3, §7): an agent's staff logins, within its quota. A sub-account sees only itself; only the
// owning main account sees a sub-account's password.

const usernameTaken = () => conflict(ERROR_MESSAGES.usernameTaken, ERROR_CODES.usernameTaken, 'username');

/** A sub-account's password as set: readable by the owning main account only, never by a sub-account. */
export function passwordForOwner(secretKey: string, caller: Caller, sealed: string | null): string | null {
  return caller.subagentId === null && sealed ? decrypt(secretKey, sealed) : null;
}

function toSubaccount(secretKey: string, caller: Caller, row: SubagentRow): Subaccount {
  return {
    id: row.id,
    username: row.username,
    remark: row.remark,
    groupId: row.groupId,
    cleartextPassword: passwordForOwner(secretKey, caller, row.passwordSealed),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The agent's sub-account figures: how many it has (not deleted), its quota now (the base allowance, or a current
 * package's when larger: a lapsed package stops counting at its expires_at) and what is left.
 */
export async function storeFigures(db: Db, agentId: number) {
  const row = await db
    .selectFrom('agentEntitlements')
    .select((eb) => [
      'agentEntitlements.subagentQuota',
      eb
        .selectFrom('subagents')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('subagents.agentId', '=', 'agentEntitlements.agentId')
        .where('subagents.deletedAt', 'is', null)
        .as('count'),
    ])
    .where('agentEntitlements.agentId', '=', agentId)
    .executeTakeFirstOrThrow();
  const count = Number(row.count ?? 0);
  return { count, quota: row.subagentQuota, remainingCount: Math.max(0, row.subagentQuota - count) };
}

/** GET /agent/subagent: a page of the agent's sub-accounts with the store's figures. */
export async function listSubaccounts(
  ctx: AppContext,
  caller: Caller,
  query: SubaccountListQuery,
): Promise<SubaccountList> {
  const { db } = ctx;
  let base = ownRows(db, 'subagents', caller).where('deletedAt', 'is', null);
  if (caller.subagentId !== null) base = base.where('id', '=', caller.subagentId);
  if (query.username) base = base.where('username', 'ilike', containing(query.username));
  if (query.groupId === DEFAULT_SUBACCOUNT_GROUP || query.groupId === NO_SUBACCOUNT_GROUP) {
    base = base.where('groupId', 'is', null);
  } else if (query.groupId !== undefined) {
    base = base.where('groupId', '=', query.groupId);
  }
  const [{ items, pager }, figures] = await Promise.all([
    page(base.selectAll().orderBy('id', 'desc'), query),
    storeFigures(db, caller.agentId),
  ]);
  return { items: items.map((row) => toSubaccount(ctx.secretKey, caller, row)), pager, ...figures };
}

/** A sub-account id from a URL: the caller's agent's, not deleted, or 404. */
const ownSubaccount = (db: Db, caller: Caller, subaccountId: number): Promise<SubagentRow> =>
  ownRow(db, 'subagents', caller, subaccountId, ERROR_MESSAGES.subaccountNotFound);

async function assertUsernameFree(db: Db, username: string) {
  const taken = await db
    .selectFrom('subagents')
    .select('id')
    .where('username', '=', username)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (taken) throw usernameTaken();
}

function usernameRace(error: unknown): never {
  if (isUniqueViolation(error)) throw usernameTaken();
  throw error;
}

/** POST /agent/subagent: refused beyond the agent's quota; the password is hashed for login and sealed for its owner. */
export async function createSubaccount(ctx: AppContext, caller: Caller, body: SubaccountCreateBody) {
  const { db } = ctx;
  if (body.groupId !== null) await ownSubaccountGroup(db, caller, body.groupId);
  await assertUsernameFree(db, body.username);
  const passwordHash = await hashPassword(body.password);
  const row = await db
    .transaction()
    .execute(async (trx) => {
      // The agent row is the lock: parallel creations take turns, so the quota holds.
      await trx.selectFrom('agents').select('id').where('id', '=', caller.agentId).forUpdate().execute();
      const { count, quota } = await storeFigures(trx, caller.agentId);
      if (count >= quota) {
        throw forbidden(ERROR_MESSAGES.subaccountQuotaExceeded, ERROR_CODES.subaccountQuotaExceeded);
      }
      return trx
        .insertInto('subagents')
        .values({
          agentId: caller.agentId,
          username: body.username,
          passwordHash,
          passwordSealed: encrypt(ctx.secretKey, body.password),
          remark: body.remark,
          groupId: body.groupId,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    })
    .catch(usernameRace);
  return toSubaccount(ctx.secretKey, caller, row);
}

/** PUT /agent/subagent/{id}: a new password ends the sub-account's sessions. */
export async function updateSubaccount(
  ctx: AppContext,
  caller: Caller,
  subaccountId: number,
  body: SubaccountUpdateBody,
) {
  const { db } = ctx;
  const current = await ownSubaccount(db, caller, subaccountId);
  const changes: Partial<Pick<SubagentRow, 'username' | 'remark' | 'groupId' | 'passwordHash' | 'passwordSealed'>> = {};
  if (body.groupId !== undefined) {
    if (body.groupId !== null) await ownSubaccountGroup(db, caller, body.groupId);
    changes.groupId = body.groupId;
  }
  if (body.username !== undefined && body.username !== current.username) {
    await assertUsernameFree(db, body.username);
    changes.username = body.username;
  }
  if (body.remark !== undefined) changes.remark = body.remark;
  if (body.password !== undefined) {
    changes.passwordHash = await hashPassword(body.password);
    changes.passwordSealed = encrypt(ctx.secretKey, body.password);
  }
  const row = await transactionEndingSessions(db, async (trx) => {
    if (changes.passwordHash) await endSessions(trx, { subaccountId });
    if (Object.keys(changes).length === 0) return current;
    return trx
      .updateTable('subagents')
      .set(changes)
      .where('id', '=', subaccountId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }).catch(usernameRace);
  return toSubaccount(ctx.secretKey, caller, row);
}

/** DELETE /agent/subagent/{id}: soft delete; its sessions end, and it no longer manages any agent. */
export async function deleteSubaccount(ctx: AppContext, caller: Caller, subaccountId: number) {
  await ownSubaccount(ctx.db, caller, subaccountId);
  await transactionEndingSessions(ctx.db, async (trx) => {
    await trx.updateTable('subagents').set({ deletedAt: new Date() }).where('id', '=', subaccountId).execute();
    await endSessions(trx, { subaccountId });
    await trx.updateTable('agents').set({ managerId: null }).where('managerId', '=', subaccountId).execute();
  });
  return { ok: true as const };
}

/**
 * GET /agent/subagent/token: a sub-account gets a fresh session and the one it called with ends; the main account
 * names one of its sub-accounts and signs every session of it out (its next request answers 401).
 */
export async function refreshSubaccountToken(
  ctx: AppContext,
  caller: Caller,
  subaccountId: number | undefined,
): Promise<Session | SubaccountSessionsEnded> {
  if (caller.subagentId === null) {
    if (subaccountId === undefined) throw forbidden(ERROR_MESSAGES.subaccountOnly, ERROR_CODES.subaccountOnly);
    await ownSubaccount(ctx.db, caller, subaccountId);
    const endedSessions = await endSessions(ctx.db, { subaccountId });
    return { id: subaccountId, endedSessions };
  }
  if (!caller.subagent) throw forbidden(ERROR_MESSAGES.subaccountOnly, ERROR_CODES.subaccountOnly);
  // A sub-account refreshes only its own token: naming another id is naming what it cannot see.
  if (subaccountId !== undefined && subaccountId !== caller.subagentId) {
    throw notFound(ERROR_MESSAGES.subaccountNotFound);
  }
  const { token, expiresAt } = await createSession(ctx.db, {
    agentId: caller.agentId,
    subagentId: caller.subagentId,
    impersonatedBy: caller.impersonatedBy,
  });
  await endSessions(ctx.db, { sessionId: caller.sessionId });
  return { token, expiresAt: expiresAt.toISOString(), me: toMe(caller.agent, caller.subagent, caller.impersonatedBy) };
}

/** GET /v3/subagent/count: the store's figures and how many sub-accounts sit in each group. */
export async function countSubaccounts(ctx: AppContext, caller: Caller): Promise<SubaccountCount> {
  const { db } = ctx;
  const [figures, byGroup] = await Promise.all([
    storeFigures(db, caller.agentId),
    ownRows(db, 'subagents', caller)
      .select((eb) => ['groupId', eb.fn.countAll<string>().as('n')])
      .where('deletedAt', 'is', null)
      .groupBy('groupId')
      .execute(),
  ]);
  return {
    ...figures,
    ungrouped: Number(byGroup.find((row) => row.groupId === null)?.n ?? 0),
    groups: byGroup
      .filter((row): row is typeof row & { groupId: number } => row.groupId !== null)
      .map((row) => ({ groupId: row.groupId, count: Number(row.n) }))
      .sort((a, b) => a.groupId - b.groupId),
  };
}
