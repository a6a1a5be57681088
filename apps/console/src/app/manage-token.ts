import { MANAGE_TOKEN_STORAGE_KEY } from '@yanbo/contracts';

// The manage token lives in local storage under a product-specific key (seed 000 §9).

export function getManageToken(): string | null {
  return localStorage.getItem(MANAGE_TOKEN_STORAGE_KEY);
}

export function setManageToken(token: string): void {
  localStorage.setItem(MANAGE_TOKEN_STORAGE_KEY, token);
}

export function clearManageToken(): void {
  localStorage.removeItem(MANAGE_TOKEN_STORAGE_KEY);
}

/** An access_token in the URL hash becomes the manage token (seed 000 §2); the hash is then removed. */
export function adoptHashAccessToken(): boolean {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const token = params.get('access_token');
  if (!token) return false;
  setManageToken(token);
  params.delete('access_token');
  const rest = params.toString();
  window.history.replaceState(
    null,
    '',
    `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ''}`,
  );
  return true;
}
