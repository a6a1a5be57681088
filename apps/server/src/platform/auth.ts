import { API_PREFIX, ERROR_CODES, ERROR_MESSAGES } from '@yanbo/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256 } from './crypto.ts';
import type { Db } from './db/database.ts';
import type { AgentRow } from './db/schema.ts';
import { forbidden, unauthorized } from './errors.ts';
import { endSessions } from './sessions.ts';

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
    await endSessions(db, { sessionId: row.sessionId });
    throw forbidden(ERROR_MESSAGES.agentDisabled, ERROR_CODES.agentDisabled);
  }
  // A stopped (pending) agent may not sign in: its open sessions end and the console goes back to /login, where a new
  // sign-in says why. Its data stays as it is until it is enabled again.
  if (row.status === 'pending') {
    await endSessions(db, { sessionId: row.sessionId });
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
