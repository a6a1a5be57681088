import {
  type AgentProfile,
  type ChangeMobileBody,
  type ChangePasswordBody,
  ERROR_CODES,
  ERROR_MESSAGES,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_MAX_FAILURES,
  LOGIN_TICKET_TTL_SECONDS,
  type LoginMethod,
  type LoginRecordList,
  type Me,
  type PasswordLoginBody,
  type ResetPasswordBody,
  type Session,
  type SignupBody,
  type SmsLoginBody,
  type UpdateProfileBody,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import {
  type Caller,
  type ClientInfo,
  createSession,
  revokeOtherSessions,
  revokeSession,
} from '../../platform/auth.ts';
import { decoyPasswordHash, hashPassword, hmac, randomToken, sha256, verifyPassword } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/database.ts';
import type { AgentRow, SubagentRow } from '../../platform/db/schema.ts';
import { badRequest, conflict, forbidden, notFound, tooManyRequests, unauthorized } from '../../platform/errors.ts';
import { agentInTree, mainAccountOnly, ownAgent } from '../../platform/tenancy.ts';
import { recordPromotion } from '../branding/branding-service.ts';
import { toAgentProfile, toMe } from './account-views.ts';
import { checkSmsCode } from './sms-codes.ts';

export interface AccountDeps {
  db: Db;
  secretKey: string;
}

const LOGIN_MAX_FAILURES_PER_IP = LOGIN_MAX_FAILURES * 10;

export async function findAgentByMobile(db: Db, mobile: string): Promise<AgentRow | undefined> {
  return db.selectFrom('agents').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}

async function getAgent(db: Db, agentId: number): Promise<AgentRow> {
  const agent = await db.selectFrom('agents').selectAll().where('id', '=', agentId).executeTakeFirst();
  if (!agent) throw notFound(ERROR_MESSAGES.agentNotFound);
  return agent;
}

async function getSubagent(db: Db, subagentId: number | null): Promise<SubagentRow | null> {
  if (subagentId === null) return null;
  return (await db.selectFrom('subagents').selectAll().where('id', '=', subagentId).executeTakeFirst()) ?? null;
}

async function recordLogin(
  db: Db,
  client: ClientInfo,
  entry: {
    username: string;
    method: LoginMethod;
    success: boolean;
    agentId?: number | null;
    subagentId?: number | null;
  },
  /** The attempt already recorded (a password login reserves its record before checking): completed in place. */
  recordId?: number,
) {
  if (recordId !== undefined) {
    await db
      .updateTable('loginRecords')
      .set({
        agentId: entry.agentId ?? null,
        subagentId: entry.subagentId ?? null,
        method: entry.method,
        success: entry.success,
      })
      .where('id', '=', recordId)
      .execute();
    return;
  }
  await db
    .insertInto('loginRecords')
    .values({
      agentId: entry.agentId ?? null,
      subagentId: entry.subagentId ?? null,
      username: entry.username,
      method: entry.method,
      success: entry.success,
      ip: client.ip,
      userAgent: client.userAgent,
    })
    .execute();
}

async function startSession(
  db: Db,
  client: ClientInfo,
  owner: { agent: AgentRow; subagent: SubagentRow | null; impersonatedBy?: number | null },
  method: LoginMethod,
  username: string,
  recordId?: number,
): Promise<Session> {
  if (owner.agent.status === 'disabled') {
    await recordLogin(db, client, { username, method, success: false, agentId: owner.agent.id }, recordId);
    throw forbidden(ERROR_MESSAGES.agentDisabled, ERROR_CODES.agentDisabled);
  }
  if (owner.agent.status === 'pending') {
    await recordLogin(db, client, { username, method, success: false, agentId: owner.agent.id }, recordId);
    throw forbidden(ERROR_MESSAGES.agentStopped, ERROR_CODES.agentStopped);
  }
  const impersonatedBy = owner.impersonatedBy ?? null;
  const { token, expiresAt } = await createSession(db, {
    agentId: owner.agent.id,
    subagentId: owner.subagent?.id ?? null,
    impersonatedBy,
  });
  await recordLogin(
    db,
    client,
    { username, method, success: true, agentId: owner.agent.id, subagentId: owner.subagent?.id ?? null },
    recordId,
  );
  const { hasContract } = await db
    .selectFrom('agentEntitlements')
    .select('hasContract')
    .where('agentId', '=', owner.agent.id)
    .executeTakeFirstOrThrow();
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    me: toMe({ ...owner.agent, hasContract }, owner.subagent, impersonatedBy),
  };
}

/**
 * Counts the failures in the window and, unless the username or address is locked, records this attempt as a failure
 * before its password is checked (the caller completes the record). Attempts on one username take turns under an
 * advisory lock, so parallel guesses cannot all pass the check before any of them is recorded.
 */
async function reserveLoginAttempt(db: Db, username: string, client: ClientInfo): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`login:${username}`}))`.execute(trx);
    const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_SECONDS * 1000);
    const failures = await trx
      .selectFrom('loginRecords')
      .select((eb) => [
        eb.fn.countAll<string>().filterWhere('username', '=', username).as('byUsername'),
        eb.fn.countAll<string>().filterWhere('ip', '=', client.ip).as('byIp'),
      ])
      .where('success', '=', false)
      .where('createdAt', '>', since)
      .where((eb) => eb.or([eb('username', '=', username), eb('ip', '=', client.ip)]))
      .executeTakeFirstOrThrow();
    if (Number(failures.byUsername) >= LOGIN_MAX_FAILURES || Number(failures.byIp) >= LOGIN_MAX_FAILURES_PER_IP) {
      throw tooManyRequests('Too many failed logins, try again later', ERROR_CODES.loginLocked);
    }
    const attempt = await trx
      .insertInto('loginRecords')
      .values({ username, method: 'password', success: false, ip: client.ip, userAgent: client.userAgent })
      .returning('id')
      .executeTakeFirstOrThrow();
    return attempt.id;
  });
}

/** Password login: username is an agent's mobile or a sub-account's username. */
export async function loginWithPassword(
  deps: AccountDeps,
  body: PasswordLoginBody,
  client: ClientInfo,
): Promise<Session> {
  const { db } = deps;
  const recordId = await reserveLoginAttempt(db, body.username, client);
  let agent = await findAgentByMobile(db, body.username);
  let subagent: SubagentRow | null = null;
  if (!agent) {
    subagent =
      (await db
        .selectFrom('subagents')
        .selectAll()
        .where('username', '=', body.username)
        .where('deletedAt', 'is', null)
        .executeTakeFirst()) ?? null;
    if (subagent) agent = await getAgent(db, subagent.agentId);
  }
  const storedHash = subagent?.passwordHash ?? agent?.passwordHash ?? (await decoyPasswordHash());
  const valid = await verifyPassword(body.password, storedHash);
  if (!agent || !valid) {
    await recordLogin(
      db,
      client,
      { username: body.username, method: 'password', success: false, agentId: agent?.id },
      recordId,
    );
    throw unauthorized(ERROR_MESSAGES.wrongCredentials, ERROR_CODES.wrongCredentials);
  }
  return startSession(db, client, { agent, subagent }, 'password', body.username, recordId);
}

export async function loginWithSms(deps: AccountDeps, body: SmsLoginBody, client: ClientInfo): Promise<Session> {
  const agent = await findAgentByMobile(deps.db, body.mobile);
  if (!agent) throw notFound(ERROR_MESSAGES.agentNotFound);
  await checkSmsCode(deps.db, deps.secretKey, {
    mobile: body.mobile,
    purpose: 'login',
    code: body.code,
    consume: true,
  });
  return startSession(deps.db, client, { agent, subagent: null }, 'sms', body.mobile);
}

/** Exchanges a one-time login ticket (from GET /agent/login/token) for a session. */
export async function loginWithTicket(deps: AccountDeps, ticket: string, client: ClientInfo): Promise<Session> {
  const { db } = deps;
  const row = await db
    .updateTable('loginTickets')
    .set({ consumedAt: new Date() })
    .where('tokenHash', '=', sha256(ticket))
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .returning(['agentId', 'subagentId', 'createdBy'])
    .executeTakeFirst();
  if (!row) throw unauthorized('Login token is invalid or expired', ERROR_CODES.loginTicketInvalid);
  const agent = await getAgent(db, row.agentId);
  const subagent = await getSubagent(db, row.subagentId);
  const method: LoginMethod = row.createdBy !== null ? 'impersonation' : 'token';
  return startSession(db, client, { agent, subagent, impersonatedBy: row.createdBy }, method, agent.mobile);
}

/** A ticket to open the console of an agent strictly below the caller in its own tree (impersonation). */
export async function createImpersonationTicket(deps: AccountDeps, caller: Caller, agentId: number) {
  mainAccountOnly(caller);
  const { db } = deps;
  await agentInTree(db, caller, agentId);
  const token = randomToken();
  const expiresAt = new Date(Date.now() + LOGIN_TICKET_TTL_SECONDS * 1000);
  await db
    .insertInto('loginTickets')
    .values({ tokenHash: sha256(token), agentId, createdBy: caller.agentId, expiresAt })
    .execute();
  return { token, expiresAt: expiresAt.toISOString(), url: `/login?token=${encodeURIComponent(token)}` };
}

export async function signup(deps: AccountDeps, body: SignupBody, client: ClientInfo): Promise<Session> {
  const { db } = deps;
  if (await findAgentByMobile(db, body.mobile)) {
    throw conflict('Mobile already registered', ERROR_CODES.mobileRegistered, 'mobile');
  }
  await checkSmsCode(db, deps.secretKey, { mobile: body.mobile, purpose: 'signup', code: body.code, consume: true });
  const passwordHash = await hashPassword(body.password);
  const agent = await db
    .insertInto('agents')
    .values({ mobile: body.mobile, passwordHash, contact: body.contact, company: body.company })
    .onConflict((oc) => oc.column('mobile').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!agent) throw conflict('Mobile already registered', ERROR_CODES.mobileRegistered, 'mobile');
  await recordPromotion(db, deps.secretKey, agent.id, body.promoter);
  return startSession(db, client, { agent, subagent: null }, 'signup', body.mobile);
}

export async function logout(deps: AccountDeps, caller: Caller) {
  await revokeSession(deps.db, caller.sessionId);
  return { ok: true as const };
}

export function getMe(caller: Caller): Me {
  return toMe(caller.agent, caller.subagent, caller.impersonatedBy);
}

/** Lost password: the SMS code proves the mobile; every session of the account ends. */
export async function resetPassword(deps: AccountDeps, body: ResetPasswordBody) {
  const agent = await findAgentByMobile(deps.db, body.mobile);
  if (!agent) throw notFound(ERROR_MESSAGES.agentNotFound);
  await checkSmsCode(deps.db, deps.secretKey, {
    mobile: body.mobile,
    purpose: 'lostpass',
    code: body.code,
    consume: true,
  });
  const passwordHash = await hashPassword(body.password);
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('agents').set({ passwordHash, updatedAt: new Date() }).where('id', '=', agent.id).execute();
    await revokeOtherSessions(trx, agent.id, null);
  });
  return { ok: true as const };
}

export async function changePassword(deps: AccountDeps, caller: Caller, agentId: number, body: ChangePasswordBody) {
  ownAgent(caller, agentId);
  mainAccountOnly(caller);
  const agent = await getAgent(deps.db, agentId);
  if (!(await verifyPassword(body.oldPassword, agent.passwordHash))) {
    throw badRequest('Old password is wrong', ERROR_CODES.oldPasswordWrong, 'oldPassword');
  }
  const passwordHash = await hashPassword(body.password);
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('agents').set({ passwordHash, updatedAt: new Date() }).where('id', '=', agentId).execute();
    await revokeOtherSessions(trx, agentId, caller.sessionId);
  });
  return { ok: true as const };
}

export async function changeMobile(deps: AccountDeps, caller: Caller, agentId: number, body: ChangeMobileBody) {
  ownAgent(caller, agentId);
  mainAccountOnly(caller);
  const agent = await getAgent(deps.db, agentId);
  if (agent.mobile === body.mobile) throw badRequest('Mobile unchanged', ERROR_CODES.mobileUnchanged, 'mobile');
  if (await findAgentByMobile(deps.db, body.mobile)) {
    throw conflict('Mobile already registered', ERROR_CODES.mobileRegistered, 'mobile');
  }
  await checkSmsCode(deps.db, deps.secretKey, {
    mobile: body.mobile,
    purpose: 'mobile',
    code: body.code,
    consume: true,
  });
  const updated = await deps.db
    .updateTable('agents')
    .set({ mobile: body.mobile, updatedAt: new Date() })
    .where('id', '=', agentId)
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch((error: unknown) => {
      // A signup for the same mobile may land between the check above and this update.
      if ((error as { code?: unknown }).code === '23505') {
        throw conflict('Mobile already registered', ERROR_CODES.mobileRegistered, 'mobile');
      }
      throw error;
    });
  return toAgentProfile(updated);
}

export async function mobileExists(deps: AccountDeps, mobile: string) {
  return { exists: (await findAgentByMobile(deps.db, mobile)) !== undefined };
}

export async function getProfile(deps: AccountDeps, caller: Caller, agentId: number): Promise<AgentProfile> {
  return toAgentProfile(await getAgent(deps.db, ownAgent(caller, agentId)));
}

export async function updateProfile(deps: AccountDeps, caller: Caller, agentId: number, body: UpdateProfileBody) {
  ownAgent(caller, agentId);
  mainAccountOnly(caller);
  const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  const updated = await deps.db
    .updateTable('agents')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', agentId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toAgentProfile(updated);
}

export async function listLoginRecords(
  deps: AccountDeps,
  caller: Caller,
  query: { page: number; pageSize: number },
): Promise<LoginRecordList> {
  let base = deps.db.selectFrom('loginRecords').where('agentId', '=', caller.agentId);
  if (caller.subagentId !== null) base = base.where('subagentId', '=', caller.subagentId);
  const [rows, total] = await Promise.all([
    base
      .select(['id', 'method', 'success', 'ip', 'userAgent', 'username', 'createdAt'])
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({ ...row, method: row.method as LoginMethod, createdAt: row.createdAt.toISOString() })),
    pager: { page: query.page, pageSize: query.pageSize, total: Number(total.total) },
  };
}

/** A short-lived token the app center verifies with the same secret: agent, sub-account, expiry and signature. */
export function appCenterToken(deps: AccountDeps, caller: Caller) {
  const expiresAt = new Date(Date.now() + 2 * 3_600_000);
  const payload = `${caller.agentId}.${caller.subagentId ?? 0}.${expiresAt.getTime()}`;
  return { token: `${payload}.${hmac(deps.secretKey, `app-center:${payload}`)}`, expiresAt: expiresAt.toISOString() };
}

export function getUserMe(caller: Caller) {
  const { agent, subagent } = caller;
  return {
    id: subagent?.id ?? agent.id,
    kind: subagent ? ('subagent' as const) : ('agent' as const),
    agentId: agent.id,
    name: subagent ? subagent.remark || subagent.username : agent.contact || agent.company || agent.mobile,
    avatar: agent.avatar,
  };
}

/** The customer-service identity: a sub-account speaks with its parent's agentId (seed 001 §1). */
export function getCustomerServiceUser(caller: Caller) {
  const { agent, subagent } = caller;
  return {
    agentId: agent.id,
    userId: subagent ? `agent-${agent.id}-sub-${subagent.id}` : `agent-${agent.id}`,
    nickname: subagent ? subagent.remark || subagent.username : agent.contact || agent.company || '客服',
    avatar: agent.avatar,
  };
}
