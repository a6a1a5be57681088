import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  BRANDING_ERRORS,
  DEFAULT_IMAGE_TEMPLATE,
  ERROR_CODES,
  ERROR_MESSAGES,
  USER_PROFILE_FIELDS,
} from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { looksLikePkcs12 } from '../../src/features/branding/branding-service.ts';
import { decrypt } from '../../src/platform/crypto.ts';
import { useWorld } from '../activity-world.ts';
import {
  call,
  createAgent,
  engines,
  expectError,
  lastSmsCode,
  nextMobile,
  sendPublicSms,
  sessionFor,
} from '../harness.ts';

// A real PKCS#12 file (openssl pkcs12 -export), as a merchant downloads its payment certificate.
const PFX = readFileSync(path.join(import.meta.dirname, 'apiclient_cert.p12'));
const APP_ID = 'wx0123456789abcdef';
const APP_SECRET = '0123456789abcdef0123456789abcdef';
const SUB_FORBIDDEN = { code: ERROR_CODES.subAgentForbidden };

describe('PKCS#12 check', () => {
  it('accepts a real certificate file and refuses other bytes', () => {
    expect(looksLikePkcs12(PFX)).toBe(true);
    expect(looksLikePkcs12(PFX.subarray(0, PFX.length - 1))).toBe(false);
    expect(looksLikePkcs12(Buffer.from('-----BEGIN CERTIFICATE-----\nMIIB'))).toBe(false);
    expect(looksLikePkcs12(Buffer.from([0x30, 0x03, 0x02, 0x01, 0x01]))).toBe(false);
  });
});

describe.each(engines)('branding and settings on %s', (engine) => {
  const w = useWorld(engine);
  const branding = () => w.t.ctx.db.selectFrom('agentBranding').selectAll();

  it('activity template: defaults, partial saves, reset with an empty value, validation naming the field', async () => {
    const agent = await createAgent(w.t.ctx);
    const token = await sessionFor(w.t.ctx, agent.id);
    const initial = await w.call('GET', '/agent/activity/template', { token });
    expect(initial.body).toEqual({
      favicon: '/favicon.svg',
      logo: '/favicon.svg',
      title: '演播 · 直播活动管理平台',
      userProfilePermission: ['nickname', 'avatar'],
    });
    const saved = await w.call('PUT', '/agent/activity/template', {
      token,
      body: {
        title: '  云上发布会  ',
        logo: '/files/agent/1/files/logo.png',
        favicon: 'https://cdn.example.com/i.ico',
      },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({
      favicon: 'https://cdn.example.com/i.ico',
      logo: '/files/agent/1/files/logo.png',
      title: '云上发布会',
      userProfilePermission: ['nickname', 'avatar'],
    });
    const reset = await w.call('PUT', '/agent/activity/template', { token, body: { favicon: '' } });
    expect(reset.body).toMatchObject({ favicon: '/favicon.svg', title: '云上发布会' });
    expect((await w.call('GET', '/agent/activity/template', { token })).body).toEqual(reset.body);

    for (const [body, field] of [
      [{ logo: 'javascript:alert(1)' }, 'logo'],
      [{ favicon: 'x'.repeat(501) }, 'favicon'],
      [{ title: '标'.repeat(41) }, 'title'],
      [{ userProfilePermission: ['nickname', 'idCard'] }, 'userProfilePermission.1'],
      [{ userProfilePermission: 'nickname' }, 'userProfilePermission'],
    ] as const) {
      const response = await w.call('PUT', '/agent/activity/template', { token, body });
      expect(response.status).toBe(400);
      expect(response.body.field).toBe(field);
    }
    expect((await w.call('GET', '/agent/activity/template', { token })).body).toEqual(reset.body);
  });

  it('activity template: a field saved back at the product default stays not set, so it follows the default', async () => {
    const agent = await createAgent(w.t.ctx);
    const token = await sessionFor(w.t.ctx, agent.id);
    const stored = async () =>
      (await branding().where('agentId', '=', agent.id).executeTakeFirst())?.imageTemplate as
        | Record<string, unknown>
        | undefined;
    // The settings form saved untouched: every field as GET answered it, only the title changed.
    const untouched = (await w.call('GET', '/agent/activity/template', { token })).body;
    const saved = await w.call('PUT', '/agent/activity/template', {
      token,
      body: { favicon: untouched.favicon, logo: untouched.logo, title: '只改了名称' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ favicon: DEFAULT_IMAGE_TEMPLATE.favicon, title: '只改了名称' });
    expect(await stored()).toEqual({ title: '只改了名称' });
    // A customised favicon put back to the default value is not set again.
    await w.call('PUT', '/agent/activity/template', { token, body: { favicon: '/files/agent/1/files/i.png' } });
    expect(await stored()).toMatchObject({ favicon: '/files/agent/1/files/i.png' });
    await w.call('PUT', '/agent/activity/template', { token, body: { favicon: DEFAULT_IMAGE_TEMPLATE.favicon } });
    expect(await stored()).toEqual({ title: '只改了名称' });
    await w.call('PUT', '/agent/activity/template', { token, body: { title: DEFAULT_IMAGE_TEMPLATE.title } });
    expect(await stored()).toEqual({});
  });

  it('user-profile setting stores a subset of the global set; anything else is refused', async () => {
    const agent = await createAgent(w.t.ctx);
    const token = await sessionFor(w.t.ctx, agent.id);
    const saved = await w.call('PATCH', '/v3/agent/user-profile/setting', {
      token,
      body: { userProfilePermission: ['mobile', 'name', 'company'] },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.userProfilePermission).toEqual(['mobile', 'name', 'company']);
    expect((await w.call('GET', '/agent/activity/template', { token })).body.userProfilePermission).toEqual([
      'mobile',
      'name',
      'company',
    ]);
    const all = await w.call('PATCH', '/v3/agent/user-profile/setting', {
      token,
      body: { userProfilePermission: [...USER_PROFILE_FIELDS] },
    });
    expect(all.body.userProfilePermission).toEqual([...USER_PROFILE_FIELDS]);
    const none = await w.call('PATCH', '/v3/agent/user-profile/setting', {
      token,
      body: { userProfilePermission: [] },
    });
    expect(none.body.userProfilePermission).toEqual([]);

    const unknown = await w.call('PATCH', '/v3/agent/user-profile/setting', {
      token,
      body: { userProfilePermission: ['mobile', 'password'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toBe('userProfilePermission.1');
    const repeated = await w.call('PATCH', '/v3/agent/user-profile/setting', {
      token,
      body: { userProfilePermission: ['mobile', 'mobile'] },
    });
    expect(repeated.status).toBe(400);
    expect(repeated.body.field).toBe('userProfilePermission');
    expect((await w.call('PATCH', '/v3/agent/user-profile/setting', { token, body: {} })).body.field).toBe(
      'userProfilePermission',
    );
    expect((await w.call('GET', '/agent/activity/template', { token })).body.userProfilePermission).toEqual([]);
  });

  it('login template: saved per agent, shown publicly on that agent’s custom host only', async () => {
    const agent = await createAgent(w.t.ctx);
    const token = await sessionFor(w.t.ctx, agent.id);
    expect((await w.call('GET', '/agent/template', { token })).body).toEqual({
      title: '',
      slogan: '',
      logo: '',
      background: '',
      primaryColor: '',
    });
    const template = {
      title: '星河直播',
      slogan: '每一场都值得被看见',
      logo: '/files/agent/9/files/logo.png',
      background: '/files/agent/9/files/bg.jpg',
      primaryColor: '#722ED1',
    };
    const saved = await w.call('PUT', '/agent/template', { token, body: template });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual(template);
    expect((await w.call('PUT', '/agent/template', { token, body: { slogan: '' } })).body).toEqual({
      ...template,
      slogan: '',
    });
    for (const [body, field] of [
      [{ primaryColor: 'purple' }, 'primaryColor'],
      [{ background: 'ftp://x/y.png' }, 'background'],
      [{ title: '星'.repeat(31) }, 'title'],
    ] as const) {
      expect((await w.call('PUT', '/agent/template', { token, body })).body.field).toBe(field);
    }

    // Not yet on any host: the public call answers the product's own page.
    const before = await w.call('GET', '/agent/template/public?host=live.xinghe.example');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      title: '',
      slogan: '',
      logo: '',
      background: '',
      primaryColor: '',
      customized: false,
    });
    expect(
      (await w.call('PUT', '/agent/customization', { token, body: { host: 'Live.XingHe.example' } })).body.host,
    ).toBe('live.xinghe.example');
    // Until its control is proved in DNS (custom-host.test.ts) the host does not restyle /login.
    expect((await w.call('GET', '/agent/template/public?host=live.xinghe.example')).body.customized).toBe(false);
    await w.t.ctx.db
      .updateTable('agentBranding')
      .set({ customization: JSON.stringify({ host: 'live.xinghe.example', hostVerified: 'live.xinghe.example' }) })
      .where('agentId', '=', agent.id)
      .execute();
    const after = await w.call('GET', '/agent/template/public?host=LIVE.xinghe.example');
    expect(after.body).toEqual({ ...template, slogan: '', customized: true });
    expect((await w.call('GET', '/agent/template/public?host=other.example')).body.customized).toBe(false);
    expect((await w.call('GET', '/agent/template/public?host=bad_host!')).body.field).toBe('host');
    expect((await w.call('GET', '/agent/template/public')).body.field).toBe('host');
    // A disabled agent's host shows the product's own page.
    await w.t.ctx.db.updateTable('agents').set({ status: 'disabled' }).where('id', '=', agent.id).execute();
    expect((await w.call('GET', '/agent/template/public?host=live.xinghe.example')).body.customized).toBe(false);
  });

  it('customization: sections, write-only encrypted secrets, derived flags, clearing', async () => {
    const agent = await createAgent(w.t.ctx);
    const token = await sessionFor(w.t.ctx, agent.id);
    const empty = {
      host: '',
      hostVerified: false,
      hostVerification: null,
      apiAppId: '',
      apiAppSecretSet: false,
      payPfxSet: false,
      payPfxName: '',
      payPfxBytes: 0,
      data: { wechatPrivateTemplateId: '' },
      isWechatLoginCustomized: false,
      isWechatTemplateCustomized: false,
    };
    expect((await w.call('GET', '/agent/customization', { token })).body).toEqual(empty);

    // The app id alone does not customise the login; with its secret it does.
    const appOnly = await w.call('PUT', '/agent/customization', { token, body: { apiAppId: APP_ID } });
    expect(appOnly.body).toMatchObject({ apiAppId: APP_ID, apiAppSecretSet: false, isWechatLoginCustomized: false });
    expect((await w.call('GET', '/v3/agent/customized-info', { token })).body.isWechatLoginCustomized).toBe(false);
    const withSecret = await w.call('PUT', '/agent/customization', {
      token,
      body: { apiAppId: APP_ID, apiAppSecret: APP_SECRET },
    });
    expect(withSecret.body).toMatchObject({ apiAppSecretSet: true, isWechatLoginCustomized: true });
    expect(withSecret.text).not.toContain(APP_SECRET);
    expect((await w.call('GET', '/v3/agent/customized-info', { token })).body.isWechatLoginCustomized).toBe(true);

    // Stored encrypted, never in clear.
    const row = await branding().where('agentId', '=', agent.id).executeTakeFirstOrThrow();
    const stored = row.customization as Record<string, string>;
    expect(JSON.stringify(stored)).not.toContain(APP_SECRET);
    expect(decrypt('test-secret', stored.apiAppSecret as string)).toBe(APP_SECRET);

    // A save without the secret keeps it.
    const idAgain = await w.call('PUT', '/agent/customization', { token, body: { apiAppId: APP_ID } });
    expect(idAgain.body.apiAppSecretSet).toBe(true);

    const pfx = await w.call('PUT', '/agent/customization', {
      token,
      body: { payPfx: PFX.toString('base64'), payPfxName: 'apiclient_cert.p12' },
    });
    expect(pfx.status, pfx.text).toBe(200);
    expect(pfx.body).toMatchObject({ payPfxSet: true, payPfxName: 'apiclient_cert.p12', payPfxBytes: PFX.length });
    expect(pfx.text).not.toContain(PFX.toString('base64').slice(0, 40));
    const pfxRow = (await branding().where('agentId', '=', agent.id).executeTakeFirstOrThrow()).customization as Record<
      string,
      string
    >;
    expect(Buffer.from(decrypt('test-secret', pfxRow.payPfx as string), 'base64').equals(PFX)).toBe(true);

    const template = await w.call('PUT', '/agent/customization', {
      token,
      body: { data: { wechatPrivateTemplateId: 'Tmpl_9x-01' } },
    });
    expect(template.body).toMatchObject({
      data: { wechatPrivateTemplateId: 'Tmpl_9x-01' },
      isWechatTemplateCustomized: true,
      isWechatLoginCustomized: true,
      payPfxSet: true,
    });
    expect((await w.call('GET', '/v3/agent/customized-info', { token })).body).toMatchObject({
      isWechatTemplateCustomized: true,
    });

    // Clearing: the app id takes its secret with it; an empty certificate and template id remove them.
    await w.call('PUT', '/agent/customization', { token, body: { apiAppId: '' } });
    await w.call('PUT', '/agent/customization', { token, body: { payPfx: '' } });
    await w.call('PUT', '/agent/customization', { token, body: { data: { wechatPrivateTemplateId: '' } } });
    expect((await w.call('GET', '/agent/customization', { token })).body).toEqual(empty);
  });

  it('customization: bad input names the field and changes nothing', async () => {
    const agent = await createAgent(w.t.ctx);
    const token = await sessionFor(w.t.ctx, agent.id);
    await w.call('PUT', '/agent/customization', { token, body: { host: 'keep.example.com' } });
    const before = await branding().where('agentId', '=', agent.id).executeTakeFirstOrThrow();
    const cases: [unknown, string][] = [
      [{ host: 'https://live.example.com' }, 'host'],
      [{ host: 'live.example.com:8080' }, 'host'],
      [{ host: '-bad.example.com' }, 'host'],
      [{ host: `${'a'.repeat(64)}.example.com` }, 'host'],
      [{}, 'host'],
      [{ apiAppId: 'wx123' }, 'apiAppId'],
      [{ apiAppId: APP_ID, apiAppSecret: 'short' }, 'apiAppSecret'],
      [{ payPfx: 'not base64!' }, 'payPfx'],
      [{ payPfx: Buffer.from('hello, not a certificate').toString('base64') }, 'payPfx'],
      [{ payPfx: '====' }, 'payPfx'],
      [{ payPfx: Buffer.alloc(70 * 1024, 1).toString('base64') }, 'payPfx'],
      [{ data: { wechatPrivateTemplateId: 'has space' } }, 'data.wechatPrivateTemplateId'],
      [{ data: {} }, 'data.wechatPrivateTemplateId'],
    ];
    for (const [body, field] of cases) {
      const response = await w.call('PUT', '/agent/customization', { token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.field, JSON.stringify(body)).toBe(field);
    }
    expectError(
      await w.call('PUT', '/agent/customization', {
        token,
        body: { payPfx: Buffer.from('hello, not a certificate').toString('base64') },
      }),
      400,
      BRANDING_ERRORS.payPfxInvalid,
      { code: ERROR_CODES.validation, field: 'payPfx' },
    );
    expect(await branding().where('agentId', '=', agent.id).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('a host belongs to the agent that verified it: another agent’s claim then answers 400 naming host', async () => {
    const one = await createAgent(w.t.ctx);
    const two = await createAgent(w.t.ctx);
    const [oneToken, twoToken] = [await sessionFor(w.t.ctx, one.id), await sessionFor(w.t.ctx, two.id)];
    expect(
      (await w.call('PUT', '/agent/customization', { token: oneToken, body: { host: 'a.live.example' } })).status,
    ).toBe(200);
    // Unverified, a claim blocks nobody: the host's real owner may claim it and prove it (custom-host.test.ts).
    expect(
      (await w.call('PUT', '/agent/customization', { token: twoToken, body: { host: 'a.live.example' } })).status,
    ).toBe(200);
    await w.call('PUT', '/agent/customization', { token: twoToken, body: { host: '' } });
    // Verified by one (its DNS record was found), the host is one's alone.
    await w.t.ctx.db
      .updateTable('agentBranding')
      .set({ customization: JSON.stringify({ host: 'a.live.example', hostVerified: 'a.live.example' }) })
      .where('agentId', '=', one.id)
      .execute();
    // Saving one's own host again is fine, and keeps it verified.
    const again = await w.call('PUT', '/agent/customization', { token: oneToken, body: { host: 'a.live.example' } });
    expect(again.body).toMatchObject({ host: 'a.live.example', hostVerified: true });
    expectError(
      await w.call('PUT', '/agent/customization', { token: twoToken, body: { host: 'A.Live.Example' } }),
      400,
      BRANDING_ERRORS.hostTaken,
      { code: ERROR_CODES.validation, field: 'host' },
    );
    expect((await w.call('GET', '/agent/customization', { token: twoToken })).body.host).toBe('');
    // Released, it can be taken.
    await w.call('PUT', '/agent/customization', { token: oneToken, body: { host: '' } });
    expect(
      (await w.call('PUT', '/agent/customization', { token: twoToken, body: { host: 'a.live.example' } })).status,
    ).toBe(200);
    expect((await w.call('GET', '/v3/agent/customized-info', { token: twoToken })).body.host).toBe('a.live.example');
  });

  it('official account: authorise with a secret, rename without it, a new AppID needs its secret', async () => {
    const agent = await createAgent(w.t.ctx);
    const token = await sessionFor(w.t.ctx, agent.id);
    expect((await w.call('GET', '/wechat/auth', { token })).body).toEqual({
      authorized: false,
      appId: '',
      name: '',
      authorizedAt: null,
    });
    expectError(
      await w.call('PUT', '/agent/wechat-offical-customization', {
        token,
        body: { appId: APP_ID, name: '星河服务号' },
      }),
      400,
      BRANDING_ERRORS.appSecretRequired,
      { code: ERROR_CODES.validation, field: 'appSecret' },
    );
    const saved = await w.call('PUT', '/agent/wechat-offical-customization', {
      token,
      body: { appId: APP_ID, appSecret: APP_SECRET, name: '星河服务号' },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ authorized: true, appId: APP_ID, name: '星河服务号' });
    expect(Date.parse(saved.body.authorizedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(saved.text).not.toContain(APP_SECRET);
    const stored = (await branding().where('agentId', '=', agent.id).executeTakeFirstOrThrow()).officialAccount;
    expect(JSON.stringify(stored)).not.toContain(APP_SECRET);

    const renamed = await w.call('PUT', '/agent/wechat-offical-customization', {
      token,
      body: { appId: APP_ID, name: '星河直播' },
    });
    expect(renamed.body).toEqual({ ...saved.body, name: '星河直播' });
    expect((await w.call('GET', '/wechat/auth', { token })).body).toEqual(renamed.body);
    expect(
      (
        await w.call('PUT', '/agent/wechat-offical-customization', {
          token,
          body: { appId: 'wx1111111111111111', name: '另一个' },
        })
      ).body.field,
    ).toBe('appSecret');
    for (const [body, field] of [
      [{ appId: 'gh_123', appSecret: APP_SECRET, name: 'x' }, 'appId'],
      [{ appId: APP_ID, appSecret: APP_SECRET, name: ' ' }, 'name'],
      [{ appId: APP_ID, appSecret: APP_SECRET }, 'name'],
    ] as const) {
      expect((await w.call('PUT', '/agent/wechat-offical-customization', { token, body })).body.field).toBe(field);
    }
  });

  it('promotion: a stable code and sign-up link; sign-ups through it are counted, forged codes are not', async () => {
    const agent = await createAgent(w.t.ctx);
    const token = await sessionFor(w.t.ctx, agent.id);
    const promote = await w.call('GET', '/v3/promote', { token });
    expect(promote.status).toBe(200);
    expect(promote.body).toEqual({
      code: expect.stringMatching(/^[0-9a-z]+-[A-Za-z0-9_-]{8}$/),
      link: `/signup?promoter=${promote.body.code}`,
      invitedCount: 0,
    });
    expect((await w.call('GET', '/v3/promote', { token })).body.code).toBe(promote.body.code);
    expect((await w.call('GET', '/v3/promote', { token: w.aToken })).body.code).not.toBe(promote.body.code);

    const signup = async (promoter: string) => {
      const mobile = nextMobile();
      expect((await sendPublicSms(w.t.app, mobile, 'signup')).status).toBe(200);
      const response = await call(w.t.app, 'POST', '/agent/signup', {
        body: { mobile, code: lastSmsCode(w.t.dataDir, mobile, 'signup'), password: 'new-pass-123', promoter },
      });
      expect(response.status, response.text).toBe(200);
    };
    await signup(promote.body.code);
    await signup(promote.body.code);
    const forged = `${agent.id.toString(36)}-AAAAAAAA`;
    await signup(forged);
    expect((await w.call('GET', '/v3/promote', { token })).body.invitedCount).toBe(2);
    // A sub-account sees its agent's promotion.
    expect((await w.call('GET', '/v3/promote', { token: w.subToken })).body.code).toBe(
      (await w.call('GET', '/v3/promote', { token: w.aToken })).body.code,
    );
  });

  it('template activity: set, shown in custom info, cleared; another agent’s activity answers 404', async () => {
    const mine = await w.activity(w.aToken, '模板活动');
    const set = await w.call('POST', '/v3/agent/template-activity', { token: w.aToken, body: { activityId: mine } });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toEqual({ activity: { id: mine, name: '模板活动' } });
    expect((await w.call('GET', '/v3/agent/customized-info', { token: w.aToken })).body.templateActivity).toEqual({
      id: mine,
      name: '模板活动',
    });
    const theirs = await w.activity(w.bToken);
    expectError(
      await w.call('POST', '/v3/agent/template-activity', { token: w.aToken, body: { activityId: theirs } }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expectError(
      await w.call('POST', '/v3/agent/template-activity', { token: w.bToken, body: { activityId: mine } }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expect((await w.call('POST', '/v3/agent/template-activity', { token: w.aToken, body: {} })).body.field).toBe(
      'activityId',
    );
    expect(
      (await w.call('POST', '/v3/agent/template-activity', { token: w.aToken, body: { activityId: 0 } })).body.field,
    ).toBe('activityId');
    expect((await w.call('GET', '/v3/agent/customized-info', { token: w.aToken })).body.templateActivity.id).toBe(mine);
    const cleared = await w.call('POST', '/v3/agent/template-activity', {
      token: w.aToken,
      body: { activityId: null },
    });
    expect(cleared.body).toEqual({ activity: null });
    expect((await w.call('GET', '/v3/agent/customized-info', { token: w.bToken })).body.templateActivity).toBeNull();
  });

  it('activities inherit from the template activity when one is set, else from the newest other activity', async () => {
    const agent = await createAgent(w.t.ctx);
    const token = await sessionFor(w.t.ctx, agent.id);
    const model = await w.activity(token, '样板间');
    await w.call('PUT', `/activity/${model}/template`, { token, body: { imgCover: 'model-cover.png' } });
    const newer = await w.activity(token);
    await w.call('PUT', `/activity/${newer}/template`, { token, body: { imgCover: 'newer-cover.png' } });
    const target = await w.activity(token);
    expect((await w.call('POST', `/activity/${target}/inheritPrevTpl`, { token })).body.imgCover).toBe(
      'newer-cover.png',
    );

    await w.call('POST', '/v3/agent/template-activity', { token, body: { activityId: model } });
    const inherited = await w.call('POST', `/activity/${target}/inheritPrevTpl`, { token });
    expect(inherited.status, inherited.text).toBe(200);
    expect(inherited.body.imgCover).toBe('model-cover.png');
    // The template activity itself inherits from the newest other activity.
    await w.call('PUT', `/activity/${target}/template`, { token, body: { imgCover: 'target-cover.png' } });
    expect((await w.call('POST', `/activity/${model}/inheritPrevTpl`, { token })).body.imgCover).toBe(
      'target-cover.png',
    );
    // A deleted template activity is no longer used, nor shown.
    expect((await w.call('DELETE', `/activity/${model}`, { token })).status).toBe(200);
    expect((await w.call('GET', '/v3/agent/customized-info', { token })).body.templateActivity).toBeNull();
    expect((await w.call('POST', `/activity/${target}/inheritPrevTpl`, { token })).body.imgCover).toBe(
      'newer-cover.png',
    );
  });

  it('a sub-account reads its agent’s settings but changes none of them (403), and nothing changes', async () => {
    await w.call('PUT', '/agent/customization', { token: w.aToken, body: { host: 'sub-check.example' } });
    const before = await branding().where('agentId', '=', w.a.id).executeTakeFirst();
    const token = w.subToken;
    for (const response of [
      await w.call('PUT', '/agent/activity/template', { token, body: { title: '子账号改的' } }),
      await w.call('PATCH', '/v3/agent/user-profile/setting', { token, body: { userProfilePermission: ['mobile'] } }),
      await w.call('PUT', '/agent/template', { token, body: { title: '子账号改的' } }),
      await w.call('PUT', '/agent/customization', { token, body: { host: 'sub.example' } }),
      await w.call('PUT', '/agent/wechat-offical-customization', {
        token,
        body: { appId: APP_ID, appSecret: APP_SECRET, name: 'x' },
      }),
      await w.call('POST', '/v3/agent/template-activity', { token, body: { activityId: w.subActivityId } }),
    ]) {
      expectError(response, 403, 'Sub-account is not allowed to do this', SUB_FORBIDDEN);
    }
    expect(await branding().where('agentId', '=', w.a.id).executeTakeFirst()).toEqual(before);
    expect((await w.call('GET', '/agent/customization', { token })).body.host).toBe('sub-check.example');
    expect((await w.call('GET', '/agent/template', { token })).status).toBe(200);
    expect((await w.call('GET', '/wechat/auth', { token })).status).toBe(200);
  });

  it('every settings call needs a session except the public login template', async () => {
    for (const [method, url] of [
      ['GET', '/agent/activity/template'],
      ['PUT', '/agent/activity/template'],
      ['GET', '/agent/template'],
      ['PUT', '/agent/template'],
      ['GET', '/agent/customization'],
      ['PUT', '/agent/customization'],
      ['PUT', '/agent/wechat-offical-customization'],
      ['GET', '/wechat/auth'],
      ['GET', '/v3/promote'],
      ['PATCH', '/v3/agent/user-profile/setting'],
      ['POST', '/v3/agent/template-activity'],
      ['GET', '/v3/agent/customized-info'],
    ] as const) {
      expect((await w.call(method, url, { body: method === 'GET' ? undefined : {} })).status, url).toBe(401);
    }
    expect((await w.call('GET', '/agent/template/public?host=localhost')).status).toBe(200);
  });
});
