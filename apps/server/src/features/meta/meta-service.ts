import type { EphemeralToken, ResourceConfig } from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import { signToken } from '../../platform/signed-token.ts';

export const MESSAGE_TOKEN_PURPOSE = 'message';
const MESSAGE_TOKEN_TTL_MS = 10 * 60_000;

export function getResourceConfig(ctx: AppContext): ResourceConfig {
  return {
    staticHost: '',
    uploadHost: '',
    pushDomain: ctx.config.pushDomain,
    pullDomain: ctx.config.pullDomain,
    serverIps: ctx.config.serverIps,
  };
}

/** A short-lived token that lets the console's realtime connections act for the caller without its manage token. */
export function createMessageToken(ctx: AppContext, caller: Caller): EphemeralToken {
  const { token, expiresAt } = signToken(
    ctx.secretKey,
    MESSAGE_TOKEN_PURPOSE,
    // The session is named so the token dies with it (issue 8).
    { agentId: caller.agentId, subagentId: caller.subagentId, sessionId: caller.sessionId },
    MESSAGE_TOKEN_TTL_MS,
  );
  return { token, expiresAt: expiresAt.toISOString() };
}
