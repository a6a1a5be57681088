import { ditchCalls } from '@yanbo/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, apiUrl } from './http';

// The typed client: the request is built from the contract entry, and a call that doesn't match the entry fails the
// type check (the @ts-expect-error lines below fail `npm run typecheck` the day they stop being errors).

afterEach(() => vi.unstubAllGlobals());

function stubFetch(answer: unknown) {
  const fetch = vi.fn(
    async (_url: string, _init: RequestInit) => new Response(JSON.stringify(answer), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
  return fetch;
}

describe('api', () => {
  it('fills the path from params (encoded), sends the query and the method of the entry', async () => {
    const fetch = stubFetch({ ok: true });
    await api(ditchCalls.deleteDitch, { params: { id: 7, sign: 'a b/c' } });
    expect(fetch).toHaveBeenCalledWith(
      '/api/agent/7/promotion-channel/a%20b%2Fc',
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it('sends the body as JSON and returns the answer', async () => {
    const fetch = stubFetch({ id: 1, name: '渠道' });
    const answer = await api(ditchCalls.createDitch, { params: { id: 7 }, body: { name: '渠道', activityId: null } });
    expect(answer.name).toBe('渠道');
    const init = fetch.mock.calls[0]?.[1] ?? {};
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ name: '渠道', activityId: null });
  });

  it('refuses to send a call with a path parameter missing', async () => {
    stubFetch({});
    // @ts-expect-error params are required by the entry
    await expect(api(ditchCalls.listDitches, {})).rejects.toThrow('Missing path parameter id');
  });

  it('builds a URL for what the browser opens itself', () => {
    expect(apiUrl(ditchCalls.listDitches, { params: { id: 3 }, query: { page: 2, name: '' } })).toBe(
      '/api/agent/3/promotion-channel?page=2',
    );
  });
});

// Type-level checks: each line is a mistake the type check must refuse.
export async function refusedByTheTypeCheck() {
  // @ts-expect-error a body that does not match the entry
  await api(ditchCalls.createDitch, { params: { id: 1 }, body: { nam: 'x' } });
  // @ts-expect-error a query on a call that takes none
  await api(ditchCalls.deleteDitch, { params: { id: 1, sign: 's' }, query: { page: 1 } });
  const list = await api(ditchCalls.listDitches, { params: { id: 1 } });
  // @ts-expect-error a field the answer does not have
  return list.itemz;
}
