// Redirects from the HTTP client (a `redirect` field, a 401) stay inside the single-page app; an address on another
// site (a payment page, seed 000 §4) leaves it.

/** The in-app path for `to`, or null when it points at another site. */
export function inAppPath(to: string, origin: string): string | null {
  const url = new URL(to, origin);
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function bridgeNavigate(
  navigateInApp: (to: string) => void,
  leave: (to: string) => void,
  origin: string,
): (to: string) => void {
  return (to) => {
    const path = inAppPath(to, origin);
    if (path === null) leave(to);
    else navigateInApp(path);
  };
}
