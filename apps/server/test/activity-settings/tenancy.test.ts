import { ERROR_MESSAGES } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { useWorld } from '../activity-world.ts';
import { engines, expectError } from '../harness.ts';

// Every call of an activity's settings, page template and meeting: another agent's activity, a sub-account's call on
// an activity not assigned to it, and an id that does not exist all answer 404 Activity Not Found, and change nothing.

type Method = 'GET' | 'POST' | 'PUT';
const routes = (id: number): [Method, string, unknown?][] => [
  ['GET', `/activity/${id}/template`],
  ['PUT', `/activity/${id}/template`, { imgCover: 'hacked.png' }],
  ['POST', `/activity/${id}/inheritPrevTpl`],
  ['GET', `/activity/${id}/menu`],
  ['PUT', `/activity/${id}/menu`, { items: [] }],
  ['GET', `/v3/activity/${id}/subscribe`],
  ['GET', `/activity/${id}/watchcode`],
  ['PUT', `/activity/${id}/watchcode`, { enabled: true, code: '000000' }],
  ['POST', `/activity/${id}/watchcode/refresh`],
  ['GET', `/activity/${id}/shareCard`],
  ['PUT', `/activity/${id}/shareCard`, { title: 'hacked' }],
  ['GET', `/activity/${id}/invitation`],
  ['PUT', `/activity/${id}/invitation`, { isEnabled: true }],
  ['GET', `/activity/${id}/liveTranscode`],
  ['PUT', `/activity/${id}/liveTranscode`, { enabled: true }],
  ['GET', `/activity/${id}/manager`],
  ['PUT', `/activity/${id}/manager`, { nickname: 'hacked' }],
  ['GET', `/activity/${id}/official-user`],
  ['POST', `/v3/activity/${id}/meeting/join`],
  ['POST', `/activity/${id}/meeting/end`],
  ['GET', `/activity/${id}/meeting`],
];

describe.each(engines)('activity settings, page template and meeting tenancy on %s', (engine) => {
  const w = useWorld(engine);

  const snapshot = async (activityId: number) => ({
    settings: await w.t.ctx.db
      .selectFrom('activitySettings')
      .selectAll()
      .where('activityId', '=', activityId)
      .orderBy('section')
      .execute(),
    meetings: await w.t.ctx.db.selectFrom('meetings').selectAll().where('activityId', '=', activityId).execute(),
  });

  it('another agent, a sub-account and a missing id get 404 on every call, and A’s activity is unchanged', async () => {
    const id = await w.activity(w.aToken);
    await w.call('PUT', `/activity/${id}/template`, { token: w.aToken, body: { imgCover: 'mine.png' } });
    await w.call('PUT', `/activity/${id}/watchcode`, { token: w.aToken, body: { enabled: false, code: '123456' } });
    await w.call('POST', `/v3/activity/${id}/meeting/join`, { token: w.aToken });
    const before = await snapshot(id);
    // B has an activity of its own, so "previous activity" cannot be the reason for its 404.
    await w.activity(w.bToken);

    for (const [token, target] of [
      [w.bToken, id],
      [w.subToken, id],
      [w.aToken, 2_000_000_000],
    ] as const) {
      for (const [method, url, body] of routes(target)) {
        const response = await w.call(method, url, { token, body });
        expectError(response, 404, ERROR_MESSAGES.activityNotFound);
      }
    }
    expect(await snapshot(id)).toEqual(before);
    expect((await w.call('GET', `/activity/${id}/template`, { token: w.aToken })).body.imgCover).toBe('mine.png');
  });

  it('a sub-account works on its own activity', async () => {
    await w.activity(w.subToken);
    for (const [method, url, body] of routes(w.subActivityId)) {
      if (url.endsWith('/meeting/end')) continue;
      const response = await w.call(method, url, { token: w.subToken, body });
      expect(response.status, `${method} ${url}: ${response.text}`).toBe(200);
    }
  });

  it('every call needs a session', async () => {
    for (const [method, url, body] of routes(w.subActivityId)) {
      expect((await w.call(method, url, { body })).status).toBe(401);
    }
  });
});
