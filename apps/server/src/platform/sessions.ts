import { SESSION_TTL_DAYS } from '@yanbo/contracts';
import { randomToken, sha256 } from './crypto.ts';
import type { Db } from './db/database.ts';

// Sessions start and end here, and only here. Tokens die with the session (issue 8): message tokens and upload
// policies name the session that asked for them and are checked against it at use (sessionIsLive), and what a
// session holds open (the console's event stream) ends with it. One rule for every ending: the sessions still
// standing get revokedAt, and once that is committed the holders in this process are told, so they check theirs at
// once; anything else (another process, an agent disabled by its upper agent) is found by the holders' own periodic
// check.

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

/** Which sessions end. */
export type SessionsToEnd =
  /** One session (logout, a refreshed token, a disabled or stopped agent's request). */
  | { sessionId: number }
  /**
   * An agent's sessions but `except` (the caller's own, when it stays signed in); with `subaccounts`, its
   * sub-accounts' too.
   */
  | { agentId: number; subaccounts: boolean; except?: number }
  /** Every session of one sub-account. */
  | { subaccountId: number };

const listeners = new Set<() => void>();
const announcing = new WeakSet<Db>();

/**
 * Ends the sessions still standing among `which`; answers how many. Outside a transaction the holders are told at
 * once; inside one, it must be a transaction of transactionEndingSessions, which tells them after the commit.
 */
export async function endSessions(db: Db, which: SessionsToEnd): Promise<number> {
  if (db.isTransaction && !announcing.has(db)) {
    throw new Error('sessions ended inside a transaction are ended in transactionEndingSessions');
  }
  let query = db.updateTable('sessions').set({ revokedAt: new Date() }).where('revokedAt', 'is', null);
  if ('sessionId' in which) query = query.where('id', '=', which.sessionId);
  else if ('subaccountId' in which) query = query.where('subagentId', '=', which.subaccountId);
  else {
    query = query.where('agentId', '=', which.agentId);
    if (!which.subaccounts) query = query.where('subagentId', 'is', null);
    if (which.except !== undefined) query = query.where('id', '!=', which.except);
  }
  const result = await query.executeTakeFirst();
  if (!db.isTransaction) sessionsEnded();
  return Number(result.numUpdatedRows);
}

/** Runs `work` in a transaction that may end sessions; their holders are told once it has committed. */
export async function transactionEndingSessions<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  const result = await db.transaction().execute((trx) => {
    announcing.add(trx);
    return work(trx);
  });
  sessionsEnded();
  return result;
}

/** Calls back whenever sessions may have ended in this process; the holder checks its own. Answers the unsubscribe. */
export function onSessionsEnded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function sessionsEnded() {
  for (const listener of listeners) listener();
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
