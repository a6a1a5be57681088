import { type MobileGate, VIEWER_SIGN_IN_TTL_DAYS } from '@yanbo/contracts';
import { hmac } from '../../platform/crypto.ts';
import { signToken, verifyToken } from '../../platform/signed-token.ts';

// A viewer's proved mobile (issue 10) travels in a signed HttpOnly cookie for the agent whose page proved it. The chat
// knows the viewer by it (one id per mobile, so a ban or the blacklist follows the person across browsers) and an
// activity that lists allowed mobiles lets in only those.

const PURPOSE = 'watch-mobile';
export const VIEWER_SIGN_IN_TTL_MS = VIEWER_SIGN_IN_TTL_DAYS * 86_400_000;

export const signViewerMobile = (secretKey: string, agentId: number, mobile: string) =>
  signToken(secretKey, PURPOSE, { agentId, mobile }, VIEWER_SIGN_IN_TTL_MS).token;

/** The mobile a viewer cookie proves for this agent, or undefined (none, forged, expired, or another agent's). */
export function signedInMobile(secretKey: string, cookie: string | undefined, agentId: number): string | undefined {
  if (!cookie) return undefined;
  const payload = verifyToken<{ agentId: number; mobile: string }>(secretKey, PURPOSE, cookie);
  return payload?.agentId === agentId && typeof payload.mobile === 'string' ? payload.mobile : undefined;
}

/** A signed-in viewer's chat id: the same for one mobile in every browser, and telling nothing of the mobile. */
export const mobileViewerId = (secretKey: string, mobile: string) =>
  `m${hmac(secretKey, `viewer-mobile:${mobile}`).slice(0, 31)}`;

/** The allowed-mobiles rule: no list lets everyone in; a list asks for a signed-in, listed mobile. */
export function mobileGateOf(allowed: readonly string[], mobile: string | undefined): MobileGate {
  if (allowed.length === 0) return 'open';
  if (!mobile) return 'signIn';
  return allowed.includes(mobile) ? 'open' : 'notAllowed';
}
