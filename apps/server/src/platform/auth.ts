import { API_PREFIX, ERROR_CODES, ERROR_MESSAGES, EXPORT_TOKEN_PARAM } from '@yanbo/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256 } from './crypto.ts';
import type { Db } from './db/database.ts';
import type { AgentRow } from './db/schema.ts';
import { forbidden, unauthorized } from './errors.ts';
import { endSessions } from './sessions.ts';
import { verifyToken } from './signed-token.ts';

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
    /** true: a download, which also takes the export token `et` in the query (see registerAuth). */
    download?: boolean;
  }
}

/** The session a request proves: by its bearer token, or (a download's export token) by the session's id. */
type SessionProof = { tokenHash: string } | { sessionId: number };

async function resolveCaller(db: Db, proof: SessionProof): Promise<Caller> {
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
    .where((eb) =>
      'tokenHash' in proof ? eb('sessions.tokenHash', '=', proof.tokenHash) : eb('sessions.id', '=', proof.sessionId),
    )
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

/**
 * The caller an export token names (seed 001 §7 "Downloads ... with an export token et in the query"): the short-lived
 * token POST /ephemeral-token signs for the caller's session, and only while that session stands (issue 8: a token
 * dies with its session), for the agent and sub-account it was made for.
 */
async function exportTokenCaller(db: Db, exportToken: ExportTokenRule, token: string): Promise<Caller> {
  const claims = verifyToken<{ agentId?: unknown; subagentId?: unknown; sessionId?: unknown }>(
    exportToken.secretKey,
    exportToken.purpose,
    token,
  );
  if (!claims || typeof claims.sessionId !== 'number') throw unauthorized();
  const caller = await resolveCaller(db, { sessionId: claims.sessionId });
  if (caller.agentId !== claims.agentId || caller.subagentId !== claims.subagentId) throw unauthorized();
  return caller;
}

/** How an export token is checked: the server's secret and the purpose the token was signed for. */
export interface ExportTokenRule {
  secretKey: string;
  purpose: string;
}

/**
 * Every API route needs a session unless its config says auth: false; pages and files outside /api are public. A
 * download route (config `download`) also takes the export token `et` in its query, as a link the browser opens
 * cannot send the bearer header; no other route does.
 */
export function registerAuth(app: FastifyInstance, db: Db, exportToken: ExportTokenRule) {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (request.routeOptions.config.auth === false || !url?.startsWith(`${API_PREFIX}/`)) return;
    // The OpenAPI document and its viewer are public, like the API's own documentation pages.
    if (url.startsWith(`${API_PREFIX}/docs`)) return;
    const token = bearerToken(request);
    if (token) {
      request.caller = await resolveCaller(db, { tokenHash: sha256(token) });
      return;
    }
    const et = (request.query as Record<string, unknown> | undefined)?.[EXPORT_TOKEN_PARAM];
    if (request.routeOptions.config.download === true && typeof et === 'string' && et.length <= 2048) {
      request.caller = await exportTokenCaller(db, exportToken, et);
      return;
    }
    throw unauthorized();
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
