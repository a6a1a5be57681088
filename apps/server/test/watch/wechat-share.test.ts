import { createHash } from 'node:crypto';
import { ERROR_CODES, ERROR_MESSAGES, WATCH_ERRORS, WECHAT_SHARE_URL_MAX } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CallResult,
  call,
  createActivity,
  engines,
  expectError,
  nextIp,
  signedInAgent,
  startApp,
  type TestApp,
} from '../harness.ts';
import { type WechatApiStandIn, wechatApiStandIn } from '../providers/stand-ins.ts';

// GET /api/watch/{id}/wechat-share: the watch page inside WeChat asks for its JS-SDK wx.config and share card. The
// server signs with the agent's official account, its token and jsapi_ticket fetched from a local stand-in of
// WeChat's API that checks each call as WeChat does, and counts them.

/** The official accounts the stand-in knows: app id and secret. */
const APPS = {
  signed: ['wx00000000000000a1', 'secretSigned0000000001'],
  shared: ['wx00000000000000a2', 'secretShared0000000002'],
  expiring: ['wx00000000000000a3', 'secretExpiring00000003'],
  refused: ['wx00000000000000a4', 'secretRightOne00000004'],
  busy: ['wx00000000000000a5', 'secretBusy000000000005'],
} as const;

/** The host app.inject's requests come to (its Host header is localhost:80). */
const HOST = 'localhost';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

describe.each(engines)('WeChat share data on %s', (engine) => {
  let t: TestApp;
  let wechat: WechatApiStandIn;
  let busy = false;

  beforeAll(async () => {
    wechat = await wechatApiStandIn({
      apps: Object.fromEntries(Object.values(APPS).map(([appId, secret]) => [appId, secret])),
      ticketExpiresIn: (appid) => (appid === APPS.expiring[0] ? 1 : 7200),
      delayMs: 20,
      failWith: () => (busy ? { errcode: -1, errmsg: 'system error' } : null),
    });
    t = await startApp(engine, { wechatApiBase: wechat.url });
  });
  afterAll(async () => {
    await t?.close();
    await wechat?.close();
  });

  const share = (id: number, url: string, options: { ip?: string; host?: string } = {}) =>
    call(t.app, 'GET', `/watch/${id}/wechat-share?url=${encodeURIComponent(url)}`, {
      ip: options.ip ?? nextIp(),
      ...(options.host ? { headers: { host: options.host } } : {}),
    });

  /** A new agent with an activity; with `account`, its official account (公众号授权) set to that app id and secret. */
  async function organiser(account?: readonly [string, string]) {
    const { agent, token } = await signedInAgent(t.ctx);
    if (account) {
      const saved = await call(t.app, 'PUT', '/agent/wechat-offical-customization', {
        token,
        body: { appId: account[0], appSecret: account[1], name: '星河直播服务号' },
      });
      expect(saved.status, saved.text).toBe(200);
    }
    return { agent, token, id: await createActivity(t.app, token, '星河发布会') };
  }

  const calls = (appid: string) => wechat.received.filter((c) => c.appid === appid).map((c) => c.path);

  /** The answer's signature is SHA-1 of the documented string over the stand-in's ticket (computed here afresh). */
  function expectSignedFor(answer: CallResult, appId: string, link: string) {
    expect(answer.status, answer.text).toBe(200);
    const { timestamp, nonceStr, signature } = answer.body;
    const ticket = wechat.ticketOf(appId);
    expect(ticket).toBeTruthy();
    expect(signature).toBe(sha1(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${link}`));
  }

  it('answers enabled: false when the agent has no official account, asking WeChat nothing', async () => {
    const { id } = await organiser();
    const before = wechat.received.length + wechat.refusals.length;
    const answer = await share(id, `http://${HOST}/watch/${id}`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ enabled: false });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(wechat.received.length + wechat.refusals.length).toBe(before);
  });

  it('signs the page address without its fragment with the jsapi_ticket, and answers the share card', async () => {
    const [appId] = APPS.signed;
    const { token, id } = await organiser(APPS.signed);
    const saved = await call(t.app, 'PUT', `/activity/${id}/shareCard`, {
      token,
      body: { title: '春季发布会·直播', description: '今晚八点，不见不散', image: '/files/share/cover.png' },
    });
    expect(saved.status, saved.text).toBe(200);
    const page = `http://${HOST}/watch/${id}?ditch=abc&from=singlemessage`;
    const before = Math.floor(Date.now() / 1000);
    const answer = await share(id, `${page}#chat`);
    expectSignedFor(answer, appId, page);
    expect(answer.body).toEqual({
      enabled: true,
      appId,
      timestamp: expect.any(Number),
      nonceStr: expect.stringMatching(/^[A-Za-z0-9]{16}$/),
      signature: expect.stringMatching(/^[0-9a-f]{40}$/),
      share: {
        title: '春季发布会·直播',
        desc: '今晚八点，不见不散',
        link: page,
        imgUrl: `http://${HOST}/files/share/cover.png`,
      },
    });
    expect(answer.body.timestamp).toBeGreaterThanOrEqual(before);
    expect(answer.body.timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    // The card falls back as the og: tags do: the activity's name and an invitation to watch.
    await call(t.app, 'PUT', `/activity/${id}/shareCard`, { token, body: { title: '', description: '', image: '' } });
    const plain = await share(id, `http://${HOST}/watch/${id}`);
    expectSignedFor(plain, appId, `http://${HOST}/watch/${id}`);
    expect(plain.body.share).toEqual({
      title: '星河发布会',
      desc: '点击观看「星河发布会」直播',
      link: `http://${HOST}/watch/${id}`,
      imgUrl: '',
    });
    // A nonce of its own each time.
    expect(plain.body.nonceStr).not.toBe(answer.body.nonceStr);
  });

  it('fetches the access token and the ticket once for many pages, concurrent or not', async () => {
    const [appId] = APPS.shared;
    const { token, id } = await organiser(APPS.shared);
    const url = `http://${HOST}/watch/${id}`;
    const together = await Promise.all(Array.from({ length: 20 }, () => share(id, url)));
    for (const answer of together) expectSignedFor(answer, appId, url);
    for (let i = 0; i < 5; i++) expectSignedFor(await share(id, url), appId, url);
    // A second activity of the same agent shares the same app's ticket.
    const other = await createActivity(t.app, token, '第二场');
    expectSignedFor(await share(other, `http://${HOST}/watch/${other}`), appId, `http://${HOST}/watch/${other}`);
    expect(calls(appId)).toEqual(['/cgi-bin/token', '/cgi-bin/ticket/getticket']);
  });

  it('fetches a new access token once when WeChat says the cached one expired (42001), then signs', async () => {
    const [appId] = APPS.expiring;
    const { id } = await organiser(APPS.expiring);
    const url = `http://${HOST}/watch/${id}`;
    expectSignedFor(await share(id, url), appId, url);
    // The ticket said it lives 1 s; the token 7200 s, but WeChat expires it meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    wechat.expireTokens(appId);
    const first = wechat.ticketOf(appId);
    const again = await share(id, url);
    expectSignedFor(again, appId, url);
    expect(wechat.ticketOf(appId)).not.toBe(first);
    expect(calls(appId)).toEqual([
      '/cgi-bin/token',
      '/cgi-bin/ticket/getticket',
      '/cgi-bin/token',
      '/cgi-bin/ticket/getticket',
    ]);
    expect(wechat.refusals).toContain('/cgi-bin/ticket/getticket: 42001');
  });

  it('answers enabled: false when WeChat refuses the account or is down, and does not ask again at once', async () => {
    // The agent saved a secret WeChat does not know for its app id: 40125 invalid appsecret.
    const { id } = await organiser([APPS.refused[0], 'secretWrongOne00000099']);
    const url = `http://${HOST}/watch/${id}`;
    expect((await share(id, url)).body).toEqual({ enabled: false });
    expect(wechat.refusals.filter((r) => r === '/cgi-bin/token: 40125')).toHaveLength(1);
    expect((await share(id, url)).body).toEqual({ enabled: false });
    expect(wechat.refusals.filter((r) => r === '/cgi-bin/token: 40125')).toHaveLength(1);
    expect(calls(APPS.refused[0])).toEqual([]);

    // WeChat busy (errcode -1) for another account: the page shares plainly too.
    const down = await organiser(APPS.busy);
    busy = true;
    try {
      expect((await share(down.id, `http://${HOST}/watch/${down.id}`)).body).toEqual({ enabled: false });
    } finally {
      busy = false;
    }
    expect(wechat.refusals).toContain('/cgi-bin/token: -1');
    expect(calls(APPS.busy[0])).toEqual([]);
  });

  it('signs only this activity’s page on the request’s host or the agent’s verified custom host', async () => {
    const { agent, id } = await organiser();
    const other = await organiser();
    const foreign = async (url: string, host?: string) =>
      expectError(await share(id, url, { host }), 400, WATCH_ERRORS.shareUrlForeign, {
        code: ERROR_CODES.validation,
        field: 'url',
      });
    await foreign(`http://evil.example/watch/${id}`);
    await foreign(`http://${HOST}/watch/${other.id}`);
    await foreign(`http://${HOST}/activity/${id}`);
    await foreign(`http://${HOST}/watch/${id}/x`);
    await foreign(`http://user:pass@${HOST}/watch/${id}`);
    // The request's own host, whatever its port, is the page's.
    expect((await share(id, `https://live.example.org/watch/${id}`, { host: 'live.example.org:8443' })).body).toEqual({
      enabled: false,
    });
    // The agent's custom host, once verified.
    const branding = (agentId: number, customization: object) =>
      t.ctx.db
        .insertInto('agentBranding')
        .values({ agentId, customization: JSON.stringify(customization) })
        .onConflict((oc) => oc.column('agentId').doUpdateSet({ customization: JSON.stringify(customization) }))
        .execute();
    await branding(agent.id, { host: 'live.xinghe.example', hostVerified: '' });
    await foreign(`https://live.xinghe.example/watch/${id}`);
    await branding(agent.id, { host: 'live.xinghe.example', hostVerified: 'live.xinghe.example' });
    expect((await share(id, `https://live.xinghe.example/watch/${id}`)).body).toEqual({ enabled: false });
    // Another agent's verified host is not this activity's.
    await branding(other.agent.id, { host: 'live.other.example', hostVerified: 'live.other.example' });
    await foreign(`https://live.other.example/watch/${id}`);
  });

  it('refuses a url that is no http(s) page address, or too long, naming url', async () => {
    const { id } = await organiser();
    const invalid = async (url: string, message: string) => {
      expectError(await call(t.app, 'GET', `/watch/${id}/wechat-share?url=${url}`, { ip: nextIp() }), 400, message, {
        code: ERROR_CODES.validation,
        field: 'url',
      });
    };
    const notAddress = 'url: Must be the page’s http(s) address';
    await invalid(encodeURIComponent(`ftp://${HOST}/watch/${id}`), notAddress);
    await invalid(encodeURIComponent(`javascript:alert(1)//${HOST}/watch/${id}`), notAddress);
    await invalid(encodeURIComponent(`/watch/${id}`), notAddress);
    // Not as a browser writes it: a space, an upper-case host, a default port.
    await invalid(encodeURIComponent(` http://${HOST}/watch/${id}`), notAddress);
    await invalid(encodeURIComponent(`http://LOCALHOST/watch/${id}`), notAddress);
    await invalid(encodeURIComponent(`http://${HOST}:80/watch/${id}`), notAddress);
    const long = `http://${HOST}/watch/${id}?q=${'a'.repeat(WECHAT_SHARE_URL_MAX)}`;
    await invalid(encodeURIComponent(long), `url: At most ${WECHAT_SHARE_URL_MAX} characters`);
    const missing = await call(t.app, 'GET', `/watch/${id}/wechat-share`, { ip: nextIp() });
    expect({ status: missing.status, field: missing.body.field }).toEqual({ status: 400, field: 'url' });
  });

  it('answers 404 for an unknown activity, and 429 past the per-address limit', async () => {
    expectError(await share(999_999, `http://${HOST}/watch/999999`), 404, ERROR_MESSAGES.activityNotFound);
    const { id } = await organiser();
    const ip = nextIp();
    await t.ctx.limits.hit(`wechat-share:ip:${ip}`, 60_000, 120);
    const limited = await share(id, `http://${HOST}/watch/${id}`, { ip });
    expectError(limited, 429, WATCH_ERRORS.shareLimit, { code: ERROR_CODES.rateLimited });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await share(id, `http://${HOST}/watch/${id}`)).body).toEqual({ enabled: false });
  });
});
