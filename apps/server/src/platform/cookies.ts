// The one reader of a request's Cookie header. The values the server sets are URL-safe (base64url and dots), so a value
// is taken as it comes, never decoded. A header longer than any the server itself could have received (Node refuses
// headers past 16 KiB in all) is a forgery and reads as no cookie, so a hostile header costs no more than one scan.

export const MAX_COOKIE_HEADER_LENGTH = 16_384;

/** The value of the first cookie called name in a Cookie header, or undefined (none, empty, or an absurd header). */
export function cookieValue(header: string | string[] | undefined, name: string): string | undefined {
  const text = Array.isArray(header) ? header.join('; ') : header;
  if (!text || text.length > MAX_COOKIE_HEADER_LENGTH) return undefined;
  for (const part of text.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}
