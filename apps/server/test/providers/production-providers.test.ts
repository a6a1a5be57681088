import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createProviders } from '../../src/platform/providers.ts';
import { createOpenWechatProvider } from '../../src/platform/wechat/open-wechat-provider.ts';

// Issue 8: in production the server refuses to start on a sandbox or log provider unless ALLOW_SANDBOX=1, and a
// real provider missing a setting is named at start, not discovered by the first customer.

const dir = mkdtempSync(path.join(tmpdir(), 'yanbo-providers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privateKeyPath = path.join(dir, 'apiclient_key.pem');
const platformKeyPath = path.join(dir, 'pub_key.pem');
writeFileSync(privateKeyPath, keys.privateKey.export({ type: 'pkcs8', format: 'pem' }));
writeFileSync(platformKeyPath, keys.publicKey.export({ type: 'spki', format: 'pem' }));

const base = { DATA_DIR: dir, SECRET_KEY: 'test-secret' };
const realProviders = {
  SMS_PROVIDER: 'aliyun',
  SMS_ACCESS_KEY_ID: 'LTAI-id',
  SMS_ACCESS_KEY_SECRET: 'secret',
  SMS_SIGN_NAME: '演播',
  SMS_TEMPLATE: 'SMS_1',
  SMS_TEMPLATE_SIGNUP: 'SMS_2',
  PAY_PROVIDER: 'wechat',
  WECHAT_PAY_MCHID: '1900000109',
  WECHAT_PAY_APPID: 'wxd678efh567hg6787',
  WECHAT_PAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHAT_PAY_PRIVATE_KEY_PATH: privateKeyPath,
  WECHAT_PAY_API_V3_KEY: 'abcdefghijklmnopqrstuvwxyz012345',
  WECHAT_PAY_PLATFORM_KEY_PATH: platformKeyPath,
  WECHAT_PAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0119000001234567890',
  WECHAT_PAY_NOTIFY_URL: 'https://console.example.com/api/pay/notify/wechat',
  WECHAT_PROVIDER: 'open',
  WECHAT_APPID: 'wx0123456789abcdef',
  WECHAT_APP_SECRET: 'app-secret',
  WECHAT_REDIRECT_ORIGIN: 'https://console.example.com',
};
const noLog = () => {};

describe('providers in production', () => {
  it('refuses the sandbox providers with NODE_ENV=production, naming each and ALLOW_SANDBOX', () => {
    expect(() => loadConfig({}, { ...base, NODE_ENV: 'production' })).toThrow(
      /SMS_PROVIDER=log.*PAY_PROVIDER=sandbox.*WECHAT_PROVIDER=sandbox.*ALLOW_SANDBOX=1/,
    );
    expect(() =>
      loadConfig({}, { ...base, ...realProviders, PAY_PROVIDER: 'sandbox', NODE_ENV: 'production' }),
    ).toThrow(
      /refuses sandbox providers: PAY_PROVIDER=sandbox \(payments are simulated; set wechat\)\. Set ALLOW_SANDBOX=1/,
    );
    // A configuration given in code is checked where the providers are made, too.
    const overridden = loadConfig({ production: true }, base);
    expect(() => createProviders(overridden, undefined as never, noLog)).toThrow(/ALLOW_SANDBOX=1/);
  });

  it('runs the sandboxes in production when ALLOW_SANDBOX=1 says so, and runs them anywhere else', () => {
    const demo = loadConfig({}, { ...base, NODE_ENV: 'production', ALLOW_SANDBOX: '1' });
    const providers = createProviders(demo, undefined as never, noLog);
    expect([providers.sms.name, providers.pay.name, providers.wechat.name]).toEqual(['log', 'sandbox', 'sandbox']);
    expect(createProviders(loadConfig({}, base), undefined as never, noLog).pay.name).toBe('sandbox');
  });

  it('starts in production on the real providers, each template code per purpose', () => {
    const config = loadConfig({}, { ...base, ...realProviders, NODE_ENV: 'production' });
    expect(config.sms.templates).toEqual({
      signup: 'SMS_2',
      login: 'SMS_1',
      lostpass: 'SMS_1',
      mobile: 'SMS_1',
      verify: 'SMS_1',
      subscribe: 'SMS_1',
      viewer: 'SMS_1',
      // The reminder's variable is the activity's name, not a code: only its own template serves it.
      reminder: '',
      // A registration's review outcome likewise names the form and the outcome: its own template or none.
      review: '',
    });
    expect(loadConfig({}, { ...base, ...realProviders, SMS_TEMPLATE_REMINDER: 'SMS_9' }).sms.templates.reminder).toBe(
      'SMS_9',
    );
    const providers = createProviders(config, undefined as never, noLog);
    expect([providers.sms.name, providers.pay.name, providers.wechat.name]).toEqual(['aliyun', 'wechat', 'open']);
    const tencent = loadConfig({}, { ...base, ...realProviders, SMS_PROVIDER: 'tencent', SMS_SDK_APP_ID: '1400' });
    expect(createProviders(tencent, undefined as never, noLog).sms.name).toBe('tencent');
  });

  it('names the settings a real provider misses, and refuses an unknown provider', () => {
    const { SMS_SIGN_NAME: _sign, WECHAT_PAY_NOTIFY_URL: _notify, ...partial } = realProviders;
    expect(() => loadConfig({}, { ...base, ...partial })).toThrow(
      /Provider settings missing: SMS_SIGN_NAME, WECHAT_PAY_NOTIFY_URL/,
    );
    expect(() => loadConfig({}, { ...base, ...realProviders, SMS_PROVIDER: 'tencent' })).toThrow(/SMS_SDK_APP_ID/);
    expect(() => loadConfig({}, { ...base, ...realProviders, WECHAT_PAY_API_V3_KEY: 'short' })).toThrow(
      /WECHAT_PAY_API_V3_KEY/,
    );
    expect(() =>
      loadConfig({}, { ...base, ...realProviders, WECHAT_PAY_NOTIFY_URL: 'http://console.example.com/notify?x=1' }),
    ).toThrow(/WECHAT_PAY_NOTIFY_URL must be an https address/);
    expect(() => loadConfig({}, { ...base, SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER=carrier-pigeon/);
  });

  it('stops the server process at start with the reason, before it listens', () => {
    const main = path.resolve(import.meta.dirname, '../../src/main.ts');
    const run = spawnSync(process.execPath, [main], {
      env: { PATH: process.env.PATH, ...base, NODE_ENV: 'production', PORT: '0', RTMP_PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/NODE_ENV=production refuses sandbox providers/);
  });
});

describe('WeChat website login', () => {
  it('sends the user to qrconnect and exchanges the returned code for the openid and profile', async () => {
    const seen: string[] = [];
    const server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      seen.push(url.pathname);
      const answer =
        url.pathname === '/sns/oauth2/access_token'
          ? url.searchParams.get('code') === 'good-code' &&
            url.searchParams.get('appid') === 'wx0123456789abcdef' &&
            url.searchParams.get('secret') === 'app-secret' &&
            url.searchParams.get('grant_type') === 'authorization_code'
            ? {
                access_token: 'ACCESS',
                expires_in: 7200,
                openid: 'o6_bmjrPTlm6_2sgVt7hMZOPfL2M',
                scope: 'snsapi_login',
              }
            : { errcode: 40029, errmsg: 'invalid code' }
          : url.searchParams.get('access_token') === 'ACCESS'
            ? { openid: 'o6_bmjrPTlm6_2sgVt7hMZOPfL2M', nickname: '张三', headimgurl: 'https://thirdwx.qlogo.cn/x/132' }
            : { errcode: 40001, errmsg: 'invalid credential' };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const wechat = createOpenWechatProvider({
        appid: 'wx0123456789abcdef',
        secret: 'app-secret',
        redirectOrigin: 'https://console.example.com',
        authorizeBase: 'https://open.weixin.qq.com',
        apiBase,
      });
      expect(wechat.authorizeUrl('/user', 'st4te')).toBe(
        'https://open.weixin.qq.com/connect/qrconnect?appid=wx0123456789abcdef' +
          '&redirect_uri=https%3A%2F%2Fconsole.example.com%2Fuser&response_type=code&scope=snsapi_login&state=st4te' +
          '#wechat_redirect',
      );
      expect(await wechat.exchangeCode('good-code')).toEqual({
        openid: 'o6_bmjrPTlm6_2sgVt7hMZOPfL2M',
        nickname: '张三',
        avatar: 'https://thirdwx.qlogo.cn/x/132',
      });
      expect(await wechat.exchangeCode('used-code')).toBeNull();
      expect(seen).toEqual(['/sns/oauth2/access_token', '/sns/userinfo', '/sns/oauth2/access_token']);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
