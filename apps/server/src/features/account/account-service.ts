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
import type { Caller, ClientInfo } from '../../platform/auth.ts';
import { decoyPasswordHash, hashPassword, hmac, randomToken, sha256, verifyPassword } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db/database.ts';
import { page } from '../../platform/db/page.ts';
import type { AgentRow, SubagentRow } from '../../platform/db/schema.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { badRequest, conflict, forbidden, notFound, tooManyRequests, unauthorized } from '../../platform/errors.ts';
import { type RateLimitStore, type RateRule, secondsUntil, take, type WindowCount } from '../../platform/rate-limit.ts';
import { createSession, endSessions, transactionEndingSessions } from '../../platform/sessions.ts';
import { agentInTree, mainAccountOnly, ownAgent, ownRows } from '../../platform/tenancy.ts';
import { recordPromotion } from '../branding/index.ts';
import { toAgentProfile, toMe } from './account-views.ts';
import { checkSmsCode } from './sms-codes.ts';

export interface AccountDeps {
  db: Db;
  secretKey: string;
  limits: RateLimitStore;
}

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
) {
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
): Promise<Session> {
  if (owner.agent.status === 'disabled') {
    await recordLogin(db, client, { username, method, success: false, agentId: owner.agent.id });
    throw forbidden(ERROR_MESSAGES.agentDisabled, ERROR_CODES.agentDisabled);
  }
  if (owner.agent.status === 'pending') {
    await recordLogin(db, client, { username, method, success: false, agentId: owner.agent.id });
    throw forbidden(ERROR_MESSAGES.agentStopped, ERROR_CODES.agentStopped);
  }
  const impersonatedBy = owner.impersonatedBy ?? null;
  const { token, expiresAt } = await createSession(db, {
    agentId: owner.agent.id,
    subagentId: owner.subagent?.id ?? null,
    impersonatedBy,
  });
  await recordLogin(db, client, {
    username,
    method,
    success: true,
    agentId: owner.agent.id,
    subagentId: owner.subagent?.id ?? null,
  });
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

// Wrong passwords (issue 8, client addresses). A stranger must not be able to keep the owner out, so nothing here
// refuses a right password from an address that has not been failing on the account:
// - per account and address, strictly: LOGIN_MAX_FAILURES wrong passwords in the window and that address may not try
//   that account again until the window ends (the guesser is slowed to 5 per 15 minutes per address);
// - per address, across accounts: LOGIN_FAILURES_PER_IP, so one address cannot spray a password over many accounts;
// - per account, loosely: past LOGIN_MAX_FAILURES wrong passwords from anywhere, each failure holds the account back
//   for a growing delay (1, 2, 4 … at most LOGIN_BACKOFF_MAX_SECONDS s) for the addresses that have been failing on
//   it, so many addresses guessing together are slowed too; an address with no failure on the account is still let
//   through and its right password signs in.
// A right password clears the account's failures, so the owner signing in ends the slowdown for everyone.
const LOGIN_WINDOW_MS = LOGIN_FAILURE_WINDOW_SECONDS * 1000;
const LOGIN_FAILURES_PER_IP = 30;
const LOGIN_BACKOFF_MAX_SECONDS = 30;
const perAccountAndIp: RateRule = { max: LOGIN_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS };
const perIp: RateRule = { max: LOGIN_FAILURES_PER_IP, windowMs: LOGIN_WINDOW_MS };
/** GET /agent/exists tells whether a mobile has an account: per address, a form's worth of checks a minute. */
const existsPerIp: RateRule = { max: 20, windowMs: 60_000 };
const loginKeys = (username: string, ip: string) => ({
  accountAndIp: `login:account-ip:${username}:${ip}`,
  ip: `login:ip:${ip}`,
  account: `login:account:${username}`,
});
const LOGIN_LOCKED = (window: WindowCount) =>
  tooManyRequests('Too many failed logins, try again later', ERROR_CODES.loginLocked, secondsUntil(window.resetAt));

/** Seconds the account still holds back failing addresses after its failures so far, or 0. */
function accountBackoff(failures: { count: number; lastAt: number } | null): number {
  if (!failures || failures.count < LOGIN_MAX_FAILURES) return 0;
  const delay = Math.min(2 ** (failures.count - LOGIN_MAX_FAILURES), LOGIN_BACKOFF_MAX_SECONDS) * 1000;
  const left = failures.lastAt + delay - Date.now();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/**
 * Takes a guess from the address before the password is checked, so parallel guesses cannot all pass the count
 * before any of them is recorded (the store counts synchronously). Answers how to give it back after a right password.
 */
async function reserveLoginAttempt(limits: RateLimitStore, username: string, ip: string) {
  const keys = loginKeys(username, ip);
  // The address first, so an address past its cap adds no further keys to the store.
  const fromIp = await limits.hit(keys.ip, perIp.windowMs);
  if (fromIp.count > perIp.max) throw LOGIN_LOCKED(fromIp);
  const here = await limits.hit(keys.accountAndIp, perAccountAndIp.windowMs);
  if (here.count > perAccountAndIp.max) throw LOGIN_LOCKED(here);
  // An address with failures of its own on this account waits out the account's delay; a clean one never does.
  const wait = here.count > 1 ? accountBackoff(await limits.peek(keys.account)) : 0;
  if (wait > 0) {
    await limits.hit(keys.accountAndIp, perAccountAndIp.windowMs, -1);
    await limits.hit(keys.ip, perIp.windowMs, -1);
    throw tooManyRequests(
      `Too many failed logins for this account, try again in ${wait} s`,
      ERROR_CODES.rateLimited,
      wait,
    );
  }
  return {
    async failed() {
      await limits.hit(keys.account, LOGIN_WINDOW_MS);
    },
    async succeeded() {
      await limits.reset(keys.accountAndIp);
      await limits.reset(keys.account);
      await limits.hit(keys.ip, perIp.windowMs, -1);
    },
  };
}

/** Password login: username is an agent's mobile or a sub-account's username. */
export async function loginWithPassword(
  deps: AccountDeps,
  body: PasswordLoginBody,
  client: ClientInfo,
): Promise<Session> {
  const { db } = deps;
  const attempt = await reserveLoginAttempt(deps.limits, body.username, client.ip);
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
    await attempt.failed();
    await recordLogin(db, client, { username: body.username, method: 'password', success: false, agentId: agent?.id });
    throw unauthorized(ERROR_MESSAGES.wrongCredentials, ERROR_CODES.wrongCredentials);
  }
  await attempt.succeeded();
  return startSession(db, client, { agent, subagent }, 'password', body.username);
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
  await endSessions(deps.db, { sessionId: caller.sessionId });
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
  await transactionEndingSessions(deps.db, async (trx) => {
    await trx.updateTable('agents').set({ passwordHash, updatedAt: new Date() }).where('id', '=', agent.id).execute();
    await endSessions(trx, { agentId: agent.id, subaccounts: true });
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
  await transactionEndingSessions(deps.db, async (trx) => {
    await trx.updateTable('agents').set({ passwordHash, updatedAt: new Date() }).where('id', '=', agentId).execute();
    await endSessions(trx, { agentId, subaccounts: true, except: caller.sessionId });
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
      if (isUniqueViolation(error)) {
        throw conflict('Mobile already registered', ERROR_CODES.mobileRegistered, 'mobile');
      }
      throw error;
    });
  return toAgentProfile(updated);
}

export async function mobileExists(deps: AccountDeps, mobile: string, ip: string) {
  const wait = await take(deps.limits, existsPerIp, `exists:ip:${ip}`);
  if (wait !== null) throw tooManyRequests(`Too many requests, try again in ${wait} s`, ERROR_CODES.rateLimited, wait);
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
  let base = ownRows(deps.db, 'loginRecords', caller);
  if (caller.subagentId !== null) base = base.where('subagentId', '=', caller.subagentId);
  const { items, pager } = await page(
    base
      .select(['id', 'method', 'success', 'ip', 'userAgent', 'username', 'createdAt'])
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc'),
    query,
  );
  return {
    items: items.map((row) => ({ ...row, method: row.method as LoginMethod, createdAt: row.createdAt.toISOString() })),
    pager,
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
