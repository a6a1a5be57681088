import { QueryClient } from '@tanstack/react-query';
import { ACTIVITY_PAGE_SIZE, MANAGE_TOKEN_STORAGE_KEY } from '@yanbo/contracts';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEntryLoader } from './entry-loader';
import { entryActivitySearch } from './entry-queries';

function fakeStorage(entries: Record<string, string>) {
  const store = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  };
}

const args = (url: string) => ({ request: new Request(url), params: {}, context: {} }) as LoaderFunctionArgs;

describe('entry loader', () => {
  let calls: string[];

  beforeEach(() => {
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push(`${init.method} ${url} ${new Headers(init.headers).get('authorization')}`);
        return new Response('{}', { status: 200 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a caller without a manage token to /login, loading nothing', async () => {
    vi.stubGlobal('localStorage', fakeStorage({}));
    const response = await createEntryLoader(new QueryClient())(args('http://x/board/1')).catch((e: unknown) => e);
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).headers.get('location')).toBe('/login');
    expect(calls).toEqual([]);
  });

  it('loads the six entry resources in the seed order, honouring isArchived, once', async () => {
    vi.stubGlobal('localStorage', fakeStorage({ [MANAGE_TOKEN_STORAGE_KEY]: 'tok' }));
    const load = createEntryLoader(new QueryClient());
    await load(args('http://x/?isArchived=true'));
    expect(calls).toEqual([
      'GET /api/v3/resource-config Bearer tok',
      `GET /api/activity?isArchived=true&page=1&pageSize=${ACTIVITY_PAGE_SIZE} Bearer tok`,
      'GET /api/agent/activity/template Bearer tok',
      'GET /api/category/ Bearer tok',
      'POST /api/ephemeral-token Bearer tok',
      'GET /api/v3/agent/customized-info Bearer tok',
    ]);
    await load(args('http://x/order?isArchived=true'));
    expect(calls).toHaveLength(6);
  });
});

describe('entryActivitySearch', () => {
  it('reads the archived flag from the URL and always asks for the first page', () => {
    expect(entryActivitySearch(new URLSearchParams('isArchived=true&page=3'))).toEqual({
      isArchived: true,
      page: 1,
      pageSize: ACTIVITY_PAGE_SIZE,
    });
    expect(entryActivitySearch(new URLSearchParams())).toEqual({
      isArchived: false,
      page: 1,
      pageSize: ACTIVITY_PAGE_SIZE,
    });
  });
});
