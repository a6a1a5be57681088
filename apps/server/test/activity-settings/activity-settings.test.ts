import { ERROR_MESSAGES } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { useWorld } from '../activity-world.ts';
import { engines, expectError, nextIp, signedSmsHeader } from '../harness.ts';

const empties = (n: number) => Array<string>(n).fill('');

describe.each(engines)('activity settings on %s', (engine) => {
  const w = useWorld(engine);

  it('watch code: off by default, enabling makes a code, a chosen code is kept, refresh makes a new 6-digit one', async () => {
    const id = await w.activity(w.aToken);
    const url = `/activity/${id}/watchcode`;
    expect((await w.call('GET', url, { token: w.aToken })).body).toEqual({ enabled: false, code: '' });
    const enabled = await w.call('PUT', url, { token: w.aToken, body: { enabled: true } });
    expect(enabled.body.enabled).toBe(true);
    expect(enabled.body.code).toMatch(/^\d{6}$/);
    const chosen = await w.call('PUT', url, { token: w.aToken, body: { enabled: true, code: 'VIP2026' } });
    expect(chosen.body).toEqual({ enabled: true, code: 'VIP2026' });
    const disabled = await w.call('PUT', url, { token: w.aToken, body: { enabled: false } });
    expect(disabled.body).toEqual({ enabled: false, code: 'VIP2026' });
    const refreshed = await w.call('POST', `${url}/refresh`, { token: w.aToken });
    expect(refreshed.body.enabled).toBe(false);
    expect(refreshed.body.code).toMatch(/^\d{6}$/);
    expect((await w.call('GET', url, { token: w.aToken })).body).toEqual(refreshed.body);

    expect((await w.call('PUT', url, { token: w.aToken, body: { enabled: true, code: 'a b' } })).body.field).toBe(
      'code',
    );
    expect((await w.call('PUT', url, { token: w.aToken, body: { code: '123456' } })).body.field).toBe('enabled');
  });

  it('share card: defaults to the activity name and cover, saves a subset, checks lengths', async () => {
    const id = await w.activity(w.aToken, '分享卡片活动');
    await w.call('PUT', `/activity/${id}`, { token: w.aToken, body: { cover: 'activity/x/cover.png' } });
    const url = `/activity/${id}/shareCard`;
    expect((await w.call('GET', url, { token: w.aToken })).body).toEqual({
      title: '分享卡片活动',
      description: '',
      image: 'activity/x/cover.png',
    });
    const saved = await w.call('PUT', url, { token: w.aToken, body: { description: '快来看直播' } });
    expect(saved.body).toEqual({ title: '分享卡片活动', description: '快来看直播', image: 'activity/x/cover.png' });
    const edited = await w.call('PUT', url, { token: w.aToken, body: { title: '新标题', image: 'i.png' } });
    expect(edited.body).toEqual({ title: '新标题', description: '快来看直播', image: 'i.png' });
    expect((await w.call('GET', url, { token: w.aToken })).body).toEqual(edited.body);
    const long = await w.call('PUT', url, { token: w.aToken, body: { title: 'x'.repeat(61) } });
    expectError(long, 400, 'title: Title must be at most 60 characters', {
      code: 'VALIDATION_FAILED',
      field: 'title',
    });
  });

  it('invitation info: defaults, set and read back', async () => {
    const id = await w.activity(w.aToken, '邀请活动');
    const url = `/activity/${id}/invitation`;
    expect((await w.call('GET', url, { token: w.aToken })).body).toEqual({
      isEnabled: false,
      title: '邀请活动',
      description: '',
      backgroundImg: '',
      // The card's cover starts as the activity's (none here).
      cover: '',
      showInviter: true,
    });
    const saved = await w.call('PUT', url, {
      token: w.aToken,
      body: { isEnabled: true, backgroundImg: 'activity/1/bg.png', cover: 'activity/1/cover.png', showInviter: false },
    });
    expect(saved.body).toMatchObject({
      isEnabled: true,
      backgroundImg: 'activity/1/bg.png',
      cover: 'activity/1/cover.png',
      showInviter: false,
    });
    expect((await w.call('GET', url, { token: w.aToken })).body).toEqual(saved.body);
    expect((await w.call('PUT', url, { token: w.aToken, body: { isEnabled: 1 } })).body.field).toBe('isEnabled');
  });

  it('live transcoding toggle', async () => {
    const id = await w.activity(w.aToken);
    const url = `/activity/${id}/liveTranscode`;
    expect((await w.call('GET', url, { token: w.aToken })).body).toEqual({ enabled: false });
    expect((await w.call('PUT', url, { token: w.aToken, body: { enabled: true } })).body).toEqual({ enabled: true });
    expect((await w.call('GET', url, { token: w.aToken })).body).toEqual({ enabled: true });
    expect((await w.call('PUT', url, { token: w.aToken, body: {} })).body.field).toBe('enabled');
  });

  it('manager: the nickname defaults to the host title; edit; the official user follows it', async () => {
    const id = await w.activity(w.aToken);
    const title = (await w.call('GET', '/agent/activity/template', { token: w.aToken })).body.title;
    const manager = await w.call('GET', `/activity/${id}/manager`, { token: w.aToken });
    expect(manager.body).toEqual({ avatar: '', nickname: title, isDefault: true });
    const official = await w.call('GET', `/activity/${id}/official-user`, { token: w.aToken });
    expect(official.body).toMatchObject({ id: `official-${id}`, nickname: title, role: 'official' });

    const saved = await w.call('PUT', `/activity/${id}/manager`, {
      token: w.aToken,
      body: { nickname: '小演', avatar: 'agent/1/avatar/a.png' },
    });
    expect(saved.body).toEqual({ nickname: '小演', avatar: 'agent/1/avatar/a.png', isDefault: false });
    expect((await w.call('GET', `/activity/${id}/manager`, { token: w.aToken })).body).toEqual(saved.body);
    expect((await w.call('GET', `/activity/${id}/official-user`, { token: w.aToken })).body).toMatchObject({
      nickname: '小演',
      avatar: 'agent/1/avatar/a.png',
    });
    const renamed = await w.call('PUT', `/activity/${id}/manager`, { token: w.aToken, body: { nickname: '主持' } });
    expect(renamed.body.avatar).toBe('agent/1/avatar/a.png');
    expect(
      (await w.call('PUT', `/activity/${id}/manager`, { token: w.aToken, body: { nickname: ' ' } })).body.field,
    ).toBe('nickname');
  });

  it('SMS usage: the codes sent to the agent, by purpose, with the resource left; another agent id is 404', async () => {
    const ip = nextIp();
    const sent = await w.call('POST', '/sms', {
      body: { mobile: w.a.mobile, purpose: 'login' },
      headers: { authorization: signedSmsHeader(w.a.mobile) },
      ip,
    });
    expect(sent.status, sent.text).toBe(200);
    const usage = await w.call('GET', `/agent/${w.a.id}/sms`, { token: w.aToken });
    expect(usage.status).toBe(200);
    expect(usage.body.resource).toEqual({ total: 1000, used: 1, remaining: 999 });
    expect(usage.body.byPurpose).toEqual({ login: 1 });
    expect(usage.body.items).toEqual([
      expect.objectContaining({
        purpose: 'login',
        status: 'sent',
        mobile: `${w.a.mobile.slice(0, 3)}****${w.a.mobile.slice(-4)}`,
      }),
    ]);
    expect(usage.body.pager).toEqual({ page: 1, pageSize: 10, total: 1 });
    expect((await w.call('GET', `/agent/${w.b.id}/sms`, { token: w.bToken })).body.resource.used).toBe(0);
    expectError(await w.call('GET', `/agent/${w.b.id}/sms`, { token: w.aToken }), 404, ERROR_MESSAGES.agentNotFound);
    expect((await w.call('GET', `/agent/${w.a.id}/sms?pageSize=0`, { token: w.aToken })).body.field).toBe('pageSize');
  });
  it('reads and defines the menu: the intro tab list of the template', async () => {
    const id = await w.activity(w.aToken);
    const menu = await w.call('GET', `/activity/${id}/menu`, { token: w.aToken });
    expect(menu.body.items.map((tab: { key: string }) => tab.key)).toEqual(['chatRoom', 'intro']);
    const items = [
      { title: '简介', key: 'intro', type: 'richText', richText: '<p>欢迎</p>' },
      { title: '问答', key: 'qa', type: 'question' },
    ];
    const saved = await w.call('PUT', `/activity/${id}/menu`, { token: w.aToken, body: { items } });
    expect(saved.body.items.map((tab: { key: string }) => tab.key)).toEqual(['intro', 'qa']);
    const template = await w.call('GET', `/activity/${id}/template`, { token: w.aToken });
    expect(template.body.introTabs).toEqual(saved.body.items);
    expect(template.body.prologuePaths).toEqual(empties(8));
    const bad = await w.call('PUT', `/activity/${id}/menu`, { token: w.aToken, body: { items: [{ key: 'x' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('items.0.title');
    expect((await w.call('PUT', `/activity/${id}/menu`, { token: w.aToken, body: {} })).body.field).toBe('items');
  });

  it('lists the subscribed mobiles a page at a time, newest first', async () => {
    const id = await w.activity(w.aToken);
    const mobiles = Array.from({ length: 12 }, (_, i) => `1380000${String(i).padStart(4, '0')}`);
    // As the watch page's subscribe leaves them (watch/watch-subscribe.test.ts goes through the codes).
    await w.t.ctx.db
      .insertInto('activitySubscribers')
      .values(mobiles.map((mobile, i) => ({ activityId: id, agentId: w.a.id, mobile, createdAt: new Date(1e12 + i) })))
      .execute();
    const first = await w.call('GET', `/v3/activity/${id}/subscribe`, { token: w.aToken });
    expect(first.body.pager).toEqual({ page: 1, pageSize: 10, total: 12 });
    expect(first.body.items[0]).toEqual({
      mobile: mobiles[11],
      subscribedAt: new Date(1e12 + 11).toISOString(),
      remindedAt: null,
    });
    const second = await w.call('GET', `/v3/activity/${id}/subscribe?page=2`, { token: w.aToken });
    expect(second.body.items.map((item: { mobile: string }) => item.mobile)).toEqual([mobiles[1], mobiles[0]]);
    expect((await w.call('GET', `/v3/activity/${id}/subscribe?page=0`, { token: w.aToken })).body.field).toBe('page');
  });

  it('subscribes the mobiles typed in the template’s 预约提醒手机号 list, each once', async () => {
    const id = await w.activity(w.aToken);
    const subscribedMobileList = ['13800009001', '13800009002', '13800009001'];
    for (let i = 0; i < 2; i++) {
      const saved = await w.call('PUT', `/activity/${id}/template`, {
        token: w.aToken,
        body: { subscribedMobileList },
      });
      expect(saved.status, saved.text).toBe(200);
    }
    const listed = await w.call('GET', `/v3/activity/${id}/subscribe`, { token: w.aToken });
    expect(listed.body.items.map((item: { mobile: string }) => item.mobile).sort()).toEqual([
      '13800009001',
      '13800009002',
    ]);
  });
});
