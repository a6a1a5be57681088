import { randomBytes } from 'node:crypto';
import { VIEWER_COOKIE } from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import { cookieValue } from '../../platform/cookies.ts';
import { hmac, safeEqual } from '../../platform/crypto.ts';

// The watch page's anonymous viewer. Its id is public (chat comments' userId, gift messages, the invitee list,
// invitation links), so the cookie that proves it carries the id and the server's signature of it: `<id>.<mac>`. Only
// this module reads or writes that cookie; a value without a valid signature (forged, another server's, or the bare id
// the cookie held before it was signed) is no viewer at all, and the next visit gives that browser a new, signed id.
// A browser that had a bare-id cookie thus becomes a new viewer once: its earlier votes, check-ins and invitations stay
// with the old id, which nobody can claim any more.

const PURPOSE = 'watch-viewer';
/** The signature's length: 22 base64url characters are 132 bits of the HMAC-SHA256. */
const MAC_LENGTH = 22;
const VIEWER_ID = /^[A-Za-z0-9_-]{16,64}$/;
const MAX_AGE_SECONDS = 365 * 86_400;

export const newViewerId = () => randomBytes(16).toString('base64url');

/** A well-formed viewer id (the shape of the ids newViewerId makes, and of the ones issued before). */
export const validViewerId = (value: string | undefined): value is string => !!value && VIEWER_ID.test(value);

const macOf = (secretKey: string, viewerId: string) => hmac(secretKey, `${PURPOSE}:${viewerId}`).slice(0, MAC_LENGTH);

/** The cookie's value for a viewer: its id and the server's signature of it. */
export const viewerCookieValue = (secretKey: string, viewerId: string) => `${viewerId}.${macOf(secretKey, viewerId)}`;

/** The viewer a cookie value proves, or undefined (malformed, unsigned, or signed with another secret). */
export function verifiedViewerId(secretKey: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  const dot = value.indexOf('.');
  if (dot < 0) return undefined;
  const viewerId = value.slice(0, dot);
  const mac = value.slice(dot + 1);
  if (!validViewerId(viewerId) || mac.length !== MAC_LENGTH) return undefined;
  return safeEqual(mac, macOf(secretKey, viewerId)) ? viewerId : undefined;
}

/** The viewer a Cookie header proves, or undefined. */
export const viewerFromCookie = (secretKey: string, cookieHeader: string | string[] | undefined) =>
  verifiedViewerId(secretKey, cookieValue(cookieHeader, VIEWER_COOKIE));

/** The watch page's viewer behind a request: its signed viewer cookie, or undefined when it has none valid. */
export const viewerIdOf = (ctx: Pick<AppContext, 'secretKey'>, request: { headers: { cookie?: string | string[] } }) =>
  viewerFromCookie(ctx.secretKey, request.headers.cookie);

/** The Set-Cookie header that gives a browser its viewer id for a year (HttpOnly: the page learns the id from calls). */
export const viewerSetCookie = (secretKey: string, viewerId: string) =>
  `${VIEWER_COOKIE}=${viewerCookieValue(secretKey, viewerId)}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax`;
