import { type MobileGate, VIEWER_SIGN_IN_TTL_DAYS } from '@yanbo/contracts';
import { hmac } from '../../platform/crypto.ts';
import { signToken, verifyToken } from '../../platform/signed-token.ts';

// A viewer's proved mobile (issue 10) travels in a signed HttpOnly cookie for the agent whose page proved it. Every
// watch-page call that acts as a viewer, and the chat, know the viewer by it (one id per mobile, so a ban or the
// blacklist follows the person across browsers; audience-viewer.ts) and an activity that lists allowed mobiles lets in
// only those.

const PURPOSE = 'watch-mobile';
export const VIEWER_SIGN_IN_TTL_MS = VIEWER_SIGN_IN_TTL_DAYS * 86_400_000;

export const signViewerMobile = (secretKey: string, agentId: number, mobile: string) =>
  signToken(secretKey, PURPOSE, { agentId, mobile }, VIEWER_SIGN_IN_TTL_MS).token;

/** The agent and mobile a viewer-mobile cookie proves, or undefined (none, forged or expired). */
export function mobileClaimOf(
  secretKey: string,
  cookie: string | undefined,
): { agentId: number; mobile: string } | undefined {
  if (!cookie) return undefined;
  const payload = verifyToken<{ agentId: number; mobile: string }>(secretKey, PURPOSE, cookie);
  return typeof payload?.agentId === 'number' && typeof payload.mobile === 'string'
    ? { agentId: payload.agentId, mobile: payload.mobile }
    : undefined;
}

/** The mobile a viewer cookie proves for this agent, or undefined (none, forged, expired, or another agent's). */
export function signedInMobile(secretKey: string, cookie: string | undefined, agentId: number): string | undefined {
  const claim = mobileClaimOf(secretKey, cookie);
  return claim?.agentId === agentId ? claim.mobile : undefined;
}

/**
 * The shape of a signed-in viewer's id: `m` and 31 base64url characters (32 in all). An anonymous viewer's id is 22
 * characters (viewer-cookie.ts newViewerId, and the chat's own for a page without a cookie), so a stored viewer id of
 * this shape is a person who signed in by SMS (the lottery's 仅限手机号登录的观众 reads it, in SQL too).
 */
export const MOBILE_VIEWER_ID_PATTERN = '^m[A-Za-z0-9_-]{31}$';
const MOBILE_VIEWER_ID = new RegExp(MOBILE_VIEWER_ID_PATTERN);

/** Whether a viewer id is a signed-in viewer's (see MOBILE_VIEWER_ID_PATTERN). */
export const isMobileViewerId = (viewerId: string) => MOBILE_VIEWER_ID.test(viewerId);

/** A signed-in viewer's id: the same for one mobile in every browser, and telling nothing of the mobile. */
export const mobileViewerId = (secretKey: string, mobile: string) =>
  `m${hmac(secretKey, `viewer-mobile:${mobile}`).slice(0, 31)}`;

/** The allowed-mobiles rule: no list lets everyone in; a list asks for a signed-in, listed mobile. */
export function mobileGateOf(allowed: readonly string[], mobile: string | undefined): MobileGate {
  if (allowed.length === 0) return 'open';
  if (!mobile) return 'signIn';
  return allowed.includes(mobile) ? 'open' : 'notAllowed';
}
