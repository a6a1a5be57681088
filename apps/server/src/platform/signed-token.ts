import { hmac, safeEqual } from './crypto.ts';

// Stateless signed tokens (upload policies, message tokens): a JSON payload with an expiry, signed with the server's
// secret and a purpose, so a token made for one use is refused for another.

export function signToken(secretKey: string, purpose: string, payload: Record<string, unknown>, ttlMs: number) {
  const expiresAt = new Date(Date.now() + ttlMs);
  const body = Buffer.from(JSON.stringify({ ...payload, exp: expiresAt.getTime() })).toString('base64url');
  return { token: `${body}.${hmac(secretKey, `${purpose}:${body}`)}`, expiresAt };
}

export function verifyToken<T extends Record<string, unknown>>(
  secretKey: string,
  purpose: string,
  token: string,
): T | null {
  const [body, signature] = token.split('.');
  if (!body || !signature || !safeEqual(signature, hmac(secretKey, `${purpose}:${body}`))) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T & { exp?: number };
    if (typeof payload.exp !== 'number' || payload.exp < Date.now()) return null;
    return payload;
  } catch {
    return null;
  }
}
