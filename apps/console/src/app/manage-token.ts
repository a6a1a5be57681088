import { MANAGE_TOKEN_STORAGE_KEY } from '@yanbo/contracts';

// The manage token lives in local storage under a product-specific key (seed 000 §9).
//
// A console opened for a lower-level agent (impersonation, #access_token=…&scope=tab) keeps its token to its own tab
// in session storage, so the opener's console stays signed in as itself. Such a tab stays tab-scoped after a sign-out.

const TAB_SCOPE = 'tab';

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function tabScoped(): boolean {
  return tabStorage()?.getItem(MANAGE_TOKEN_STORAGE_KEY) != null;
}

export function getManageToken(): string | null {
  if (tabScoped()) return tabStorage()?.getItem(MANAGE_TOKEN_STORAGE_KEY) || null;
  return localStorage.getItem(MANAGE_TOKEN_STORAGE_KEY);
}

export function setManageToken(token: string): void {
  if (tabScoped()) tabStorage()?.setItem(MANAGE_TOKEN_STORAGE_KEY, token);
  else localStorage.setItem(MANAGE_TOKEN_STORAGE_KEY, token);
}

export function clearManageToken(): void {
  // An empty value keeps the tab scoped: signing out here must not fall back to the opener's token.
  if (tabScoped()) tabStorage()?.setItem(MANAGE_TOKEN_STORAGE_KEY, '');
  else localStorage.removeItem(MANAGE_TOKEN_STORAGE_KEY);
}

/** An access_token in the URL hash becomes the manage token (seed 000 §2); the hash is then removed. */
export function adoptHashAccessToken(): boolean {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const token = params.get('access_token');
  if (!token) return false;
  if (params.get('scope') === TAB_SCOPE) tabStorage()?.setItem(MANAGE_TOKEN_STORAGE_KEY, token);
  else setManageToken(token);
  params.delete('access_token');
  params.delete('scope');
  const rest = params.toString();
  window.history.replaceState(
    null,
    '',
    `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ''}`,
  );
  return true;
}

/** The console URL that opens a session in a tab of its own (impersonation). */
export function tabScopedConsoleUrl(token: string, path = '/'): string {
  return `${path}#access_token=${encodeURIComponent(token)}&scope=${TAB_SCOPE}`;
}
