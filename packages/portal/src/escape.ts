// Everything on a portal page was typed by an agent and is read by strangers: each string goes through escapeHtml
// on its way into the document, and each address through safeHref / safeSrc, which keep only http(s) addresses and
// paths of this site (javascript:, data:, protocol-relative //host and every other scheme are dropped).

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** The longest address kept: a page's links are short, a longer one is not a link an agent meant. */
const MAX_ADDRESS = 2_000;

/** An http(s) address or a path of this site, as written; null for anything else. */
export function safeHref(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const address = value.trim();
  if (!address || address.length > MAX_ADDRESS || /[\s\p{Cc}]/u.test(address)) return null;
  if (address.startsWith('/')) return address.startsWith('//') || address.startsWith('/\\') ? null : address;
  if (!/^https?:\/\//i.test(address)) return null;
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? address : null;
  } catch {
    return null;
  }
}

/** A picture's address: the same rule as a link's. */
export const safeSrc = safeHref;

/** `href="…"` for a kept address, nothing for a dropped one. */
export const hrefAttr = (value: unknown): string => {
  const href = safeHref(value);
  return href === null ? '' : ` href="${escapeHtml(href)}"`;
};
