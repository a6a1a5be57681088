import { describe, expect, it } from 'vitest';
import { useWorld } from '../activity-world.ts';
import { engines } from '../harness.ts';

// The finance views at the edges of what their queries accept: the first and last months a statement can name, pages
// far past the end, and ranges with nothing in them answer empty, never an error.

describe.each(engines)('finance views at the edges on %s', (engine) => {
  const w = useWorld(engine);

  it('answers the first and last months, far pages and empty ranges with nothing, never an error', async () => {
    for (const month of ['2000-01', '2999-12', '2026-02'])
      expect(
        (await w.call('GET', `/v3/agent/${w.a.id}/statement?month=${month}`, { token: w.aToken })).body,
      ).toMatchObject({ accounts: [], lines: [], month });
    // A month is its own Beijing calendar month, whatever its year.
    const first = await w.call('GET', `/v3/agent/${w.a.id}/statement?month=2000-01`, { token: w.aToken });
    expect([first.body.from, first.body.to]).toEqual(['1999-12-31T16:00:00.000Z', '2000-01-31T16:00:00.000Z']);
    for (const month of ['0001-01', '1999-12', '3000-01'])
      expect(
        (await w.call('GET', `/v3/agent/${w.a.id}/statement?month=${month}`, { token: w.aToken })).body.field,
      ).toBe('month');
    const leap = await w.call('GET', `/v3/agent/${w.a.id}/statement?month=2028-02`, { token: w.aToken });
    expect([leap.body.from, leap.body.to]).toEqual(['2028-01-31T16:00:00.000Z', '2028-02-29T16:00:00.000Z']);
    const csv = await w.call('GET', `/v3/agent/${w.a.id}/statement/download?month=2999-12`, { token: w.aToken });
    expect(csv.status, csv.text).toBe(200);
    for (const url of [
      '/order?page=2147483647',
      `/agent/${w.a.id}/gain-details?page=99999999`,
      `/v3/agent/${w.a.id}/transaction?page=99999999`,
      `/v3/agent/${w.a.id}/hb-transaction-list?page=99999999`,
      `/v3/agent/${w.a.id}/flux-transaction?page=99999999&startTime=2999-01-01T00:00:00Z`,
      '/order?startTime=2030-01-01T00:00:00Z&endTime=2020-01-01T00:00:00Z',
    ]) {
      const answer = await w.call('GET', url, { token: w.aToken });
      expect(answer.status, `${url}: ${answer.text}`).toBe(200);
      expect(answer.body.items).toEqual([]);
    }
    const days = await w.call('GET', '/v3/agent/stream-usage/viewers?startTime=2026-01-01&endTime=2026-12-31', {
      token: w.aToken,
    });
    expect(days.body.days).toHaveLength(365);
    expect(days.body.total).toBe(0);
  });
});
