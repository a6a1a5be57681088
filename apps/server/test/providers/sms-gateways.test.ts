import { Agent } from 'node:http';
import { ERROR_CODES, type SmsTemplateName } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsGatewayConfig } from '../../src/platform/provider-config.ts';
import { createAliyunSmsProvider } from '../../src/platform/sms/aliyun-sms-provider.ts';
import { SmsRefusedError } from '../../src/platform/sms/sms-provider.ts';
import { createTencentSmsProvider } from '../../src/platform/sms/tencent-sms-provider.ts';
import { call, engines, nextMobile, sendPublicSms, startApp, type TestApp } from '../harness.ts';
import { aliyunSmsStandIn, tencentSmsStandIn } from './stand-ins.ts';

// SMS through Aliyun and Tencent Cloud, each SDK pointed at a local stand-in that verifies the vendor's documented
// signature (ACS3-HMAC-SHA256, TC3-HMAC-SHA256) and parameters; a gateway's refusal reaches the caller as a clear
// 4xx/503 and leaves no code behind.

const TEMPLATES: Record<SmsTemplateName, string> = {
  signup: 'SMS_100001',
  login: 'SMS_100002',
  lostpass: 'SMS_100003',
  mobile: 'SMS_100004',
  verify: 'SMS_100004',
  viewer: 'SMS_100004',
  subscribe: 'SMS_100004',
  reminder: 'SMS_100009',
  review: 'SMS_100010',
};

const smsConfig = (endpoint: string, secret = 'aliyun-secret'): SmsGatewayConfig => ({
  accessKeyId: 'LTAI-test',
  accessKeySecret: secret,
  signName: '演播',
  sdkAppId: '1400000001',
  region: '',
  endpoint,
  templates: TEMPLATES,
});

async function refusal(promise: Promise<unknown>): Promise<SmsRefusedError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsRefusedError);
  return error as SmsRefusedError;
}

describe('Aliyun SMS', () => {
  it('sends SendSms signed with ACS3-HMAC-SHA256, with the sign name, the purpose’s template and the code', async () => {
    const standIn = await aliyunSmsStandIn({ 'LTAI-test': 'aliyun-secret' });
    try {
      const sms = createAliyunSmsProvider(smsConfig(standIn.url));
      await sms.send({ mobile: '13800138000', code: '012345', purpose: 'lostpass' });
      expect(standIn.refusals).toEqual([]);
      expect(standIn.received).toEqual([
        {
          PhoneNumbers: '13800138000',
          SignName: '演播',
          TemplateCode: 'SMS_100003',
          TemplateParam: JSON.stringify({ code: '012345' }),
        },
      ]);
    } finally {
      await standIn.close();
    }
  });

  it('sends a start reminder with its own template and the activity’s name (a long one cut) as its variable', async () => {
    const standIn = await aliyunSmsStandIn({ 'LTAI-test': 'aliyun-secret' });
    try {
      const sms = createAliyunSmsProvider(smsConfig(standIn.url));
      await sms.send({ mobile: '13800138000', purpose: 'reminder', activity: '新品发布会' });
      await sms.send({
        mobile: '13800138000',
        purpose: 'reminder',
        activity: '一二三四五六七八九十一二三四五六七八九十超长',
      });
      expect(standIn.received.map((r) => [r.TemplateCode, r.TemplateParam])).toEqual([
        ['SMS_100009', JSON.stringify({ activity: '新品发布会' })],
        ['SMS_100009', JSON.stringify({ activity: '一二三四五六七八九十一二三四五六七八九…' })],
      ]);
      // Without SMS_TEMPLATE_REMINDER nothing is sent, and the refusal says the gateway cannot serve it.
      const noTemplate = createAliyunSmsProvider({
        ...smsConfig(standIn.url),
        templates: { ...TEMPLATES, reminder: '' },
      });
      const refused = await refusal(noTemplate.send({ mobile: '13800138000', purpose: 'reminder', activity: 'x' }));
      expect([refused.reason, refused.vendorCode, standIn.received.length]).toEqual(['unavailable', 'NO_TEMPLATE', 2]);
    } finally {
      await standIn.close();
    }
  });

  it('maps the gateway’s refusals: flow control, a bad number, a wrong secret', async () => {
    const standIn = await aliyunSmsStandIn({ 'LTAI-test': 'aliyun-secret' }, ({ PhoneNumbers }) =>
      PhoneNumbers === '13800000001'
        ? 'isv.BUSINESS_LIMIT_CONTROL'
        : PhoneNumbers === '13800000002'
          ? 'isv.MOBILE_NUMBER_ILLEGAL'
          : 'isv.AMOUNT_NOT_ENOUGH',
    );
    try {
      const sms = createAliyunSmsProvider(smsConfig(standIn.url));
      const limit = await refusal(sms.send({ mobile: '13800000001', code: '111111', purpose: 'login' }));
      expect([limit.reason, limit.vendorCode]).toEqual(['limit', 'isv.BUSINESS_LIMIT_CONTROL']);
      const mobile = await refusal(sms.send({ mobile: '13800000002', code: '111111', purpose: 'login' }));
      expect([mobile.reason, mobile.vendorCode]).toEqual(['mobile', 'isv.MOBILE_NUMBER_ILLEGAL']);
      const balance = await refusal(sms.send({ mobile: '13800000003', code: '111111', purpose: 'login' }));
      expect([balance.reason, balance.vendorCode]).toEqual(['unavailable', 'isv.AMOUNT_NOT_ENOUGH']);

      // The stand-in recomputes the signature: one made with another secret does not verify.
      const forged = createAliyunSmsProvider(smsConfig(standIn.url, 'not-the-secret'));
      const denied = await refusal(forged.send({ mobile: '13800000004', code: '111111', purpose: 'login' }));
      expect([denied.reason, denied.vendorCode]).toEqual(['unavailable', 'SignatureDoesNotMatch']);
      expect(standIn.refusals).toEqual(['SignatureDoesNotMatch']);
      expect(standIn.received.map((m) => m.PhoneNumbers)).not.toContain('13800000004');
    } finally {
      await standIn.close();
    }
  });

  it('answers unavailable when the gateway cannot be reached', async () => {
    const standIn = await aliyunSmsStandIn({});
    await standIn.close();
    const sms = createAliyunSmsProvider(smsConfig(standIn.url));
    const down = await refusal(sms.send({ mobile: '13800000005', code: '111111', purpose: 'login' }));
    expect(down.reason).toBe('unavailable');
  });
});

/** Sends sms.tencentcloudapi.com's traffic to the stand-in, so the SDK signs for the real host and service. */
const toStandIn = () =>
  new Agent({
    lookup: (_host, options, callback) =>
      (options as { all?: boolean }).all
        ? (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
            { address: '127.0.0.1', family: 4 },
          ])
        : (callback as (e: null, a: string, f: number) => void)(null, '127.0.0.1', 4),
  });

describe('Tencent Cloud SMS', () => {
  it('sends SendSms signed with TC3-HMAC-SHA256 to +86 numbers with the SDK app, sign, template and code', async () => {
    const standIn = await tencentSmsStandIn({ AKIDtest: 'tencent-secret' });
    try {
      const sms = createTencentSmsProvider(
        {
          ...smsConfig(`http://sms.tencentcloudapi.com:${standIn.port}`),
          accessKeyId: 'AKIDtest',
          accessKeySecret: 'tencent-secret',
        },
        { agent: toStandIn() },
      );
      await sms.send({ mobile: '13800138000', code: '654321', purpose: 'signup' });
      expect(standIn.refusals).toEqual([]);
      expect(standIn.received).toEqual([
        {
          PhoneNumberSet: ['+8613800138000'],
          SmsSdkAppId: '1400000001',
          SignName: '演播',
          TemplateId: 'SMS_100001',
          TemplateParamSet: ['654321'],
        },
      ]);
      await sms.send({ mobile: '13800138000', purpose: 'reminder', activity: '新品发布会' });
      expect(standIn.received[1]).toMatchObject({ TemplateId: 'SMS_100009', TemplateParamSet: ['新品发布会'] });
    } finally {
      await standIn.close();
    }
  });

  it('maps LimitExceeded.PhoneNumberDailyLimit to a limit, and a wrong secret to unavailable', async () => {
    const standIn = await tencentSmsStandIn(
      { AKIDtest: 'tencent-secret' },
      () => 'LimitExceeded.PhoneNumberDailyLimit',
    );
    try {
      const config = { ...smsConfig(`http://sms.tencentcloudapi.com:${standIn.port}`), accessKeyId: 'AKIDtest' };
      const sms = createTencentSmsProvider({ ...config, accessKeySecret: 'tencent-secret' }, { agent: toStandIn() });
      const limit = await refusal(sms.send({ mobile: '13800138000', code: '654321', purpose: 'login' }));
      expect([limit.reason, limit.vendorCode]).toEqual(['limit', 'LimitExceeded.PhoneNumberDailyLimit']);

      const forged = createTencentSmsProvider({ ...config, accessKeySecret: 'wrong' }, { agent: toStandIn() });
      const denied = await refusal(forged.send({ mobile: '13800138001', code: '654321', purpose: 'login' }));
      expect([denied.reason, denied.vendorCode]).toEqual(['unavailable', 'AuthFailure.SignatureFailure']);
      expect(standIn.refusals).toEqual(['AuthFailure.SignatureFailure']);
    } finally {
      await standIn.close();
    }
  });
});

describe.each(engines)('sending a code through a real gateway on %s', (engine) => {
  let t: TestApp;
  let standIn: Awaited<ReturnType<typeof aliyunSmsStandIn>>;
  const limited = new Set<string>();
  beforeAll(async () => {
    standIn = await aliyunSmsStandIn({ 'LTAI-test': 'aliyun-secret' }, ({ PhoneNumbers }) =>
      limited.has(PhoneNumbers)
        ? 'isv.BUSINESS_LIMIT_CONTROL'
        : PhoneNumbers.endsWith('0000')
          ? 'isv.SMS_SIGNATURE_ILLEGAL'
          : 'OK',
    );
    t = await startApp(engine, { smsProvider: 'aliyun', sms: smsConfig(standIn.url) });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  const codesOf = (mobile: string) =>
    t.ctx.db.selectFrom('smsCodes').selectAll().where('mobile', '=', mobile).execute();

  it('delivers the code the gateway accepted, and that code verifies', async () => {
    expect(t.ctx.sms.name).toBe('aliyun');
    const mobile = nextMobile();
    expect((await sendPublicSms(t.app, mobile, 'signup')).status).toBe(200);
    const sent = standIn.received.find((m) => m.PhoneNumbers === mobile);
    expect(sent?.TemplateCode).toBe(TEMPLATES.signup);
    const { code } = JSON.parse(sent?.TemplateParam ?? '{}') as { code: string };
    const verified = await call(t.app, 'POST', '/agent/sms/verify', { body: { mobile, purpose: 'signup', code } });
    expect(verified.status).toBe(200);
  });

  it('shows the gateway’s flow control as a 429 with its own code, keeping no code and no send count', async () => {
    const mobile = nextMobile();
    limited.add(mobile);
    const refused = await sendPublicSms(t.app, mobile, 'signup');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(ERROR_CODES.smsGatewayLimit);
    expect(await codesOf(mobile)).toEqual([]);
    // Nothing was sent, so the one-a-minute rule does not hold the next try back.
    limited.delete(mobile);
    expect((await sendPublicSms(t.app, mobile, 'signup')).status).toBe(200);
    expect(await codesOf(mobile)).toHaveLength(1);
  });

  it('answers 503 SMS_UNAVAILABLE, never a 500, when the gateway refuses the sender’s setup', async () => {
    // A valid number (13…) the stand-in refuses for its 0000 ending, different on each run.
    const mobile = `13${String(Date.now()).slice(-5)}0000`;
    const refused = await sendPublicSms(t.app, mobile, 'signup');
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe(ERROR_CODES.smsUnavailable);
    expect(await codesOf(mobile)).toEqual([]);
  });
});
