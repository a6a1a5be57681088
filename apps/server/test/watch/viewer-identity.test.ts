import { VIEWER_COOKIE, VIEWER_MOBILE_COOKIE, WATCH_ERRORS } from '@yanbo/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { isMobileViewerId, mobileViewerId } from '../../src/features/watch/index.ts';
import { newViewerId } from '../../src/features/watch/viewer-cookie.ts';
import { useWorld } from '../activity-world.ts';
import { chatUserId, engines, expectError, lastSmsCode, nextIp, nextMobile, signedViewerCookie } from '../harness.ts';

// Who a watch-page viewer is (audience-viewer.ts): signed in by SMS for the activity's agent, its mobile's id in every
// browser, the id its chat knows it by; otherwise its browser's anonymous id. A browser signing in or out mid-visit
// keeps its visit, which moves to the id it now is, and the page-view and unique-viewer counts stay what they count.

const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

describe.each(engines)('the watch-page viewer on %s', (engine) => {
  const w = useWorld(engine);
  let base = '';

  beforeAll(async () => {
    const address = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    base = address;
  });

  /** Signs the mobile in on the activity's page through its code, from a browser with these cookies: its cookie. */
  async function signIn(id: number, mobile: string, cookie?: string): Promise<string> {
    const ip = nextIp();
    // The same person signing in again (another browser, another page): its earlier code is past the resend wait.
    await w.t.ctx.db
      .updateTable('smsCodes')
      .set({ createdAt: sql<Date>`created_at - interval '2 minutes'` })
      .where('mobile', '=', mobile)
      .execute();
    expect((await w.call('POST', `/watch/${id}/sign-in/code`, { body: { mobile }, ip })).status).toBe(200);
    const code = lastSmsCode(w.t.dataDir, mobile, 'viewer');
    const answer = await w.call('POST', `/watch/${id}/sign-in`, {
      body: { mobile, code },
      ip,
      ...(cookie ? { headers: { cookie } } : {}),
    });
    expect(answer.status, answer.text).toBe(200);
    const token = new RegExp(`${VIEWER_MOBILE_COOKIE}=([^;]+)`).exec(String(answer.headers['set-cookie']))?.[1];
    expect(token).toBeTruthy();
    return `${VIEWER_MOBILE_COOKIE}=${token}`;
  }

  const visit = (id: number, cookie?: string) =>
    w.call('POST', `/watch/${id}/visit`, {
      body: {},
      headers: { 'user-agent': PHONE_UA, ...(cookie ? { cookie } : {}) },
    });
  const beat = (id: number, visitId: number, cookie?: string) =>
    w.call('POST', `/watch/${id}/heartbeat`, { body: { visitId }, ...(cookie ? { headers: { cookie } } : {}) });
  const visitRow = (visitId: number) =>
    w.t.ctx.db
      .selectFrom('visits')
      .select(['viewerId', 'browserId', 'watchSeconds'])
      .where('id', '=', String(visitId))
      .executeTakeFirstOrThrow();
  const usage = async (id: number) =>
    (await w.call('GET', `/v3/activity/${id}/usage`, { token: w.aToken })).body as {
      visits: number;
      uniqueViewers: number;
    };
  /** The rollup agrees with the visits themselves: as many unique viewers as distinct viewer ids. */
  async function expectRollupHonest(id: number) {
    const counted = await w.t.ctx.db
      .selectFrom('visits')
      .select((eb) => [eb.fn.countAll<string>().as('pv'), sql<string>`count(distinct viewer_id)`.as('uv')])
      .where('activityId', '=', id)
      .executeTakeFirstOrThrow();
    expect(await usage(id)).toMatchObject({ visits: Number(counted.pv), uniqueViewers: Number(counted.uv) });
  }

  it('counts a signed-in viewer’s visits for its mobile’s id, the chat’s id for it, whichever browser it uses', async () => {
    const id = await w.activity(w.aToken, '登录观众的访问');
    const mobile = nextMobile();
    const signedIn = await signIn(id, mobile);
    const personId = mobileViewerId(w.t.ctx.secretKey, mobile);
    expect(isMobileViewerId(personId)).toBe(true);

    const phone = signedViewerCookie(w.t.ctx, newViewerId());
    const laptop = signedViewerCookie(w.t.ctx, newViewerId());
    const first = await visit(id, `${phone}; ${signedIn}`);
    const second = await visit(id, `${laptop}; ${signedIn}`);
    expect(first.body.viewerId).toBe(personId);
    expect(second.body.viewerId).toBe(personId);
    expect(await chatUserId(base, id, `${laptop}; ${signedIn}`)).toBe(personId);
    const row = await visitRow(first.body.visitId);
    expect(row).toMatchObject({ viewerId: personId });
    expect(row.browserId).not.toBe(personId);
    // Two page views, one person.
    expect(await usage(id)).toMatchObject({ visits: 2, uniqueViewers: 1 });

    // A browser with its sign-in but no anonymous id yet is given one, and its visit is still the person's.
    const bare = await visit(id, signedIn);
    expect(bare.body.viewerId).toBe(personId);
    expect(String(bare.headers['set-cookie'])).toContain(`${VIEWER_COOKIE}=`);
    expect((await visitRow(bare.body.visitId)).browserId).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // An anonymous viewer's id never has a signed-in viewer's shape.
    const anonymous = await visit(id);
    expect(isMobileViewerId(anonymous.body.viewerId)).toBe(false);

    // The sign-in is the agent's: on another agent's page the same browser is its anonymous self.
    const elsewhere = await w.activity(w.bToken, '乙的直播');
    expect((await visit(elsewhere, `${phone}; ${signedIn}`)).body.viewerId).not.toBe(personId);
    await expectRollupHonest(id);
  });

  it('keeps a visit through signing in and out: its heartbeats go on and it counts for the id the page now is', async () => {
    const id = await w.activity(w.aToken, '中途登录');
    const mobile = nextMobile();
    const browser = newViewerId();
    const anonymous = signedViewerCookie(w.t.ctx, browser);
    const started = await visit(id, anonymous);
    const visitId = started.body.visitId as number;
    expect(started.body.viewerId).toBe(browser);
    expect((await beat(id, visitId, anonymous)).status).toBe(200);

    // Signing in moves the open visit to the mobile's id at once (a grab or a draw the next moment knows it so).
    const signedIn = `${anonymous}; ${await signIn(id, mobile, anonymous)}`;
    const personId = mobileViewerId(w.t.ctx.secretKey, mobile);
    expect(await visitRow(visitId)).toMatchObject({ viewerId: personId, browserId: browser });
    const after = await beat(id, visitId, signedIn);
    expect(after.status, after.text).toBe(200);
    expect(await chatUserId(base, id, signedIn)).toBe(personId);
    // Still one page view and one viewer: signing in is no new visit.
    expect(await usage(id)).toMatchObject({ visits: 1, uniqueViewers: 1 });

    // The same person already watching in another browser: the two visits are one viewer now.
    const other = signedViewerCookie(w.t.ctx, newViewerId());
    await visit(id, other);
    expect(await usage(id)).toMatchObject({ visits: 2, uniqueViewers: 2 });
    const otherSignedIn = `${other}; ${await signIn(id, mobile, other)}`;
    expect(await usage(id)).toMatchObject({ visits: 2, uniqueViewers: 1 });
    await expectRollupHonest(id);

    // Signing out: the visit is the browser's anonymous one again, and its heartbeats are still taken.
    const out = await w.call('DELETE', `/watch/${id}/sign-in`, { headers: { cookie: signedIn } });
    expect(out.status).toBe(200);
    expect(await visitRow(visitId)).toMatchObject({ viewerId: browser });
    expect((await beat(id, visitId, anonymous)).status).toBe(200);
    expect(await usage(id)).toMatchObject({ visits: 2, uniqueViewers: 2 });
    await expectRollupHonest(id);

    // Someone else's browser, or none, cannot keep the visit alive; the person's other browser keeps only its own.
    const stranger = signedViewerCookie(w.t.ctx, newViewerId());
    expectError(await beat(id, visitId, stranger), 404, WATCH_ERRORS.visitNotFound);
    expectError(await beat(id, visitId), 404, WATCH_ERRORS.visitNotFound);
    expectError(await beat(id, visitId, otherSignedIn), 404, WATCH_ERRORS.visitNotFound);
    expect(await visitRow(visitId)).toMatchObject({ viewerId: browser });
  });

  it('moves a visit at its next heartbeat when the viewer signed in on another of the agent’s pages', async () => {
    const watching = await w.activity(w.aToken, '正在看的直播');
    const signedOn = await w.activity(w.aToken, '登录的直播');
    const mobile = nextMobile();
    const browser = newViewerId();
    const anonymous = signedViewerCookie(w.t.ctx, browser);
    const visitId = (await visit(watching, anonymous)).body.visitId as number;
    const signedIn = `${anonymous}; ${await signIn(signedOn, mobile, anonymous)}`;
    // The sign-in page moved only its own visits; this one follows at its heartbeat.
    expect(await visitRow(visitId)).toMatchObject({ viewerId: browser });
    const answer = await beat(watching, visitId, signedIn);
    expect(answer.status, answer.text).toBe(200);
    expect(await visitRow(visitId)).toMatchObject({ viewerId: mobileViewerId(w.t.ctx.secretKey, mobile) });
    expect((await beat(watching, visitId, signedIn)).status).toBe(200);
    // A visit long closed stays with whoever it was then.
    const closed = (await visit(watching, anonymous)).body.visitId as number;
    await w.t.ctx.db
      .updateTable('visits')
      .set({ lastSeenAt: new Date(Date.now() - 3_600_000) })
      .where('id', '=', String(closed))
      .execute();
    await signIn(watching, mobile, anonymous);
    expect(await visitRow(closed)).toMatchObject({ viewerId: browser });
  });
});
