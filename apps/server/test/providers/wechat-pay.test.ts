import { execFileSync } from 'node:child_process';
import { createVerify, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PREFIX, ERROR_CODES, PRICE_ERRORS } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWechatPayProvider,
  loadWechatPayKeys,
  outTradeNo,
  verifyWechatSignature,
} from '../../src/platform/pay/wechat-pay-provider.ts';
import type { WechatPayConfig } from '../../src/platform/provider-config.ts';
import { call, createAgent, engines, expectError, sessionFor, startApp, type TestApp } from '../harness.ts';
import {
  type StandIn,
  type WechatPayRequest,
  wechatCallback,
  wechatPayStandIn,
  wechatSignedHeaders,
} from './stand-ins.ts';

// WeChat Pay API v3 against a local stand-in that verifies each request's WECHATPAY2-SHA256-RSA2048 signature with
// the merchant's public key and signs its answers with the platform key; callbacks built the documented way
// (AEAD_AES_256_GCM resource, platform signature) pay the order once.

const API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz012345';
const MCHID = '1900000109';
const APPID = 'wxd678efh567hg6787';
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PLATFORM_KEY_ID = 'PUB_KEY_ID_0119000001234567890';

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchant = rsa();
const platform = rsa();
const dir = mkdtempSync(path.join(tmpdir(), 'yanbo-wechatpay-'));
const pem = (name: string, key: KeyObject) => {
  const file = path.join(dir, name);
  writeFileSync(file, key.export({ type: key.type === 'private' ? 'pkcs8' : 'spki', format: 'pem' }));
  return file;
};

function payConfig(baseUrl: string): WechatPayConfig {
  return {
    mchid: MCHID,
    appid: APPID,
    serialNo: MERCHANT_SERIAL,
    privateKeyPath: pem('apiclient_key.pem', merchant.privateKey),
    apiV3Key: API_V3_KEY,
    platformKeyPath: pem('pub_key.pem', platform.publicKey),
    platformSerial: PLATFORM_KEY_ID,
    notifyUrl: 'https://console.example.com/api/pay/notify/wechat',
    baseUrl,
  };
}

/** What the stand-in answers: settable per test. */
const gateway = {
  signed: true,
  transactions: new Map<string, { trade_state: string; total: number }>(),
};

function answer(request: WechatPayRequest) {
  const signed = gateway.signed;
  if (request.method === 'POST' && request.path === '/v3/pay/transactions/native') {
    return { status: 200, body: { code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('hex')}` }, signed };
  }
  if (request.method === 'POST' && request.path === '/v3/pay/transactions/jsapi') {
    return { status: 200, body: { prepay_id: 'wx201410272009395522657a690389285100' }, signed };
  }
  const query = /^\/v3\/pay\/transactions\/out-trade-no\/(\d+)\?mchid=(\d+)$/.exec(request.path);
  const known = query ? gateway.transactions.get(query[1] as string) : undefined;
  if (query && query[2] === MCHID && known) {
    return {
      status: 200,
      body: {
        appid: APPID,
        mchid: MCHID,
        out_trade_no: query[1],
        trade_state: known.trade_state,
        ...(known.trade_state === 'SUCCESS' ? { transaction_id: '4200000000202611230000000001' } : {}),
        amount: { total: known.total, currency: 'CNY' },
      },
      signed,
    };
  }
  return { status: 404, body: { code: 'ORDER_NOT_EXIST', message: '订单不存在' }, signed };
}

let standIn: StandIn<WechatPayRequest>;
beforeAll(async () => {
  standIn = await wechatPayStandIn({
    mchid: MCHID,
    merchantSerial: MERCHANT_SERIAL,
    merchantPublicKey: merchant.publicKey,
    platformPrivateKey: platform.privateKey,
    platformSerial: PLATFORM_KEY_ID,
    answer,
  });
});
afterAll(async () => {
  await standIn?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A payment callback as WeChat Pay builds it; another APIv3 key, signer or serial make the forgeries. */
const callback = (
  transaction: Record<string, unknown>,
  options: { key?: string; signer?: KeyObject; serial?: string } = {},
) =>
  wechatCallback(transaction, {
    apiV3Key: options.key ?? API_V3_KEY,
    platformPrivateKey: options.signer ?? platform.privateKey,
    platformSerial: options.serial ?? PLATFORM_KEY_ID,
  });

const paidTransaction = (orderId: number, total: number, transactionId = `42000${Date.now()}`) => ({
  mchid: MCHID,
  appid: APPID,
  out_trade_no: outTradeNo(orderId),
  transaction_id: transactionId,
  trade_type: 'NATIVE',
  trade_state: 'SUCCESS',
  trade_state_desc: '支付成功',
  bank_type: 'OTHERS',
  success_time: '2026-11-23T21:00:05+08:00',
  payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
  amount: { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' },
});

describe('WeChat Pay API v3 provider', () => {
  it('answers a JSAPI order with parameters signed by the merchant key (appId, timeStamp, nonceStr, package)', async () => {
    const pay = createWechatPayProvider(payConfig(standIn.url));
    const params = await pay.jsapiCheckout(
      { orderId: 42, amount: 100, subject: '试用套餐', returnPath: '/price', expiresAt: new Date(Date.now() + 60_000) },
      'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
    );
    const sent = standIn.received.at(-1);
    expect(sent?.body).toMatchObject({ payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' }, out_trade_no: '000042' });
    expect(params).toMatchObject({ appId: APPID, package: 'prepay_id=wx201410272009395522657a690389285100' });
    const message = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    expect(createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, params.paySign, 'base64')).toBe(true);
  });

  it('queries an order by out_trade_no: paid once WeChat says SUCCESS, nothing while NOTPAY', async () => {
    const pay = createWechatPayProvider(payConfig(standIn.url));
    gateway.transactions.set('000777', { trade_state: 'NOTPAY', total: 100 });
    expect(await pay.queryOrder(777)).toBeNull();
    gateway.transactions.set('000777', { trade_state: 'SUCCESS', total: 100 });
    expect(await pay.queryOrder(777)).toEqual({
      orderId: 777,
      tradeNo: '4200000000202611230000000001',
      status: 'paid',
      amount: 100,
    });
    expect(standIn.received.at(-1)?.path).toBe(`/v3/pay/transactions/out-trade-no/000777?mchid=${MCHID}`);
  });

  it('refuses a callback signed by another key, for another serial, stale, or sealed with another APIv3 key', () => {
    const pay = createWechatPayProvider(payConfig(standIn.url));
    const tx = paidTransaction(5, 100);
    expect(pay.verifyNotification(callback(tx).headers, callback(tx).body)).toBeNull(); // headers of another body
    const good = callback(tx);
    expect(pay.verifyNotification(good.headers, good.body)).toMatchObject({ orderId: 5, status: 'paid', amount: 100 });
    const forged = callback(tx, { signer: rsa().privateKey });
    expect(pay.verifyNotification(forged.headers, forged.body)).toBeNull();
    const otherSerial = callback(tx, { serial: 'PUB_KEY_ID_SOMEONE_ELSE' });
    expect(pay.verifyNotification(otherSerial.headers, otherSerial.body)).toBeNull();
    const stale = { ...good.headers, 'wechatpay-timestamp': String(Math.floor(Date.now() / 1000) - 600) };
    expect(pay.verifyNotification(stale, good.body)).toBeNull();
    const wrongKey = callback(tx, { key: 'ZYXWVUTSRQPONMLKJIHGFEDCBA543210' });
    expect(pay.verifyNotification(wrongKey.headers, wrongKey.body)).toBeNull();
    const otherMerchant = callback({ ...tx, mchid: '1900000999' });
    expect(pay.verifyNotification(otherMerchant.headers, otherMerchant.body)).toBeNull();
  });

  it('reads a platform certificate’s serial, and accepts either key while WeChat Pay switches to its public key', () => {
    const keyFile = path.join(dir, 'platform_key.pem');
    const certFile = path.join(dir, 'wechatpay_cert.pem');
    const certificateKey = rsa();
    writeFileSync(keyFile, certificateKey.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    execFileSync('openssl', [
      'req',
      '-x509',
      '-key',
      keyFile,
      '-subj',
      '/CN=Tenpay.com Root CA',
      '-days',
      '1',
      '-set_serial',
      '0x3D5F8A8B9C0D1E2F',
      '-out',
      certFile,
    ]);
    const config = payConfig(standIn.url);
    const keys = loadWechatPayKeys({ ...config, platformKeyPath: certFile, platformSerial: '' });
    expect([...keys.platformKeys.keys()]).toEqual(['3D5F8A8B9C0D1E2F']);
    const body = '{"ok":true}';
    const byCertificate = wechatSignedHeaders(certificateKey.privateKey, '3D5F8A8B9C0D1E2F', body);
    expect(verifyWechatSignature(keys, byCertificate, body)).toBe(true);
    // The public key is not trusted until it is configured beside the certificate.
    const byPublicKey = wechatSignedHeaders(platform.privateKey, PLATFORM_KEY_ID, body);
    expect(verifyWechatSignature(keys, byPublicKey, body)).toBe(false);
    const both = loadWechatPayKeys({
      ...config,
      platformKeyPath: `${certFile},${config.platformKeyPath}`,
      platformSerial: `,${PLATFORM_KEY_ID}`,
    });
    expect(verifyWechatSignature(both, byCertificate, body)).toBe(true);
    expect(verifyWechatSignature(both, byPublicKey, body)).toBe(true);
    // A key answers for its own serial only.
    const swapped = wechatSignedHeaders(platform.privateKey, '3D5F8A8B9C0D1E2F', body);
    expect(verifyWechatSignature(both, swapped, body)).toBe(false);
  });
});

describe.each(engines)('buying a package with WeChat Pay Native on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(engine, { payProvider: 'wechat', wechatPay: payConfig(standIn.url) });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function buyer() {
    const agent = await createAgent(t.ctx);
    return sessionFor(t.ctx, agent.id);
  }
  const notify = (message: { body: string; headers: Record<string, string> }) =>
    call(t.app, 'POST', '/pay/notify/wechat', {
      body: message.body,
      headers: { ...message.headers, 'content-type': 'application/json' },
    });
  const orderRow = (id: number) =>
    t.ctx.db.selectFrom('packageOrders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('places a Native order and answers its code_url; the callback pays it once, a replay changes nothing', async () => {
    const token = await buyer();
    const created = await call(t.app, 'POST', '/agent/order', {
      token,
      body: { packageId: 100001, promotionCode: '' },
    });
    expect(created.status, created.text).toBe(200);
    const order = created.body as { orderId: number; amount: number; url: string };
    expect(order.url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    const sent = standIn.received.at(-1);
    expect(sent?.path).toBe('/v3/pay/transactions/native');
    expect(sent?.body).toMatchObject({
      appid: APPID,
      mchid: MCHID,
      out_trade_no: outTradeNo(order.orderId),
      notify_url: 'https://console.example.com/api/pay/notify/wechat',
      amount: { total: order.amount, currency: 'CNY' },
    });
    expect(String(sent?.body?.time_expire)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/);

    // A forged callback (signed by someone else) is refused and changes nothing.
    const forged = callback(paidTransaction(order.orderId, order.amount), { signer: rsa().privateKey });
    expectError(await notify(forged), 401, PRICE_ERRORS.invalidSignature, { code: ERROR_CODES.unauthorized });
    expect((await orderRow(order.orderId)).status).toBe('init');

    const genuine = callback(paidTransaction(order.orderId, order.amount, '4200000000202611230000000777'));
    const first = await notify(genuine);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ code: 'SUCCESS', outcome: 'credited' });
    const paid = await orderRow(order.orderId);
    expect(paid).toMatchObject({ status: 'paid', tradeNo: '4200000000202611230000000777' });
    const status = await call(t.app, 'GET', `/agent/order/status?orderId=${order.orderId}`, { token });
    expect(status.body.status).toBe('paid');

    // WeChat Pay repeats a callback until it is acknowledged: the same one again, even freshly signed, is a replay.
    expect((await notify(genuine)).body).toEqual({ code: 'SUCCESS', outcome: 'replayed' });
    const again = callback(paidTransaction(order.orderId, order.amount, '4200000000202611230000000777'));
    expect((await notify(again)).body).toEqual({ code: 'SUCCESS', outcome: 'replayed' });
    expect(await orderRow(order.orderId)).toEqual(paid);
    const recorded = await t.ctx.db
      .selectFrom('payNotifications')
      .selectAll()
      .where('orderId', '=', order.orderId)
      .execute();
    expect(recorded).toHaveLength(1);
  });

  it('asks WeChat Pay about an order whose notification has not come, at most every 10 s while it is polled', async () => {
    const token = await buyer();
    const order = (await call(t.app, 'POST', '/agent/order', { token, body: { packageId: 100001, promotionCode: '' } }))
      .body as { orderId: number; amount: number };
    // The stand-in serves both databases' apps, whose order numbers coincide: count this test's queries only.
    const before = standIn.received.length;
    const queries = () =>
      standIn.received.slice(before).filter((r) => r.path.includes(`/out-trade-no/${outTradeNo(order.orderId)}`));
    const poll = async () =>
      (await call(t.app, 'GET', `/agent/order/status?orderId=${order.orderId}`, { token })).body.status;
    gateway.transactions.set(outTradeNo(order.orderId), { trade_state: 'NOTPAY', total: order.amount });
    expect(await poll()).toBe('init');
    expect(queries()).toHaveLength(1);
    // Paid now, but the console's next polls within the interval do not ask again.
    gateway.transactions.set(outTradeNo(order.orderId), { trade_state: 'SUCCESS', total: order.amount });
    expect(await poll()).toBe('init');
    expect(queries()).toHaveLength(1);
    // At the order's time the gateway is asked before it is failed: a payment of its last seconds is credited.
    await t.ctx.db
      .updateTable('packageOrders')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', order.orderId)
      .execute();
    expect(await poll()).toBe('paid');
    expect(queries()).toHaveLength(2);
    expect((await orderRow(order.orderId)).tradeNo).toBe('4200000000202611230000000001');
    // The notification coming late afterwards is a replay of the same payment.
    const late = callback(paidTransaction(order.orderId, order.amount, '4200000000202611230000000001'));
    expect((await notify(late)).body).toEqual({ code: 'SUCCESS', outcome: 'replayed' });
  });

  it('answers 503 PAY_UNAVAILABLE and fails the order when the gateway’s answer is not signed by WeChat Pay', async () => {
    const token = await buyer();
    gateway.signed = false;
    try {
      const refused = await call(t.app, 'POST', '/agent/order', {
        token,
        body: { packageId: 100001, promotionCode: '' },
      });
      expect(refused.status).toBe(503);
      expect(refused.body.code).toBe(ERROR_CODES.payUnavailable);
    } finally {
      gateway.signed = true;
    }
    const last = await t.ctx.db
      .selectFrom('packageOrders')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(last.status).toBe('failed');
  });

  it('has no sandbox pay page and no sandbox notify while WeChat Pay is the provider', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/pay/checkout?t=x' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/pay/checkout', payload: {} })).statusCode).toBe(404);
    const sandboxNotify = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/pay/notify/sandbox`,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(sandboxNotify.statusCode).toBe(404);
  });
});
