import { ERROR_CODES, ERROR_MESSAGES } from '@yanbo/contracts';
import type { Caller } from './auth.ts';
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
