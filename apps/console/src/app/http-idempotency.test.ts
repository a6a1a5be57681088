import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey, request } from './http';

// Every POST carries an Idempotency-Key (issue 8: two clicks made two orders); a retry of the same mutation sends the
// same key, a new attempt a new one.

function recordKeys() {
  const keys: (string | undefined)[] = [];
  vi.stubGlobal('localStorage', { getItem: () => 'manage-token' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)['idempotency-key']);
      return Response.json({ ok: true });
    }),
  );
  return keys;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Idempotency-Key', () => {
  it('a retried mutation (the same variables) sends the same key; a new attempt a fresh one', async () => {
    const keys = recordKeys();
    const body = { packageId: 100001 };
    await request('POST', '/agent/order', { body });
    await request('POST', '/agent/order', { body });
    await request('POST', '/agent/order', { body: { packageId: 100001 } });
    await request('POST', '/agent/logout');
    await request('POST', '/agent/logout');
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[4]);
  });

  it('an explicit key is sent as given, and only POSTs carry one', async () => {
    const keys = recordKeys();
    await request('POST', '/activity', { body: { name: 'a' }, idempotencyKey: 'modal-1' });
    await request('PUT', '/activity/1', { body: { name: 'a' } });
    await request('GET', '/activity');
    expect(keys).toEqual(['modal-1', undefined, undefined]);
  });

  it('makes keys where crypto.randomUUID is missing: the console opened over plain http on a LAN address', () => {
    // Browsers give randomUUID to secure contexts only; getRandomValues everywhere.
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    const first = newIdempotencyKey();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(first);
  });
});
