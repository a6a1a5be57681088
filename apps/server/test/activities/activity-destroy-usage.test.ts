import { ACTIVITY_PACKAGE_ID, ERROR_MESSAGES } from '@yanbo/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setPushing } from '../../src/features/live-stream/publish-auth.ts';
import { useWorld } from '../activity-world.ts';
import { engines, expectError } from '../harness.ts';
import { payAtSandbox, placeOrder } from '../price/pay-helpers.ts';

// POST /v3/activity/{id}/destroy and GET /v3/activity/{id}/usage on both databases.

describe.each(engines)('activity destroy and usage on %s', (engine) => {
  const w = useWorld(engine);

  /** An activity of A with something in every table that refers to it. */
  async function populated() {
    const id = await w.activity(w.aToken);
    const db = w.t.ctx.db;
    expect(
      (await w.call('PUT', `/activity/${id}/watchcode`, { token: w.aToken, body: { enabled: true } })).status,
    ).toBe(200);
    expect((await w.call('POST', `/v3/activity/${id}/meeting/join`, { token: w.aToken })).status).toBe(200);
    expect(
      (await w.call('POST', `/v3/activity/${id}/extension/lottery`, { token: w.aToken, body: { prizeName: '耳机' } }))
        .status,
    ).toBe(200);
    const base = `/agent/${w.a.id}/promotion-channel`;
    const bound = (await w.call('POST', base, { token: w.aToken, body: { name: '绑定渠道', activityId: id } })).body;
    const free = (await w.call('POST', base, { token: w.aToken, body: { name: '通用渠道' } })).body;
    const media = await db
      .insertInto('media')
      .values({
        agentId: w.a.id,
        activityId: id,
        name: '片头',
        sourceKind: 'url',
        source: `https://example.com/${id}.mp4`,
        status: 'ready',
        sizeBytes: 2048,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('streamJobs')
      .values({ activityId: id, agentId: w.a.id, kind: 'relay', source: 'rtmp://example.com/x', status: 'stopped' })
      .execute();
    return { id, bound, free, mediaId: media.id };
  }

  async function rowsFor(id: number) {
    const db = w.t.ctx.db;
    const count = async (table: 'activitySettings' | 'meetings' | 'activityExtensions' | 'streamJobs') =>
      (await db.selectFrom(table).select('activityId').where('activityId', '=', id).execute()).length;
    return {
      activity: (await db.selectFrom('activities').select('id').where('id', '=', id).execute()).length,
      settings: await count('activitySettings'),
      meetings: await count('meetings'),
      extensions: await count('activityExtensions'),
      streamJobs: await count('streamJobs'),
      ditches: (await db.selectFrom('promotionChannels').select('id').where('activityId', '=', id).execute()).length,
    };
  }

  it('destroys an activity with everything it owns in one go, unlinking its media and keeping other ditches', async () => {
    const { id, free, mediaId } = await populated();
    expect(await rowsFor(id)).toEqual({
      activity: 1,
      settings: 1,
      meetings: 1,
      extensions: 1,
      streamJobs: 1,
      ditches: 1,
    });
    const meetingIds = (
      await w.t.ctx.db.selectFrom('meetings').select('id').where('activityId', '=', id).execute()
    ).map((m) => m.id);
    const participantsOf = async () =>
      (await w.t.ctx.db.selectFrom('meetingParticipants').select('id').where('meetingId', 'in', meetingIds).execute())
        .length;
    expect(await participantsOf()).toBe(1);
    const done = await w.call('POST', `/v3/activity/${id}/destroy`, { token: w.aToken });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toEqual({ ok: true });
    expect(await rowsFor(id)).toEqual({
      activity: 0,
      settings: 0,
      meetings: 0,
      extensions: 0,
      streamJobs: 0,
      ditches: 0,
    });
    expect(await participantsOf()).toBe(0);
    const media = await w.t.ctx.db.selectFrom('media').select('activityId').where('id', '=', mediaId).execute();
    expect(media).toEqual([{ activityId: null }]);
    const ditches = (await w.call('GET', `/agent/${w.a.id}/promotion-channel?pageSize=100`, { token: w.aToken })).body;
    expect(ditches.items.map((item: { sign: string }) => item.sign)).toContain(free.sign);

    expectError(await w.call('GET', `/activity/${id}`, { token: w.aToken }), 404, ERROR_MESSAGES.activityNotFound);
    expectError(
      await w.call('POST', `/v3/activity/${id}/destroy`, { token: w.aToken }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
  });

  it('destroys an activity that was paid for, keeping the order and the ledger as they were', async () => {
    const id = await w.activity(w.aToken, '买过套餐的活动');
    const order = await placeOrder(w.t.app, w.aToken, { packageId: ACTIVITY_PACKAGE_ID, activityId: id });
    await payAtSandbox(w.t.app, order.url);
    const ledgerOf = () =>
      w.t.ctx.db
        .selectFrom('ledgerEntries')
        .select(['activityId', 'amount'])
        .where('orderId', '=', order.orderId)
        .orderBy('id')
        .execute();
    const ledger = await ledgerOf();
    expect(ledger.length).toBeGreaterThan(0);
    expect(ledger.every((entry) => entry.activityId === id)).toBe(true);

    const done = await w.call('POST', `/v3/activity/${id}/destroy`, { token: w.aToken });
    expect(done.status, done.text).toBe(200);
    expect(await ledgerOf()).toEqual(ledger);
    const status = await w.call('GET', `/agent/order/status?orderId=${order.orderId}`, { token: w.aToken });
    expect(status.body).toMatchObject({ status: 'paid', activityId: id });
    expectError(await w.call('GET', `/activity/${id}/pay`, { token: w.aToken }), 404, ERROR_MESSAGES.activityNotFound);
  });

  it('destroys an archived activity and frees its name', async () => {
    const id = await w.activity(w.aToken, '要归档再销毁的活动');
    await w.call('PUT', `/activity/${id}/archive`, { token: w.aToken, body: { isArchived: true } });
    expect((await w.call('POST', `/v3/activity/${id}/destroy`, { token: w.aToken })).status).toBe(200);
    const again = await w.call('POST', '/activity', { token: w.aToken, body: { name: '要归档再销毁的活动' } });
    expect(again.status, again.text).toBe(200);
  });

  it("answers 404 for another agent's activity, a sub-account's reach, and 400 for a bad id", async () => {
    const { id } = await populated();
    expectError(
      await w.call('POST', `/v3/activity/${id}/destroy`, { token: w.bToken }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expectError(
      await w.call('POST', `/v3/activity/${id}/destroy`, { token: w.subToken }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expect((await rowsFor(id)).activity).toBe(1);
    expect((await w.call('POST', '/v3/activity/abc/destroy', { token: w.aToken })).body.field).toBe('id');
    expect((await w.call('POST', `/v3/activity/${id}/destroy`)).status).toBe(401);
    // A sub-account destroys its own.
    const own = await w.activity(w.subToken);
    expect((await w.call('POST', `/v3/activity/${own}/destroy`, { token: w.subToken })).status).toBe(200);
  });

  it('reports usage from recorded pushes, media and meetings', async () => {
    const { id } = await populated();
    const before = Date.now();
    const fresh = await w.call('GET', `/v3/activity/${id}/usage`, { token: w.aToken });
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.body.onlineAt).toBeGreaterThanOrEqual(before);
    expect(fresh.body.onlineAt).toBeLessThanOrEqual(Date.now());
    expect(fresh.body).toEqual({
      activityId: id,
      push: { sessions: 0, seconds: 0, lastStartedAt: null },
      relay: { jobs: 1, seconds: expect.any(Number) },
      transcode: { jobs: 0, seconds: 0 },
      playbackBytes: 0,
      viewersPeak: 0,
      online: 0,
      onlineAt: expect.any(Number),
      storage: { mediaCount: 1, bytes: 2048 },
      meetings: 1,
      visits: 0,
      uniqueViewers: 0,
    });

    // A push starts and stops (what the ingest or the media server's webhooks report).
    const row = await w.t.ctx.db
      .selectFrom('activities')
      .select(['app', 'stream'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await setPushing(w.t.ctx, row.app, row.stream ?? '', true);
    await sql`update ingest_sessions set started_at = now() - interval '90 seconds' where activity_id = ${id}`.execute(
      w.t.ctx.db,
    );
    const live = (await w.call('GET', `/v3/activity/${id}/usage`, { token: w.aToken })).body;
    expect(live.push.sessions).toBe(1);
    expect(live.push.seconds).toBeGreaterThanOrEqual(90);
    expect(live.push.lastStartedAt).not.toBeNull();
    await setPushing(w.t.ctx, row.app, row.stream ?? '', false);
    const after = (await w.call('GET', `/v3/activity/${id}/usage`, { token: w.aToken })).body;
    expect(after.push.sessions).toBe(1);
    expect(after.push.seconds).toBeGreaterThanOrEqual(90);
    expect(after.push.seconds).toBeLessThan(120);
    // A second push is a second session.
    await setPushing(w.t.ctx, row.app, row.stream ?? '', true);
    await setPushing(w.t.ctx, row.app, row.stream ?? '', false);
    expect((await w.call('GET', `/v3/activity/${id}/usage`, { token: w.aToken })).body.push.sessions).toBe(2);
  });

  it("answers 404 for another agent's usage and 400 for a bad id", async () => {
    const id = await w.activity(w.aToken);
    expectError(
      await w.call('GET', `/v3/activity/${id}/usage`, { token: w.bToken }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expectError(
      await w.call('GET', `/v3/activity/${id}/usage`, { token: w.subToken }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expect((await w.call('GET', `/v3/activity/${w.subActivityId}/usage`, { token: w.subToken })).status).toBe(200);
    expect((await w.call('GET', '/v3/activity/0/usage', { token: w.aToken })).body.field).toBe('id');
  });
});
