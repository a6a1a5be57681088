import { API_PREFIX, ERROR_CODES, ERROR_MESSAGES, SESSION_TTL_DAYS } from '@yanbo/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomToken, sha256 } from './crypto.ts';
import type { Db } from './db/database.ts';
import type { AgentRow } from './db/schema.ts';
import { forbidden, unauthorized } from './errors.ts';

/** Who is calling: an agent, or a sub-account acting for its parent agent (agentId is always the owning agent). */
export interface Caller {
  agentId: number;
  subagentId: number | null;
  sessionId: number;
  impersonatedBy: number | null;
  /** The agent row and sub-account as they were when this request began. */
  agent: AgentRow;
  subagent: { id: number; username: string; remark: string } | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** false: the route is public. Every other route needs a valid session. */
    auth?: boolean;
  }
}

export interface NewSession {
  agentId: number;
  subagentId?: number | null;
  impersonatedBy?: number | null;
}

export async function createSession(db: Db, owner: NewSession) {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_DAYS * 86_400_000);
  await db
    .insertInto('sessions')
    .values({
      tokenHash: sha256(token),
      agentId: owner.agentId,
      subagentId: owner.subagentId ?? null,
      impersonatedBy: owner.impersonatedBy ?? null,
      expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

export async function revokeSession(db: Db, sessionId: number) {
  await db.updateTable('sessions').set({ revokedAt: new Date() }).where('id', '=', sessionId).execute();
  sessionsEnded();
}

// Tokens die with the session (issue 8): message tokens and upload policies name the session that asked for them and
// are checked against it at use, and what a session holds open (the console's event stream) ends with it. A session
// ended in this process says so at once; anything else (another process, an agent disabled by its upper agent) is
// found by the holders' own periodic check.
const sessionEndListeners = new Set<() => void>();

/** Calls back whenever sessions may have ended in this process; the holder checks its own. Answers the unsubscribe. */
export function onSessionsEnded(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

/** Tells the holders to check their sessions; callers that revoke inside a transaction call it after the commit. */
export function sessionsEnded() {
  for (const listener of sessionEndListeners) listener();
}

/**
 * Whether a session still stands: not revoked or expired, its agent neither disabled nor stopped, its sub-account
 * (if any) not deleted. What a token issued under the session may do is decided by this, at every use.
 */
export async function sessionIsLive(db: Db, sessionId: number): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('agents', 'agents.id', 'sessions.agentId')
    .leftJoin('subagents', 'subagents.id', 'sessions.subagentId')
    .select(['agents.status', 'sessions.subagentId', 'subagents.deletedAt as subagentDeletedAt'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.revokedAt', 'is', null)
    .where('sessions.expiresAt', '>', new Date())
    .executeTakeFirst();
  return !!row && row.status === 'enabled' && !row.subagentDeletedAt;
}

/** Ends every session of an agent (and its sub-accounts) but one: after a password or mobile change. */
export async function revokeOtherSessions(db: Db, agentId: number, keepSessionId: number | null) {
  let query = db
    .updateTable('sessions')
    .set({ revokedAt: new Date() })
    .where('agentId', '=', agentId)
    .where('revokedAt', 'is', null);
  if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
  await query.execute();
  sessionsEnded();
}

async function resolveCaller(db: Db, token: string): Promise<Caller> {
  // One query per request: the session with its agent and sub-account, so GET /agent/me needs no other.
  const row = await db
    .selectFrom('sessions')
    .innerJoin('agents', 'agents.id', 'sessions.agentId')
    .leftJoin('subagents', 'subagents.id', 'sessions.subagentId')
    .innerJoin('agentEntitlements', 'agentEntitlements.agentId', 'sessions.agentId')
    .selectAll('agents')
    .select([
      // hasContract as it applies now: a lapsed package's contract no longer counts.
      'agentEntitlements.hasContract as currentHasContract',
      'sessions.id as sessionId',
      'sessions.subagentId',
      'sessions.impersonatedBy',
      'subagents.username as subagentUsername',
      'subagents.remark as subagentRemark',
      'subagents.deletedAt as subagentDeletedAt',
    ])
    .where('sessions.tokenHash', '=', sha256(token))
    .where('sessions.revokedAt', 'is', null)
    .where('sessions.expiresAt', '>', new Date())
    .executeTakeFirst();
  if (!row || row.subagentDeletedAt) throw unauthorized();
  // A disabled agent's next request carries the disabled-agent status text; the console logs it out (seed 000 §4).
  if (row.status === 'disabled') {
    await revokeSession(db, row.sessionId);
    throw forbidden(ERROR_MESSAGES.agentDisabled, ERROR_CODES.agentDisabled);
  }
  // A stopped (pending) agent may not sign in: its open sessions end and the console goes back to /login, where a new
  // sign-in says why. Its data stays as it is until it is enabled again.
  if (row.status === 'pending') {
    await revokeSession(db, row.sessionId);
    throw unauthorized();
  }
  const {
    sessionId,
    subagentId,
    impersonatedBy,
    subagentUsername,
    subagentRemark,
    subagentDeletedAt,
    currentHasContract,
    ...stored
  } = row;
  const agent = { ...stored, hasContract: currentHasContract };
  return {
    agentId: agent.id,
    subagentId,
    sessionId,
    impersonatedBy,
    agent,
    subagent:
      subagentId === null ? null : { id: subagentId, username: subagentUsername ?? '', remark: subagentRemark ?? '' },
  };
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Every API route needs a session unless its config says auth: false; pages and files outside /api are public. */
export function registerAuth(app: FastifyInstance, db: Db) {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (request.routeOptions.config.auth === false || !url?.startsWith(`${API_PREFIX}/`)) return;
    // The OpenAPI document and its viewer are public, like the API's own documentation pages.
    if (url.startsWith(`${API_PREFIX}/docs`)) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    request.caller = await resolveCaller(db, token);
  });
}

/** The caller of an authenticated route. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

/** Client facts kept with login records and SMS rate limits. */
export function clientOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300) };
}
export type ClientInfo = ReturnType<typeof clientOf>;
