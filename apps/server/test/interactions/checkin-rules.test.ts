import { randomBytes } from 'node:crypto';
import { INTERACTION_ERRORS } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { mobileViewerId } from '../../src/features/watch/index.ts';
import { useWorld } from '../activity-world.ts';
import { engines, expectError, signedMobileCookie, signedViewerCookie } from '../harness.ts';

// The sign-in extension (签到) is the check-ins' rules: switched on with 仅限手机号登录的观众 (requireMobile), a check-in
// the board starts takes only viewers signed in by SMS on the agent's pages, and keeps that rule until it ends.

const newViewer = () => randomBytes(16).toString('base64url');

describe.each(engines)('the sign-in extension’s rules on %s', (engine) => {
  const w = useWorld(engine);
  const signIn = (id: number) => `/v3/activity/${id}/extension/sign-in`;
  const asAgent = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    w.call(method, url, { token: w.aToken, body });
  const anonymous = () => signedViewerCookie(w.t.ctx, newViewer());
  const person = (mobile: string, agentId = w.a.id) =>
    `${signedViewerCookie(w.t.ctx, newViewer())}; ${signedMobileCookie(w.t.ctx, agentId, mobile)}`;
  const take = (id: number, checkinId: number, cookie: string) =>
    w.call('POST', `/watch/${id}/checkin/${checkinId}`, { body: {}, headers: { cookie } });
  const start = async (id: number) => {
    const started = await asAgent('POST', `/v3/activity/${id}/checkin`, { durationSeconds: 60 });
    expect(started.status, started.text).toBe(200);
    return started.body as { id: number; requireMobile: boolean };
  };

  it('takes anyone while the extension is off, whatever its settings say', async () => {
    const id = await w.activity(w.aToken);
    await asAgent('POST', signIn(id), { requireMobile: true });
    const checkin = await start(id);
    expect(checkin.requireMobile).toBe(false);
    expect((await take(id, checkin.id, anonymous())).status).toBe(200);
  });

  it('switched on with requireMobile: only viewers signed in by SMS check in, told so in words the page knows', async () => {
    const id = await w.activity(w.aToken);
    await asAgent('POST', signIn(id), { title: '上午场签到', durationSeconds: 300, requireMobile: true });
    expect((await asAgent('POST', `${signIn(id)}/enable`)).body.enabled).toBe(true);
    const checkin = await start(id);
    expect(checkin.requireMobile).toBe(true);
    expect((await asAgent('GET', `/v3/activity/${id}/checkin`)).body.items[0].requireMobile).toBe(true);
    const seen = await w.call('GET', `/watch/${id}/checkin`, { headers: { cookie: anonymous() } });
    expect(seen.body.checkin).toMatchObject({ id: checkin.id, requireMobile: true, checkedIn: false });

    expectError(await take(id, checkin.id, anonymous()), 403, INTERACTION_ERRORS.checkinNeedsMobile);
    // Signed in on another agent's pages is not signed in here.
    const elsewhere = person('13911113001', w.b.id);
    expectError(await take(id, checkin.id, elsewhere), 403, INTERACTION_ERRORS.checkinNeedsMobile);
    const mobile = '13911113002';
    const taken = await take(id, checkin.id, person(mobile));
    expect(taken.status, taken.text).toBe(200);
    expect(taken.body).toMatchObject({ checkedIn: true, requireMobile: true });
    const users = await asAgent('GET', `/v3/activity/${id}/checkin/${checkin.id}/user`);
    expect(users.body.items.map((u: { userId: string }) => u.userId)).toEqual([
      mobileViewerId(w.t.ctx.secretKey, mobile),
    ]);
    // The blacklist is told first.
    const blocked = '13911113003';
    await asAgent('POST', `/activity/${id}/blacklist`, { userId: mobileViewerId(w.t.ctx.secretKey, blocked) });
    expectError(await take(id, checkin.id, person(blocked)), 403, INTERACTION_ERRORS.blacklisted);

    // The check-in keeps the rule it started with; the next one follows the extension as it is then.
    await asAgent('POST', `${signIn(id)}/disable`);
    expectError(await take(id, checkin.id, anonymous()), 403, INTERACTION_ERRORS.checkinNeedsMobile);
    await asAgent('PUT', `/v3/activity/${id}/checkin/${checkin.id}`, { status: 'ended' });
    const next = await start(id);
    expect(next.requireMobile).toBe(false);
    expect((await take(id, next.id, anonymous())).status).toBe(200);
  });
});
