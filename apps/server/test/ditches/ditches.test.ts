import { DITCH_ERRORS, ERROR_MESSAGES } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { useWorld } from '../activity-world.ts';
import { createAgent, engines, expectError, sessionFor } from '../harness.ts';

describe.each(engines)('ditches on %s', (engine) => {
  const w = useWorld(engine);

  it('creates ditches with generated, url-safe, unique signs and share links carrying them', async () => {
    const agent = await createAgent(w.t.ctx);
    const token = await sessionFor(w.t.ctx, agent.id);
    const activityId = await w.activity(token);
    const base = `/agent/${agent.id}/promotion-channel`;
    const first = await w.call('POST', base, { token, body: { name: '公众号推文' } });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ name: '公众号推文', activityId: null, link: null });
    expect(first.body.sign).toMatch(/^[A-Za-z0-9_-]{6,32}$/);
    const bound = await w.call('POST', base, { token, body: { name: '朋友圈', activityId } });
    expect(bound.body.link).toBe(`/watch/${activityId}?ditch=${bound.body.sign}`);
    expect(bound.body.sign).not.toBe(first.body.sign);

    const signs = new Set<string>();
    for (let i = 0; i < 10; i++) {
      signs.add((await w.call('POST', base, { token, body: { name: `渠道 ${i}` } })).body.sign);
    }
    expect(signs.size).toBe(10);

    // Page 1, size 10 by default, newest first.
    const list = await w.call('GET', base, { token });
    expect(list.body.pager).toEqual({ page: 1, pageSize: 10, total: 12 });
    expect(list.body.items[0].name).toBe('渠道 9');
    const page2 = await w.call('GET', `${base}?page=2`, { token });
    expect(page2.body.items.map((item: { name: string }) => item.name)).toEqual(['朋友圈', '公众号推文']);
    expect((await w.call('GET', `${base}?name=朋友`, { token })).body.items).toHaveLength(1);

    // For an activity: the ditches usable for it, each with its link for that activity.
    const other = await w.activity(token);
    const forActivity = await w.call('GET', `${base}?activityId=${other}&pageSize=100`, { token });
    expect(forActivity.body.pager.total).toBe(11);
    for (const item of forActivity.body.items) {
      expect(item.link).toBe(`/watch/${other}?ditch=${item.sign}`);
    }
  });

  it('edits by sign, unbinds, deletes, and answers 404 for an unknown sign', async () => {
    const activityId = await w.activity(w.aToken);
    const base = `/agent/${w.a.id}/promotion-channel`;
    const ditch = (await w.call('POST', base, { token: w.aToken, body: { name: '短信' } })).body;
    const edited = await w.call('PUT', `${base}/${ditch.sign}`, {
      token: w.aToken,
      body: { name: '短信群发', activityId },
    });
    expect(edited.body).toMatchObject({ id: ditch.id, sign: ditch.sign, name: '短信群发', activityId });
    expect(edited.body.link).toBe(`/watch/${activityId}?ditch=${ditch.sign}`);
    const unbound = await w.call('PUT', `${base}/${ditch.sign}`, { token: w.aToken, body: { activityId: null } });
    expect(unbound.body).toMatchObject({ name: '短信群发', activityId: null, link: null });
    // An edit naming no field changes nothing (it once answered 500 with an SQL syntax error).
    const unchanged = await w.call('PUT', `${base}/${ditch.sign}`, { token: w.aToken, body: {} });
    expect(unchanged.status, unchanged.text).toBe(200);
    expect(unchanged.body).toEqual(unbound.body);
    expect((await w.call('DELETE', `${base}/${ditch.sign}`, { token: w.aToken })).body).toEqual({ ok: true });
    expectError(await w.call('DELETE', `${base}/${ditch.sign}`, { token: w.aToken }), 404, DITCH_ERRORS.ditchNotFound);
    expectError(
      await w.call('PUT', `${base}/nope`, { token: w.aToken, body: { name: 'x' } }),
      404,
      DITCH_ERRORS.ditchNotFound,
    );
  });

  it('validates names, signs and paging, naming the field', async () => {
    const base = `/agent/${w.a.id}/promotion-channel`;
    expect((await w.call('POST', base, { token: w.aToken, body: {} })).body.field).toBe('name');
    expect((await w.call('POST', base, { token: w.aToken, body: { name: '  ' } })).body.field).toBe('name');
    expect((await w.call('POST', base, { token: w.aToken, body: { name: 'x'.repeat(31) } })).body.field).toBe('name');
    expect((await w.call('POST', base, { token: w.aToken, body: { name: 'x', activityId: -1 } })).body.field).toBe(
      'activityId',
    );
    expect((await w.call('PUT', `${base}/bad%20sign`, { token: w.aToken, body: {} })).body.field).toBe('sign');
    expect((await w.call('GET', `${base}?pageSize=0`, { token: w.aToken })).body.field).toBe('pageSize');
  });

  it('another agent’s id, ditch or activity answers 404 and changes nothing', async () => {
    const aBase = `/agent/${w.a.id}/promotion-channel`;
    const ditch = (await w.call('POST', aBase, { token: w.aToken, body: { name: '保密渠道' } })).body;
    const before = await w.t.ctx.db.selectFrom('promotionChannels').selectAll().where('id', '=', ditch.id).execute();
    for (const response of [
      await w.call('GET', aBase, { token: w.bToken }),
      await w.call('POST', aBase, { token: w.bToken, body: { name: 'x' } }),
      await w.call('PUT', `${aBase}/${ditch.sign}`, { token: w.bToken, body: { name: 'hacked' } }),
      await w.call('DELETE', `${aBase}/${ditch.sign}`, { token: w.bToken }),
    ]) {
      expectError(response, 404, ERROR_MESSAGES.agentNotFound);
    }
    // B on its own path cannot reach A's ditch by its sign.
    const bBase = `/agent/${w.b.id}/promotion-channel`;
    expectError(
      await w.call('PUT', `${bBase}/${ditch.sign}`, { token: w.bToken, body: { name: 'hacked' } }),
      404,
      DITCH_ERRORS.ditchNotFound,
    );
    expectError(await w.call('DELETE', `${bBase}/${ditch.sign}`, { token: w.bToken }), 404, DITCH_ERRORS.ditchNotFound);
    // Nor bind its ditches to A's activity.
    const aActivity = await w.activity(w.aToken);
    expectError(
      await w.call('POST', bBase, { token: w.bToken, body: { name: 'x', activityId: aActivity } }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expectError(
      await w.call('GET', `${bBase}?activityId=${aActivity}`, { token: w.bToken }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    const bDitch = (await w.call('POST', bBase, { token: w.bToken, body: { name: 'b' } })).body;
    expectError(
      await w.call('PUT', `${bBase}/${bDitch.sign}`, { token: w.bToken, body: { activityId: aActivity } }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    // A sub-account uses its agent's ditches but binds them only to its own activities.
    expect((await w.call('GET', aBase, { token: w.subToken })).status).toBe(200);
    expectError(
      await w.call('POST', aBase, { token: w.subToken, body: { name: 'x', activityId: aActivity } }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    const subDitch = await w.call('POST', aBase, {
      token: w.subToken,
      body: { name: '子账号渠道', activityId: w.subActivityId },
    });
    expect(subDitch.status).toBe(200);
    expect(await w.t.ctx.db.selectFrom('promotionChannels').selectAll().where('id', '=', ditch.id).execute()).toEqual(
      before,
    );
    expect((await w.call('GET', aBase)).status).toBe(401);
  });
});
