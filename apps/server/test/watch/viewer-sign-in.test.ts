import {
  CHAT_CLOSE_CODES,
  CHAT_REFUSALS,
  type ChatServerMessage,
  ERROR_CODES,
  ERROR_MESSAGES,
  VIEWER_MOBILE_COOKIE,
} from '@yanbo/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { useWorld } from '../activity-world.ts';
import { engines, expectError, lastSmsCode, nextIp, nextMobile, signedViewerCookie, wrongCode } from '../harness.ts';

// A viewer signs in by SMS on the watch page (issue 10): the chat knows it by its mobile (one id in every browser,
// so a blacklist follows the person), and an activity listing allowed mobiles plays and chats for those only.

const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

describe.each(engines)('viewer sign-in on %s', (engine) => {
  const w = useWorld(engine);
  let base = '';

  beforeAll(async () => {
    const address = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    base = address.replace('http://', 'ws://');
  });

  const askCode = (id: number, mobile: string, ip = nextIp()) =>
    w.call('POST', `/watch/${id}/sign-in/code`, { body: { mobile }, ip });
  const signIn = (id: number, mobile: string, code: string, ip = nextIp()) =>
    w.call('POST', `/watch/${id}/sign-in`, { body: { mobile, code }, ip });

  /** Signs the mobile in on the activity's page and answers its cookie. */
  async function signedIn(id: number, mobile: string): Promise<string> {
    expect((await askCode(id, mobile)).status).toBe(200);
    const answer = await signIn(id, mobile, lastSmsCode(w.t.dataDir, mobile, 'viewer'));
    expect(answer.status, answer.text).toBe(200);
    const setCookie = String(answer.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    const value = new RegExp(`${VIEWER_MOBILE_COOKIE}=([^;]+)`).exec(setCookie)?.[1];
    expect(value).toBeTruthy();
    return `${VIEWER_MOBILE_COOKIE}=${value}`;
  }

  /** Opens the chat with these cookies, says hello, and answers the first message (welcome or refused) and the close. */
  async function hello(id: number, cookie: string) {
    const ws = new WebSocket(`${base}/api/watch/${id}/chat`, { headers: { cookie } });
    const messages: ChatServerMessage[] = [];
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    const first = new Promise<ChatServerMessage>((resolve) =>
      ws.on('message', (data) => {
        const message = JSON.parse(String(data)) as ChatServerMessage;
        messages.push(message);
        if (messages.length === 1) resolve(message);
      }),
    );
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ type: 'hello', nickname: '观众' }));
    return { ws, first: await first, closed };
  }

  it('signs a viewer in by its code: the page and the chat know its mobile, masked; signing out forgets it', async () => {
    const id = await w.activity(w.aToken, '登录直播');
    const mobile = nextMobile();
    expectError(await signIn(id, mobile, '123456'), 400, ERROR_MESSAGES.verificationCode, {
      code: ERROR_CODES.verificationCode,
      field: 'code',
    });
    const cookie = await signedIn(id, mobile);

    const page = await w.call('GET', `/watch/${id}`, { headers: { cookie } });
    expect(page.body).toMatchObject({ viewer: { mobile: masked(mobile) }, mobileGate: 'open' });
    expect(page.text).not.toContain(mobile);
    expect((await w.call('GET', `/watch/${id}`)).body.viewer).toBeNull();

    // One chat id per mobile, whatever the browser's own viewer cookie says.
    const one = await hello(id, `${cookie}; ${signedViewerCookie(w.t.ctx, 'a'.repeat(20))}`);
    const two = await hello(id, `${cookie}; ${signedViewerCookie(w.t.ctx, 'b'.repeat(20))}`);
    expect(one.first).toMatchObject({ type: 'welcome', mobile: masked(mobile) });
    expect(two.first.type === 'welcome' && one.first.type === 'welcome' && two.first.userId).toBe(
      one.first.type === 'welcome' && one.first.userId,
    );
    one.ws.close();
    two.ws.close();

    // Blacklisting that id turns the person away in any browser.
    const userId = one.first.type === 'welcome' ? one.first.userId : '';
    expect((await w.call('POST', `/activity/${id}/blacklist`, { token: w.aToken, body: { userId } })).status).toBe(200);
    const third = await hello(id, `${cookie}; ${signedViewerCookie(w.t.ctx, 'c'.repeat(20))}`);
    expect(third.first).toMatchObject({ type: 'refused', code: CHAT_REFUSALS.blacklisted });

    const out = await w.call('DELETE', `/watch/${id}/sign-in`, { headers: { cookie } });
    expect(out.body).toEqual({ ok: true });
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
  });

  it('plays and chats only for listed mobiles when the activity lists allowed mobiles', async () => {
    const id = await w.activity(w.aToken, '内部直播');
    const listed = nextMobile();
    const unlisted = nextMobile();
    await w.call('PUT', `/activity/${id}/template`, { token: w.aToken, body: { allowedMobiles: [listed] } });

    const anonymous = await w.call('GET', `/watch/${id}`);
    expect(anonymous.body).toMatchObject({ mobileGate: 'signIn', playback: null });
    const refused = await hello(id, signedViewerCookie(w.t.ctx, 'd'.repeat(20)));
    expect(refused.first).toMatchObject({ type: 'refused', code: CHAT_REFUSALS.signInRequired });
    expect(await refused.closed).toBe(CHAT_CLOSE_CODES.signInRequired);

    const outsider = await signedIn(id, unlisted);
    const outsiderPage = await w.call('GET', `/watch/${id}`, { headers: { cookie: outsider } });
    expect(outsiderPage.body).toMatchObject({ mobileGate: 'notAllowed', playback: null });
    expect((await hello(id, outsider)).first).toMatchObject({ type: 'refused', code: CHAT_REFUSALS.signInRequired });

    const insider = await signedIn(id, listed);
    const answer = await w.call('GET', `/watch/${id}`, { headers: { cookie: insider } });
    expect(answer.body.mobileGate).toBe('open');
    expect(answer.body.playback).not.toBeNull();
    const chat = await hello(id, insider);
    expect(chat.first).toMatchObject({ type: 'welcome', mobile: masked(listed) });
    chat.ws.close();
  });

  it('keeps a sign-in to the agent that proved it, and refuses forged cookies, bad input and missing activities', async () => {
    const mine = await w.activity(w.aToken, '甲的直播');
    const theirs = await w.activity(w.bToken, '乙的直播');
    const mobile = nextMobile();
    const cookie = await signedIn(mine, mobile);
    // Another agent's page does not know the viewer: its allowed list cannot be passed with A's proof.
    await w.call('PUT', `/activity/${theirs}/template`, { token: w.bToken, body: { allowedMobiles: [mobile] } });
    expect((await w.call('GET', `/watch/${theirs}`, { headers: { cookie } })).body).toMatchObject({
      viewer: null,
      mobileGate: 'signIn',
    });
    const forged = `${VIEWER_MOBILE_COOKIE}=${cookie.split('=')[1]?.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}`;
    expect((await w.call('GET', `/watch/${mine}`, { headers: { cookie: forged } })).body.viewer).toBeNull();

    expectError(await askCode(999_999, nextMobile()), 404, ERROR_MESSAGES.activityNotFound);
    expectError(await signIn(999_999, nextMobile(), '123456'), 404, ERROR_MESSAGES.activityNotFound);
    expectError(await w.call('DELETE', '/watch/999999/sign-in'), 404, ERROR_MESSAGES.activityNotFound);
    expect((await askCode(mine, '12345')).status).toBe(400);
    expect((await signIn(mine, mobile, 'abc')).status).toBe(400);
    const spent = lastSmsCode(w.t.dataDir, mobile, 'viewer');
    expectError(await signIn(mine, mobile, spent), 400, ERROR_MESSAGES.verificationCode, {
      code: ERROR_CODES.verificationCode,
      field: 'code',
    });
    expect((await signIn(mine, mobile, wrongCode(spent))).status).toBe(400);
  });
});
