import { MANAGE_TOKEN_STORAGE_KEY } from '@yanbo/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adoptHashAccessToken,
  clearManageToken,
  getManageToken,
  setManageToken,
  tabScopedConsoleUrl,
} from '../../app/manage-token';

// An impersonated console keeps its session to its own tab, so the opener's console stays the opener's.

function fakeStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

describe('tab-scoped manage token', () => {
  let local: Storage;
  let session: Storage;
  let location: { pathname: string; search: string; hash: string };

  beforeEach(() => {
    local = fakeStorage();
    session = fakeStorage();
    location = { pathname: '/', search: '', hash: '' };
    vi.stubGlobal('localStorage', local);
    vi.stubGlobal('sessionStorage', session);
    vi.stubGlobal('window', {
      location,
      history: {
        replaceState: (_: unknown, __: string, url: string) => {
          const [path, hash = ''] = url.split('#');
          location.pathname = path;
          location.hash = hash ? `#${hash}` : '';
        },
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('an ordinary #access_token goes to local storage, shared by the tabs', () => {
    location.hash = '#access_token=parent';
    expect(adoptHashAccessToken()).toBe(true);
    expect(local.getItem(MANAGE_TOKEN_STORAGE_KEY)).toBe('parent');
    expect(getManageToken()).toBe('parent');
    expect(location.hash).toBe('');
  });

  it('the impersonation URL keeps the token to its tab and leaves the opener’s in local storage', () => {
    local.setItem(MANAGE_TOKEN_STORAGE_KEY, 'parent');
    const url = tabScopedConsoleUrl('child token');
    expect(url).toBe('/#access_token=child%20token&scope=tab');
    location.hash = url.slice(1);
    adoptHashAccessToken();
    expect(getManageToken()).toBe('child token');
    expect(local.getItem(MANAGE_TOKEN_STORAGE_KEY)).toBe('parent');
    expect(location.hash).toBe('');
  });

  it('a tab-scoped console signs in and out within its tab, never falling back to the opener’s token', () => {
    local.setItem(MANAGE_TOKEN_STORAGE_KEY, 'parent');
    session.setItem(MANAGE_TOKEN_STORAGE_KEY, 'child');
    clearManageToken();
    expect(getManageToken()).toBeNull();
    expect(local.getItem(MANAGE_TOKEN_STORAGE_KEY)).toBe('parent');
    setManageToken('again');
    expect(getManageToken()).toBe('again');
    expect(local.getItem(MANAGE_TOKEN_STORAGE_KEY)).toBe('parent');
  });

  it('an ordinary tab signs out of local storage', () => {
    setManageToken('mine');
    expect(local.getItem(MANAGE_TOKEN_STORAGE_KEY)).toBe('mine');
    clearManageToken();
    expect(getManageToken()).toBeNull();
  });
});
