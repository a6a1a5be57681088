import { ERROR_MESSAGES } from '@yanbo/contracts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import type { AgentRow } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { agentInTree } from '../../platform/tenancy.ts';

// Whose money a finance view shows. The {id} of /agent/{id}/gain-details, /v3/agent/{id}/transaction and the other
// finance paths is the caller's own agent, or (seed 000 §3: the income breakdown is part of agent administration) an
// agent below it. A sub-account acts for its agent only, within its own activities: another agent's id answers 404.

export interface FinanceSubject {
  agent: AgentRow;
  /** Set when a sub-account asks: only its own activities' rows are shown. */
  subagentId: number | null;
}

export async function financeSubject(db: Db, caller: Caller, agentId: number): Promise<FinanceSubject> {
  if (agentId === caller.agentId) return { agent: caller.agent, subagentId: caller.subagentId };
  if (caller.subagentId !== null) throw notFound(ERROR_MESSAGES.agentNotFound);
  return { agent: await agentInTree(db, caller, agentId), subagentId: null };
}

/** The caller itself as a subject (calls without an {id}). */
export const callerSubject = (caller: Caller): FinanceSubject => ({
  agent: caller.agent,
  subagentId: caller.subagentId,
});
