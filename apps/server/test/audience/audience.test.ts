import {
  AUDIENCE_ERRORS,
  CHAT_REFUSALS,
  type ChatServerMessage,
  ERROR_CODES,
  ERROR_MESSAGES,
  INTERACTION_ERRORS,
  VIEWER_COOKIE,
  VIEWER_MOBILE_COOKIE,
} from '@yanbo/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { useWorld } from '../activity-world.ts';
import { type CallResult, engines, expectError, lastSmsCode, nextIp, nextMobile } from '../harness.ts';

// The audience CRM (issue 12): a viewer who signs in by SMS on the watch page becomes a person of the agent, with the
// browser it watched from merged in; the console searches, tags, edits, blocks and deletes people and reads their
// records; every call refuses a sub-account (seed 001 §6) and answers 404 for another agent's ids.

const MAIN_ONLY = 'Sub-account is not allowed to do this';

function cookieOf(response: CallResult, name: string): string {
  const match = new RegExp(`${name}=([^;]+)`).exec(String(response.headers['set-cookie'] ?? ''));
  if (!match) throw new Error(`no ${name} cookie`);
  return `${name}=${match[1]}`;
}

describe.each(engines)('audience CRM on %s', (engine) => {
  const w = useWorld(engine);
  let base = '';
  let activityId = 0;

  beforeAll(async () => {
    const address = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    base = address.replace('http://', 'ws://');
    activityId = await w.activity(w.aToken, 'CRM 直播');
  });

  /** A phone viewer: visits (optionally by an invitation link), signs in by SMS; answers its cookies. */
  async function phoneViewer(id: number, mobile: string, invitedBy?: string) {
    const visit = await w.call('POST', `/watch/${id}/visit`, { body: invitedBy ? { invitedBy } : {}, ip: nextIp() });
    expect(visit.status, visit.text).toBe(200);
    const browser = cookieOf(visit, VIEWER_COOKIE);
    const browserId = visit.body.viewerId as string;
    const ip = nextIp();
    // A mobile signing in again within the minute would wait for its resend: the code it had is spent anyway.
    await w.t.ctx.db.deleteFrom('smsCodes').where('mobile', '=', mobile).execute();
    expect((await w.call('POST', `/watch/${id}/sign-in/code`, { body: { mobile }, ip })).status).toBe(200);
    const signIn = await w.call('POST', `/watch/${id}/sign-in`, {
      body: { mobile, code: lastSmsCode(w.t.dataDir, mobile, 'viewer') },
      headers: { cookie: browser },
      ip,
    });
    expect(signIn.status, signIn.text).toBe(200);
    return { cookie: `${browser}; ${cookieOf(signIn, VIEWER_MOBILE_COOKIE)}`, browserId };
  }

  async function personByMobile(mobile: string, token = w.aToken) {
    const found = await w.call('GET', `/v3/user/search?mobile=${mobile}`, { token });
    expect(found.status, found.text).toBe(200);
    expect(found.body.items).toHaveLength(1);
    return found.body.items[0];
  }

  it('keeps a person when a viewer signs in by SMS, once per mobile, with its visit and question as records', async () => {
    const mobile = nextMobile();
    const viewer = await phoneViewer(activityId, mobile);
    const asked = await w.call('POST', `/watch/${activityId}/question`, {
      body: { text: '什么时候回放？', nickname: '小王' },
      headers: { cookie: viewer.cookie },
    });
    expect(asked.status, asked.text).toBe(200);
    // Signing in again (another page view) keeps the same person.
    await phoneViewer(activityId, mobile);
    const person = await personByMobile(mobile);
    expect(person).toMatchObject({
      mobile,
      name: '',
      isBlocked: false,
      isInvitedByExisted: false,
      invitedBy: null,
      tags: [],
      attribution: { firstActivityId: activityId, firstActivityName: 'CRM 直播', visits: 2, ditchSign: null },
    });

    const agent = w.a.id;
    const visits = await w.call('GET', `/v3/agent/${agent}/user/${person.id}/stats/visits`, { token: w.aToken });
    expect(visits.status, visits.text).toBe(200);
    expect(visits.body.pager).toEqual({ page: 1, pageSize: 10, total: 2 });
    expect(visits.body.items[0]).toMatchObject({ activityId, activityName: 'CRM 直播', watchSeconds: 0 });
    const questions = await w.call('GET', `/v3/agent/${agent}/user/${person.id}/question`, { token: w.aToken });
    expect(questions.body.items).toEqual([expect.objectContaining({ activityId, text: '什么时候回放？' })]);

    // A comment under the browser's id from before signing in counts for the person too (its browser is merged).
    await w.t.ctx.db
      .insertInto('comments')
      .values({
        activityId,
        agentId: agent,
        viewerId: viewer.browserId,
        nickname: '小王',
        text: '登录前的评论',
        status: 'passed',
      })
      .execute();
    const comments = await w.call('GET', `/v3/agent/${agent}/user/${person.id}/comment`, { token: w.aToken });
    expect(comments.body.items).toEqual([
      expect.objectContaining({ text: '登录前的评论', detail: 'passed', activityName: 'CRM 直播' }),
    ]);
    for (const kind of ['pay', 'share', 'checkin', 'vote', 'gift', 'hb']) {
      const empty = await w.call('GET', `/v3/agent/${agent}/user/${person.id}/${kind}?page=1&pageSize=5`, {
        token: w.aToken,
      });
      expect(empty.status, `${kind}: ${empty.text}`).toBe(200);
      expect(empty.body).toEqual({ items: [], pager: { page: 1, pageSize: 5, total: 0 } });
    }

    // Another agent's page signs the same mobile in as a person of its own, never seen by A.
    const bActivity = await w.activity(w.bToken, 'B 的直播');
    await phoneViewer(bActivity, mobile);
    const bPerson = await personByMobile(mobile, w.bToken);
    expect(bPerson.id).not.toBe(person.id);
    expect(bPerson.attribution.visits).toBe(1);
    expect((await personByMobile(mobile)).id).toBe(person.id);
  });

  it('searches by name prefix, mobile prefix, tag and inviter, 10 a page', async () => {
    const inviterMobile = nextMobile();
    const inviter = await phoneViewer(activityId, inviterMobile);
    const invitee1 = nextMobile();
    const invitee2 = nextMobile();
    // The inviter signs in before its card link brings others: its mobile id names it as the inviter.
    const inviterPerson = await personByMobile(inviterMobile);
    const mobileId = (
      await w.call('POST', `/watch/${activityId}/visit`, { body: {}, headers: { cookie: inviter.cookie } })
    ).body.viewerId as string;
    await w.call('PUT', `/activity/${activityId}/invitation`, { token: w.aToken, body: { isEnabled: true } });
    const card = await w.call('POST', `/watch/${activityId}/invitation/card`, {
      body: { nickname: '推荐人' },
      headers: { cookie: inviter.cookie },
    });
    expect(card.status, card.text).toBe(200);
    await phoneViewer(activityId, invitee1, mobileId);
    await phoneViewer(activityId, invitee2, mobileId);

    const p1 = await personByMobile(invitee1);
    expect(p1).toMatchObject({ isInvitedByExisted: true, invitedBy: inviterPerson.id });
    const renamed = await w.call('PUT', `/v3/user/${p1.id}`, { token: w.aToken, body: { info: { name: 'Zhang 三' } } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.name).toBe('Zhang 三');
    expect((await personByMobile(invitee2)).invitedByName).toBe(inviterMobile);

    const byName = await w.call('GET', '/v3/user/search?name=zhang', { token: w.aToken });
    expect(byName.body.items.map((p: { id: number }) => p.id)).toEqual([p1.id]);
    const byInviter = await w.call('GET', `/v3/user/search?invitedBy=${inviterPerson.id}`, { token: w.aToken });
    expect(byInviter.body.pager.total).toBe(2);
    const listed = await w.call('GET', `/v3/user?invitedBy=${inviterPerson.id}&pageSize=1`, { token: w.aToken });
    expect(listed.body.pager).toEqual({ page: 1, pageSize: 1, total: 2 });
    const invited = await w.call('GET', '/v3/user/search?isInvitedByExisted=true', { token: w.aToken });
    expect(invited.body.items.every((p: { isInvitedByExisted: boolean }) => p.isInvitedByExisted)).toBe(true);
    const notInvited = await w.call('GET', '/v3/user/search?isInvitedByExisted=false', { token: w.aToken });
    expect(notInvited.body.items.some((p: { id: number }) => p.id === p1.id)).toBe(false);
    const all = await w.call('GET', '/v3/user', { token: w.aToken });
    expect(all.body.pager.pageSize).toBe(10);
    // A wildcard typed in the name is a literal.
    expect((await w.call('GET', '/v3/user/search?name=%25', { token: w.aToken })).body.items).toEqual([]);

    // The inviter's shares tab lists the two it brought.
    const shares = await w.call('GET', `/v3/agent/${w.a.id}/user/${inviterPerson.id}/share`, { token: w.aToken });
    expect(shares.body.pager.total).toBe(2);

    // Tags: created, set on a person, filtering the search, renamed, deleted.
    const tag = await w.call('POST', '/v3/user-tag', { token: w.aToken, body: { name: '重点客户' } });
    expect(tag.status, tag.text).toBe(200);
    expectError(
      await w.call('POST', '/v3/user-tag', { token: w.aToken, body: { name: '重点客户' } }),
      409,
      AUDIENCE_ERRORS.tagExists,
      { field: 'name' },
    );
    const tagged = await w.call('PUT', `/v3/user/${p1.id}/tag`, { token: w.aToken, body: { tagIds: [tag.body.id] } });
    expect(tagged.body.tags).toEqual([{ id: tag.body.id, name: '重点客户' }]);
    const byTag = await w.call('GET', `/v3/user/search?tagId=${tag.body.id}`, { token: w.aToken });
    expect(byTag.body.items.map((p: { id: number }) => p.id)).toEqual([p1.id]);
    expect((await w.call('GET', `/v3/user-tag/${tag.body.id}`, { token: w.aToken })).body.userCount).toBe(1);
    const renamedTag = await w.call('PATCH', `/v3/user-tag/${tag.body.id}`, { token: w.aToken, body: { name: 'VIP' } });
    expect(renamedTag.body).toMatchObject({ name: 'VIP', userCount: 1 });
    const tags = await w.call('GET', '/v3/user-tag?name=VI', { token: w.aToken });
    expect(tags.body.items.map((t: { name: string }) => t.name)).toEqual(['VIP']);
    expect((await w.call('DELETE', `/v3/user-tag/${tag.body.id}`, { token: w.aToken })).body).toEqual({ ok: true });
    expect((await w.call('GET', `/v3/user/${p1.id}`, { token: w.aToken })).body.tags).toEqual([]);
    expectError(
      await w.call('GET', `/v3/user-tag/${tag.body.id}`, { token: w.aToken }),
      404,
      AUDIENCE_ERRORS.tagNotFound,
    );

    // Common referrers: the inviter kept, listed with the people it brought, removed.
    const fav = await w.call('POST', '/v3/user/fav-inviter/add', {
      token: w.aToken,
      body: { userId: inviterPerson.id },
    });
    expect(fav.body).toMatchObject({ id: inviterPerson.id, mobile: inviterMobile, inviteeCount: 2 });
    const favs = await w.call('GET', '/v3/user/fav-inviter', { token: w.aToken });
    expect(favs.body.pager).toEqual({ page: 1, pageSize: 100, total: 1 });
    expect((await w.call('GET', `/v3/user/${inviterPerson.id}`, { token: w.aToken })).body.isFavInviter).toBe(true);
    const removed = await w.call('DELETE', '/v3/user/fav-inviter/remove', {
      token: w.aToken,
      body: { userId: inviterPerson.id },
    });
    expect(removed.body).toEqual({ ok: true });
    expect((await w.call('GET', '/v3/user/fav-inviter', { token: w.aToken })).body.items).toEqual([]);
  });

  it('keeps the CRM form’s fields and checks a person’s answers against them, naming the wrong one', async () => {
    const url = `/v3/agent/${w.a.id}/user_extra_conf`;
    expect((await w.call('GET', url, { token: w.aToken })).body).toEqual({ fields: [] });
    const fields = [
      { key: 'company', label: '公司', type: 'text', required: true },
      { key: 'size', label: '规模', type: 'select', options: ['小', '大'] },
      { key: 'born', label: '生日', type: 'date' },
    ];
    const saved = await w.call('POST', url, { token: w.aToken, body: { fields } });
    expect(saved.status, saved.text).toBe(200);
    expect((await w.call('GET', url, { token: w.aToken })).body.fields).toHaveLength(3);
    const badChoice = await w.call('POST', url, {
      token: w.aToken,
      body: { fields: [{ key: 'x', label: '单选', type: 'select', options: ['a'] }] },
    });
    expect(badChoice.status).toBe(400);
    expect(badChoice.body.field).toBe('fields.0.options');
    const twice = await w.call('POST', url, {
      token: w.aToken,
      body: { fields: [fields[0], fields[0]] },
    });
    expect(twice.body.field).toBe('fields.1.key');

    const mobile = nextMobile();
    await phoneViewer(activityId, mobile);
    const person = await personByMobile(mobile);
    const put = (extra: unknown) =>
      w.call('PUT', `/v3/user/${person.id}`, { token: w.aToken, body: { info: { extra } } });
    expectError(await put({ size: '中' }), 400, 'info.extra.company: Required', {
      code: ERROR_CODES.validation,
      field: 'info.extra.company',
    });
    expect((await put({ company: '演播', size: '巨' })).body.field).toBe('info.extra.size');
    expect((await put({ company: '演播', other: 1 })).body.field).toBe('info.extra.other');
    expect((await put({ company: '演播', born: '2026-13-45' })).body.field).toBe('info.extra.born');
    const ok = await put({ company: '演播', size: '大', born: '1990-01-31' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.info).toEqual({ company: '演播', size: '大', born: '1990-01-31' });
    // A refused edit wrote nothing.
    expect((await w.call('GET', `/v3/user/${person.id}`, { token: w.aToken })).body.info.size).toBe('大');
    await w.call('POST', url, { token: w.aToken, body: { fields: [] } });
  });

  it('blocks a person on every activity of the agent: no playback, no chat, no interactions; unblocking lets it back', async () => {
    const mobile = nextMobile();
    const other = await w.activity(w.aToken, '另一场');
    const viewer = await phoneViewer(activityId, mobile);
    const person = await personByMobile(mobile);
    const blocked = await w.call('PUT', `/v3/user/${person.id}/block-management`, {
      token: w.aToken,
      body: { isBlocked: true },
    });
    expect(blocked.body.isBlocked).toBe(true);

    for (const id of [activityId, other]) {
      const page = await w.call('GET', `/watch/${id}`, { headers: { cookie: viewer.cookie } });
      expect(page.body).toMatchObject({ mobileGate: 'blocked', playback: null });
    }
    expectError(
      await w.call('POST', `/watch/${other}/question`, {
        body: { text: '还能提问吗', nickname: '小王' },
        headers: { cookie: viewer.cookie },
      }),
      403,
      INTERACTION_ERRORS.blacklisted,
    );
    // Signed out, its browser (merged into the person) is still blocked in the chat.
    const browserOnly = viewer.cookie.split('; ')[0] as string;
    const ws = new WebSocket(`${base}/api/watch/${other}/chat`, { headers: { cookie: browserOnly } });
    const first = new Promise<ChatServerMessage>((resolve) =>
      ws.on('message', (data) => resolve(JSON.parse(String(data)) as ChatServerMessage)),
    );
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ type: 'hello', nickname: '观众' }));
    expect(await first).toMatchObject({ type: 'refused', code: CHAT_REFUSALS.blacklisted });
    ws.close();
    // Nor does it watch, or send a gift.
    const signedOut = await w.call('GET', `/watch/${other}`, { headers: { cookie: browserOnly } });
    expect(signedOut.body).toMatchObject({ mobileGate: 'blocked', playback: null });
    const gift = await w.call('POST', '/v3/agent/gift', {
      token: w.aToken,
      body: { name: '拉黑后的礼物', icon: '/files/g.png', price: 0 },
    });
    expect(gift.status, gift.text).toBe(200);
    for (const cookie of [viewer.cookie, browserOnly]) {
      const sent = await w.call('POST', `/watch/${other}/gift`, {
        body: { giftId: gift.body.id },
        headers: { cookie },
      });
      expect(sent.status, sent.text).toBe(403);
    }

    await w.call('PUT', `/v3/user/${person.id}/block-management`, { token: w.aToken, body: { isBlocked: false } });
    const page = await w.call('GET', `/watch/${other}`, { headers: { cookie: viewer.cookie } });
    expect(page.body.mobileGate).toBe('open');
    const asked = await w.call('POST', `/watch/${other}/question`, {
      body: { text: '又能提问了', nickname: '小王' },
      headers: { cookie: viewer.cookie },
    });
    expect(asked.status, asked.text).toBe(200);
  });

  it('shows the attribution path: the ditch of the first visit, watch time, and what the person gave', async () => {
    const ditch = await w.call('POST', `/agent/${w.a.id}/promotion-channel`, {
      token: w.aToken,
      body: { name: '公众号推文', activityId },
    });
    expect(ditch.status, ditch.text).toBe(200);
    const mobile = nextMobile();
    const visit = await w.call('POST', `/watch/${activityId}/visit`, {
      body: { ditch: ditch.body.sign },
      ip: nextIp(),
    });
    const browser = cookieOf(visit, VIEWER_COOKIE);
    await w.t.ctx.db.updateTable('visits').set({ watchSeconds: 95 }).where('id', '=', visit.body.visitId).execute();
    await w.t.ctx.db.deleteFrom('smsCodes').where('mobile', '=', mobile).execute();
    const ip = nextIp();
    await w.call('POST', `/watch/${activityId}/sign-in/code`, { body: { mobile }, ip });
    await w.call('POST', `/watch/${activityId}/sign-in`, {
      body: { mobile, code: lastSmsCode(w.t.dataDir, mobile, 'viewer') },
      headers: { cookie: browser },
      ip,
    });
    const person = await personByMobile(mobile);
    const gift = await w.call('POST', '/v3/agent/gift', {
      token: w.aToken,
      body: { name: '点赞', icon: '/files/like.png', price: 0 },
    });
    await w.t.ctx.db
      .insertInto('giftSends')
      .values({
        agentId: w.a.id,
        activityId,
        viewerId: visit.body.viewerId,
        nickname: '小王',
        giftId: gift.body.id,
        giftName: '点赞',
        giftIcon: '/files/like.png',
        price: 0,
        count: 3,
        amount: 0,
      })
      .execute();
    const shown = await w.call('GET', `/v3/user/${person.id}`, { token: w.aToken });
    expect(shown.body.attribution).toMatchObject({
      ditchSign: ditch.body.sign,
      ditchName: '公众号推文',
      firstActivityId: activityId,
      visits: 1,
      watchSeconds: 95,
      giftAmount: 0,
    });
    const gifts = await w.call('GET', `/v3/agent/${w.a.id}/user/${person.id}/gift`, { token: w.aToken });
    expect(gifts.body.items).toEqual([expect.objectContaining({ text: '点赞 ×3', amount: 0 })]);
    const visits = await w.call('GET', `/v3/agent/${w.a.id}/user/${person.id}/stats/visits`, { token: w.aToken });
    expect(visits.body.items).toEqual([expect.objectContaining({ text: '公众号推文', watchSeconds: 95 })]);
  });

  it('deletes a person: its tags go, its records stay; signing in again makes a new person', async () => {
    const mobile = nextMobile();
    await phoneViewer(activityId, mobile);
    const person = await personByMobile(mobile);
    expect((await w.call('DELETE', `/v3/user/${person.id}`, { token: w.aToken })).body).toEqual({ ok: true });
    expectError(await w.call('GET', `/v3/user/${person.id}`, { token: w.aToken }), 404, AUDIENCE_ERRORS.personNotFound);
    expectError(
      await w.call('DELETE', `/v3/user/${person.id}`, { token: w.aToken }),
      404,
      AUDIENCE_ERRORS.personNotFound,
    );
    await phoneViewer(activityId, mobile);
    const again = await personByMobile(mobile);
    expect(again.id).not.toBe(person.id);
    expect(again.attribution.visits).toBe(2);
  });

  it('answers 404 for another agent’s people, tags and agent id, and 403 to a sub-account on every call', async () => {
    const mobile = nextMobile();
    const bActivity = await w.activity(w.bToken, 'B 的场');
    await phoneViewer(bActivity, mobile);
    const bPerson = await personByMobile(mobile, w.bToken);
    const bTag = (await w.call('POST', '/v3/user-tag', { token: w.bToken, body: { name: 'B 的标签' } })).body;
    const P = AUDIENCE_ERRORS.personNotFound;
    expectError(await w.call('GET', `/v3/user/${bPerson.id}`, { token: w.aToken }), 404, P);
    expectError(
      await w.call('PUT', `/v3/user/${bPerson.id}`, { token: w.aToken, body: { info: { name: 'x' } } }),
      404,
      P,
    );
    expectError(await w.call('DELETE', `/v3/user/${bPerson.id}`, { token: w.aToken }), 404, P);
    expectError(
      await w.call('PUT', `/v3/user/${bPerson.id}/block-management`, { token: w.aToken, body: { isBlocked: true } }),
      404,
      P,
    );
    expectError(await w.call('PUT', `/v3/user/${bPerson.id}/tag`, { token: w.aToken, body: { tagIds: [] } }), 404, P);
    expectError(
      await w.call('POST', '/v3/user/fav-inviter/add', { token: w.aToken, body: { userId: bPerson.id } }),
      404,
      P,
    );
    expectError(
      await w.call('DELETE', '/v3/user/fav-inviter/remove', { token: w.aToken, body: { userId: bPerson.id } }),
      404,
      P,
    );
    expect((await w.call('GET', `/v3/user/search?invitedBy=${bPerson.id}`, { token: w.aToken })).body.items).toEqual(
      [],
    );
    expectError(await w.call('GET', `/v3/user-tag/${bTag.id}`, { token: w.aToken }), 404, AUDIENCE_ERRORS.tagNotFound);
    expectError(
      await w.call('PATCH', `/v3/user-tag/${bTag.id}`, { token: w.aToken, body: { name: '改' } }),
      404,
      AUDIENCE_ERRORS.tagNotFound,
    );
    expectError(
      await w.call('DELETE', `/v3/user-tag/${bTag.id}`, { token: w.aToken }),
      404,
      AUDIENCE_ERRORS.tagNotFound,
    );
    const aPerson = (await w.call('GET', '/v3/user', { token: w.aToken })).body.items[0];
    expectError(
      await w.call('PUT', `/v3/user/${aPerson.id}/tag`, { token: w.aToken, body: { tagIds: [bTag.id] } }),
      400,
      `tagIds: ${AUDIENCE_ERRORS.tagNotFound}`,
      { code: ERROR_CODES.validation, field: 'tagIds' },
    );
    expectError(
      await w.call('GET', `/v3/agent/${w.b.id}/user_extra_conf`, { token: w.aToken }),
      404,
      ERROR_MESSAGES.agentNotFound,
    );
    expectError(
      await w.call('POST', `/v3/agent/${w.b.id}/user_extra_conf`, { token: w.aToken, body: { fields: [] } }),
      404,
      ERROR_MESSAGES.agentNotFound,
    );
    expectError(
      await w.call('GET', `/v3/agent/${w.b.id}/user/${bPerson.id}/comment`, { token: w.aToken }),
      404,
      ERROR_MESSAGES.agentNotFound,
    );
    expectError(await w.call('GET', `/v3/agent/${w.a.id}/user/${bPerson.id}/comment`, { token: w.aToken }), 404, P);
    // B's tag list and search never show A's.
    const bSearch = await w.call('GET', '/v3/user', { token: w.bToken });
    expect(bSearch.body.items.every((p: { id: number }) => p.id !== aPerson.id)).toBe(true);

    const sub = { token: w.subToken };
    const refusals: [string, string, unknown?][] = [
      ['GET', '/v3/user/search'],
      ['GET', '/v3/user'],
      ['GET', `/v3/user/${aPerson.id}`],
      ['PUT', `/v3/user/${aPerson.id}`, { info: { name: 'x' } }],
      ['DELETE', `/v3/user/${aPerson.id}`],
      ['PUT', `/v3/user/${aPerson.id}/block-management`, { isBlocked: true }],
      ['PUT', `/v3/user/${aPerson.id}/tag`, { tagIds: [] }],
      ['POST', '/v3/user-tag', { name: '子账号标签' }],
      ['GET', '/v3/user-tag'],
      ['POST', '/v3/user/fav-inviter/add', { userId: aPerson.id }],
      ['DELETE', '/v3/user/fav-inviter/remove', { userId: aPerson.id }],
      ['GET', '/v3/user/fav-inviter'],
      ['GET', `/v3/agent/${w.a.id}/user_extra_conf`],
      ['POST', `/v3/agent/${w.a.id}/user_extra_conf`, { fields: [] }],
      ['GET', `/v3/agent/${w.a.id}/user/${aPerson.id}/stats/visits`],
      ['GET', `/v3/agent/${w.a.id}/user/${aPerson.id}/hb`],
    ];
    for (const [method, url, body] of refusals) {
      const answer = await w.call(method as 'GET', url, { ...sub, body });
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(answer.body.message).toBe(MAIN_ONLY);
    }
    // The refused sub-account changed nothing.
    expect((await w.call('GET', `/v3/user/${aPerson.id}`, { token: w.aToken })).body.isBlocked).toBe(false);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [string, string, unknown, string][] = [
      ['GET', '/v3/user/search?mobile=abc', undefined, 'mobile'],
      ['GET', '/v3/user/search?pageSize=1000', undefined, 'pageSize'],
      ['GET', '/v3/user/search?isInvitedByExisted=maybe', undefined, 'isInvitedByExisted'],
      ['GET', '/v3/user/search?tagId=-1', undefined, 'tagId'],
      ['POST', '/v3/user-tag', { name: '' }, 'name'],
      ['POST', '/v3/user-tag', { name: 'x'.repeat(21) }, 'name'],
      ['PUT', '/v3/user/1/block-management', { isBlocked: 'yes' }, 'isBlocked'],
      ['PUT', '/v3/user/1/tag', { tagIds: [1, 1] }, 'tagIds'],
      ['PUT', '/v3/user/1', { info: { name: 'x'.repeat(41) } }, 'info.name'],
      ['POST', '/v3/user/fav-inviter/add', {}, 'userId'],
      ['POST', `/v3/agent/1/user_extra_conf`, { fields: [{ key: '1bad', label: 'x', type: 'text' }] }, 'fields.0.key'],
    ];
    for (const [method, url, body, field] of cases) {
      const answer = await w.call(method as 'GET', url, { token: w.aToken, body });
      expect(answer.status, `${method} ${url}: ${answer.text}`).toBe(400);
      expect(answer.body.field, `${method} ${url}`).toBe(field);
    }
  });
});
