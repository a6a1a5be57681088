import { MEETING_ERRORS } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { useWorld } from '../activity-world.ts';
import { engines, expectError } from '../harness.ts';

describe.each(engines)('meeting on %s', (engine) => {
  const w = useWorld(engine);

  it('meeting: idle, join starts it, a second join joins it, end makes it idle; details page by 10', async () => {
    const id = await w.activity(w.aToken);
    const details = async (query = '') =>
      (await w.call('GET', `/activity/${id}/meeting${query}`, { token: w.aToken })).body;
    expect(await details()).toEqual({
      state: 'idle',
      current: null,
      items: [],
      pager: { page: 1, pageSize: 10, total: 0 },
    });
    expectError(
      await w.call('POST', `/activity/${id}/meeting/end`, { token: w.aToken }),
      400,
      MEETING_ERRORS.meetingNotStarted,
    );
    const join = await w.call('POST', `/v3/activity/${id}/meeting/join`, { token: w.aToken });
    expect(join.status, join.text).toBe(200);
    expect(join.body).toMatchObject({ role: 'host', url: expect.stringContaining(`/meeting/${id}?token=`) });
    expect(join.body.token.length).toBeGreaterThan(20);
    const guest = await w.call('POST', `/v3/activity/${id}/meeting/join`, {
      token: w.aToken,
      body: { nickname: '嘉宾', role: 'guest' },
    });
    expect(guest.body.meetingId).toBe(join.body.meetingId);
    const live = await details();
    expect(live.state).toBe('ongoing');
    expect(live.current).toMatchObject({ id: join.body.meetingId, state: 'ongoing', participantCount: 2 });

    const ended = await w.call('POST', `/activity/${id}/meeting/end`, { token: w.aToken });
    expect(ended.body).toMatchObject({ id: join.body.meetingId, state: 'ended', participantCount: 2 });
    expect(ended.body.endedAt).not.toBeNull();
    expect(await details()).toMatchObject({ state: 'idle', current: null, pager: { total: 1 } });

    for (let i = 0; i < 11; i++) {
      await w.call('POST', `/v3/activity/${id}/meeting/join`, { token: w.aToken });
      await w.call('POST', `/activity/${id}/meeting/end`, { token: w.aToken });
    }
    const page1 = await details();
    expect(page1.items).toHaveLength(10);
    expect(page1.pager).toEqual({ page: 1, pageSize: 10, total: 12 });
    const page2 = await details('?page=2');
    expect(page2.items.at(-1).id).toBe(join.body.meetingId);
    expect(
      (await w.call('POST', `/v3/activity/${id}/meeting/join`, { token: w.aToken, body: { role: 'boss' } })).body.field,
    ).toBe('role');
  });
});
