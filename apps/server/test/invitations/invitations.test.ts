import { ERROR_MESSAGES, INVITATION_ERRORS, TOP_SHARE_LIMIT, VIEWER_COOKIE } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { useWorld } from '../activity-world.ts';
import { type CallResult, engines, expectError } from '../harness.ts';

// Invitation cards and the top-share ranking (issue 10): a viewer opens its card, a new viewer arrives by its link,
// and the console and the watch page's rank tab see the inviter with its invitee count.

function viewerCookie(response: CallResult): string {
  const match = new RegExp(`${VIEWER_COOKIE}=([^;]+)`).exec(String(response.headers['set-cookie'] ?? ''));
  if (!match) throw new Error('no viewer cookie');
  return `${VIEWER_COOKIE}=${match[1]}`;
}
/** The viewer's public id: the cookie's value is that id and the server's signature of it, `<id>.<mac>`. */
const idOf = (cookie: string) => cookie.slice(VIEWER_COOKIE.length + 1).split('.')[0] as string;

describe.each(engines)('invitations on %s', (engine) => {
  const w = useWorld(engine);

  /** A new viewer's first visit (optionally by an invitation link): its cookie. */
  async function newViewer(activityId: number, invitedBy?: string): Promise<string> {
    const visit = await w.call('POST', `/watch/${activityId}/visit`, { body: invitedBy ? { invitedBy } : {} });
    expect(visit.status, visit.text).toBe(200);
    return viewerCookie(visit);
  }
  const openCard = (activityId: number, cookie: string | undefined, nickname = '小明') =>
    w.call('POST', `/watch/${activityId}/invitation/card`, {
      body: { nickname },
      headers: cookie ? { cookie } : {},
    });
  async function enabledActivity(name = '邀请活动') {
    const id = await w.activity(w.aToken, name);
    const set = await w.call('PUT', `/activity/${id}/invitation`, {
      token: w.aToken,
      body: { isEnabled: true, title: '邀你看直播', description: '一起来', cover: '/files/c.png' },
    });
    expect(set.status, set.text).toBe(200);
    return id;
  }

  it('shows the invitation card on the watch page once the organiser switches it on', async () => {
    const id = await w.activity(w.aToken, '卡片活动');
    const before = await w.call('GET', `/watch/${id}`);
    expect(before.body.invitation).toMatchObject({ isEnabled: false, title: '卡片活动', showInviter: true });
    await w.call('PUT', `/activity/${id}/invitation`, {
      token: w.aToken,
      body: { isEnabled: true, backgroundImg: '/files/bg.png', cover: '/files/cover.png' },
    });
    const after = await w.call('GET', `/watch/${id}`);
    expect(after.body.invitation).toMatchObject({
      isEnabled: true,
      backgroundImg: '/files/bg.png',
      cover: '/files/cover.png',
    });
  });

  it('opens a real viewer’s card; refuses a disabled card, an unknown viewer and bad input', async () => {
    const off = await w.activity(w.aToken, '未开启');
    const offViewer = await newViewer(off);
    expectError(await openCard(off, offViewer), 404, INVITATION_ERRORS.invitationDisabled);

    const id = await enabledActivity();
    // No cookie, a made-up cookie, and a viewer of another activity are no viewers of this one.
    expectError(await openCard(id, undefined), 404, INVITATION_ERRORS.viewerNotFound);
    expectError(await openCard(id, `${VIEWER_COOKIE}=${'Z'.repeat(22)}`), 404, INVITATION_ERRORS.viewerNotFound);
    expectError(await openCard(id, offViewer), 404, INVITATION_ERRORS.viewerNotFound);
    expectError(await openCard(999_999, offViewer), 404, ERROR_MESSAGES.activityNotFound);

    const a = await newViewer(id);
    expect((await openCard(id, a, '')).status).toBe(400);
    expect((await openCard(id, a, 'x'.repeat(21))).status).toBe(400);
    const card = await openCard(id, a, ' 小明 ');
    expect(card.status, card.text).toBe(200);
    expect(card.body).toEqual({
      title: '邀你看直播',
      description: '一起来',
      backgroundImg: '',
      cover: '/files/c.png',
      inviterName: '小明',
      inviterId: idOf(a),
      invitees: 0,
    });
    // The organiser hides the inviter's name: the card shows none, the link still names the viewer.
    await w.call('PUT', `/activity/${id}/invitation`, { token: w.aToken, body: { showInviter: false } });
    expect((await openCard(id, a)).body).toMatchObject({ inviterName: '', inviterId: idOf(a) });
    // Its public id (shown in its link) in a cookie of one's own making does not open its card.
    expectError(await openCard(id, `${VIEWER_COOKIE}=${idOf(a)}`), 404, INVITATION_ERRORS.viewerNotFound);
  });

  it('records who invited whom once per invitee, ignoring self-invites and viewers without a card', async () => {
    const id = await enabledActivity('排行活动');
    const a = await newViewer(id);
    const c = await newViewer(id);
    // Before A opens its card, its link brings no one (only real inviters count).
    await newViewer(id, idOf(a));
    await openCard(id, a, '阿明');
    await openCard(id, c, '阿城');

    const b = await newViewer(id, idOf(a));
    // B comes back by A's link, and by C's: B was counted for A once and stays A's.
    await w.call('POST', `/watch/${id}/visit`, { body: { invitedBy: idOf(a) }, headers: { cookie: b } });
    await w.call('POST', `/watch/${id}/visit`, { body: { invitedBy: idOf(c) }, headers: { cookie: b } });
    // A viewer already watching is not brought by a link; A's own link does not count for A.
    await w.call('POST', `/watch/${id}/visit`, { body: { invitedBy: idOf(c) }, headers: { cookie: a } });
    await w.call('POST', `/watch/${id}/visit`, { body: { invitedBy: idOf(a) }, headers: { cookie: a } });
    // Two more new viewers by C's link, one by A's: C leads with 2.
    await newViewer(id, idOf(c));
    await newViewer(id, idOf(c));
    // A malformed inviter is ignored and the visit still counts.
    expect((await w.call('POST', `/watch/${id}/visit`, { body: { invitedBy: 'not a viewer' } })).status).toBe(200);
    expect((await w.call('POST', `/watch/${id}/visit`, { body: { invitedBy: 'x'.repeat(65) } })).status).toBe(400);

    const top = await w.call('GET', `/v3/activity/${id}/top-share`, { token: w.aToken });
    expect(top.status, top.text).toBe(200);
    expect(
      top.body.items.map((i: { nickname: string; guestCount: number; rank: number }) => [
        i.rank,
        i.nickname,
        i.guestCount,
      ]),
    ).toEqual([
      [1, '阿城', 2],
      [2, '阿明', 1],
    ]);
    expect((await openCard(id, a, '阿明')).body.invitees).toBe(1);
    // The same ten for the watch page, without a session.
    const guest = await w.call('GET', `/v3/activity/${id}/top-share/guest`);
    expect(guest.status).toBe(200);
    expect(guest.body).toEqual(top.body);

    const invitees = await w.call('GET', `/v3/activity/${id}/invitee`, { token: w.aToken });
    expect(invitees.body.pager).toEqual({ page: 1, pageSize: 100, total: 3 });
    expect(invitees.body.items.filter((i: { inviteeId: string }) => i.inviteeId === idOf(b))).toEqual([
      expect.objectContaining({ inviterId: idOf(a), inviterNickname: '阿明' }),
    ]);
    const byA = await w.call('GET', `/v3/activity/${id}/invitee?invitedBy=${idOf(a)}`, { token: w.aToken });
    expect(byA.body.items.map((i: { inviteeId: string }) => i.inviteeId)).toEqual([idOf(b)]);
    expect(byA.body.pager.total).toBe(1);
    expect((await w.call('GET', `/v3/activity/${id}/invitee?invitedBy=bad`, { token: w.aToken })).status).toBe(400);
    expect((await w.call('GET', `/v3/activity/${id}/invitee?pageSize=101`, { token: w.aToken })).status).toBe(400);

    const ranks = await w.call('GET', `/activity/${id}/stats/top/share?page=2&pageSize=1`, { token: w.aToken });
    expect(ranks.status, ranks.text).toBe(200);
    expect(ranks.body.pager).toEqual({ page: 2, pageSize: 1, total: 2 });
    expect(ranks.body.items).toEqual([expect.objectContaining({ rank: 2, nickname: '阿明', guestCount: 1 })]);
    expect((await w.call('GET', `/activity/${id}/stats/top/share?page=0`, { token: w.aToken })).status).toBe(400);

    // Destroying the activity takes its inviters and invitees with it.
    expect((await w.call('POST', `/v3/activity/${id}/destroy`, { token: w.aToken })).status).toBe(200);
    const left = await w.t.ctx.db
      .selectFrom('activityInvitees')
      .select('inviteeId')
      .where('activityId', '=', id)
      .execute();
    expect(left).toEqual([]);
  });

  it('keeps the top share to ten', async () => {
    const id = await enabledActivity('十名');
    for (let i = 0; i < TOP_SHARE_LIMIT + 2; i += 1) {
      const inviter = await newViewer(id);
      await openCard(id, inviter, `观众${i}`);
      await newViewer(id, idOf(inviter));
    }
    const top = await w.call('GET', `/v3/activity/${id}/top-share`, { token: w.aToken });
    expect(top.body.items).toHaveLength(TOP_SHARE_LIMIT);
    const all = await w.call('GET', `/activity/${id}/stats/top/share`, { token: w.aToken });
    expect(all.body.pager.total).toBe(TOP_SHARE_LIMIT + 2);
  });

  it('ranks the ditches by the visits they brought', async () => {
    const id = await w.activity(w.aToken, '渠道');
    const base = `/agent/${w.a.id}/promotion-channel`;
    const one = (await w.call('POST', base, { token: w.aToken, body: { name: '朋友圈', activityId: id } })).body;
    const two = (await w.call('POST', base, { token: w.aToken, body: { name: '公众号', activityId: id } })).body;
    await w.call('POST', `/watch/${id}/visit`, { body: { ditch: one.sign } });
    await w.call('POST', `/watch/${id}/visit`, { body: { ditch: two.sign } });
    await w.call('POST', `/watch/${id}/visit`, { body: { ditch: two.sign } });
    const top = await w.call('GET', `/v3/activity/${id}/top-promotion`, { token: w.aToken });
    expect(top.status, top.text).toBe(200);
    expect(top.body.items).toEqual([
      { rank: 1, sign: two.sign, name: '公众号', visits: 2 },
      { rank: 2, sign: one.sign, name: '朋友圈', visits: 1 },
    ]);
  });

  it('answers another agent’s activity, and a sub-account’s unassigned one, as not found', async () => {
    const id = await enabledActivity('租户');
    for (const url of [
      `/v3/activity/${id}/top-share`,
      `/v3/activity/${id}/top-promotion`,
      `/v3/activity/${id}/invitee`,
      `/activity/${id}/stats/top/share`,
    ]) {
      expectError(await w.call('GET', url, { token: w.bToken }), 404, ERROR_MESSAGES.activityNotFound);
      expectError(await w.call('GET', url, { token: w.subToken }), 404, ERROR_MESSAGES.activityNotFound);
      expect((await w.call('GET', url)).status).toBe(401);
    }
    const own = await w.call('GET', `/v3/activity/${w.subActivityId}/top-share`, { token: w.subToken });
    expect(own.status).toBe(200);
    // The guest ranking is of activities the audience may see only.
    expectError(await w.call('GET', '/v3/activity/999999/top-share/guest'), 404, ERROR_MESSAGES.activityNotFound);
  });
});
