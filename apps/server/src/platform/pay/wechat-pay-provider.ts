import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  type KeyObject,
  randomBytes,
  X509Certificate,
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { WechatPayConfig } from '../provider-config.ts';
import { type PayCheckout, PayGatewayError, type PayNotification, type PayProvider } from './pay-provider.ts';

// WeChat Pay API v3 (微信支付 APIv3), done with node:crypto exactly as WeChat documents it:
// - every request carries `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",timestamp="…",
//   serial_no="…",signature="…"`, the signature being SHA256withRSA (PKCS#1 v1.5) with the merchant's private key over
//   "METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n" (URL: the path with its query);
// - every answer and every callback is signed by WeChat Pay: Wechatpay-Timestamp, Wechatpay-Nonce,
//   Wechatpay-Signature (base64) and Wechatpay-Serial (which platform certificate or public key) over
//   "TIMESTAMP\nNONCE\nBODY\n", checked with the platform certificate's or platform public key's key;
// - a callback's resource is AEAD_AES_256_GCM encrypted with the APIv3 key: ciphertext (base64, the 16-byte tag at
//   its end), nonce (12 bytes) and associated_data.

const SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
const TIMEOUT_MS = 10_000;
/** WeChat advises refusing a signed message whose timestamp is more than five minutes away (replays). */
const MAX_CLOCK_SKEW_SECONDS = 300;

export interface WechatPayKeys {
  merchantKey: KeyObject;
  /** WeChat Pay's keys by serial (certificate serial or PUB_KEY_ID_…): during a switch it signs with either. */
  platformKeys: Map<string, KeyObject>;
  /** The serial requests name in Wechatpay-Serial: the first configured. */
  platformSerial: string;
}

/**
 * Reads the merchant private key and the platform certificates or public keys the configuration names: one, or
 * several separated by commas while WeChat Pay moves from one to another (WECHAT_PAY_PLATFORM_SERIAL then lists their
 * serials in the same order, an entry left empty for a certificate, whose serial it carries).
 */
export function loadWechatPayKeys(config: WechatPayConfig): WechatPayKeys {
  const merchantKey = createPrivateKey(readFileSync(config.privateKeyPath));
  const paths = config.platformKeyPath.split(',').map((entry) => entry.trim());
  const serials = config.platformSerial.split(',').map((entry) => entry.trim());
  const platformKeys = new Map<string, KeyObject>();
  for (const [index, file] of paths.entries()) {
    const pem = readFileSync(file, 'utf8');
    if (pem.includes('BEGIN CERTIFICATE')) {
      const certificate = new X509Certificate(pem);
      platformKeys.set(serials[index] || certificate.serialNumber.toUpperCase(), certificate.publicKey);
      continue;
    }
    const serial = serials[index];
    if (!serial) {
      throw new Error(`WECHAT_PAY_PLATFORM_SERIAL is required for the platform public key ${file} (its PUB_KEY_ID_…)`);
    }
    platformKeys.set(serial, createPublicKey(pem));
  }
  return { merchantKey, platformKeys, platformSerial: [...platformKeys.keys()][0] as string };
}

const nonce = () => randomBytes(16).toString('hex').toUpperCase();

/** The Authorization header of one request (documented: 签名生成). */
export function authorizationHeader(
  config: Pick<WechatPayConfig, 'mchid' | 'serialNo'>,
  merchantKey: KeyObject,
  method: string,
  urlPath: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
  nonceStr = nonce(),
): string {
  const message = `${method}\n${urlPath}\n${timestamp}\n${nonceStr}\n${body}\n`;
  const signature = createSign('RSA-SHA256').update(message).sign(merchantKey, 'base64');
  return `${SCHEMA} mchid="${config.mchid}",nonce_str="${nonceStr}",signature="${signature}",timestamp="${timestamp}",serial_no="${config.serialNo}"`;
}

type MessageHeaders = Record<string, string | string[] | undefined> | HeaderGetter;
type HeaderGetter = { get(name: string): string | null };

function header(headers: MessageHeaders, name: string): string | undefined {
  if (typeof (headers as HeaderGetter).get === 'function') return (headers as HeaderGetter).get(name) ?? undefined;
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** Checks WeChat Pay's signature on an answer or a callback (documented: 验证签名). */
export function verifyWechatSignature(
  keys: WechatPayKeys,
  headers: MessageHeaders,
  body: string,
  now = Date.now(),
): boolean {
  const timestamp = header(headers, 'wechatpay-timestamp');
  const nonceStr = header(headers, 'wechatpay-nonce');
  const signature = header(headers, 'wechatpay-signature');
  const serial = header(headers, 'wechatpay-serial');
  if (!timestamp || !nonceStr || !signature || !serial) return false;
  const platformKey = keys.platformKeys.get(serial);
  if (!platformKey) return false;
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > MAX_CLOCK_SKEW_SECONDS) return false;
  try {
    return createVerify('RSA-SHA256')
      .update(`${timestamp}\n${nonceStr}\n${body}\n`)
      .verify(platformKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** AEAD_AES_256_GCM decryption of a callback resource with the APIv3 key (documented: 证书和回调报文解密). */
export function decryptResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string | undefined },
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

const callbackBody = z.object({
  id: z.string(),
  event_type: z.string(),
  resource_type: z.literal('encrypt-resource'),
  resource: z.object({
    algorithm: z.literal('AEAD_AES_256_GCM'),
    ciphertext: z.string().max(100_000),
    nonce: z.string(),
    associated_data: z.string().optional(),
    original_type: z.string().optional(),
  }),
});

const transaction = z.object({
  appid: z.string(),
  mchid: z.string(),
  out_trade_no: z.string().regex(/^\d{1,10}$/),
  transaction_id: z.string().min(1).max(64).optional(),
  trade_state: z.string(),
  amount: z.object({ total: z.number().int() }).optional(),
});
type Transaction = z.infer<typeof transaction>;

/** The order number WeChat sees: its out_trade_no must be 6 to 32 characters. */
export const outTradeNo = (orderId: number) => String(orderId).padStart(6, '0');

/** Beijing time in the RFC 3339 form WeChat documents for time_expire (2018-06-08T10:34:56+08:00). */
export function rfc3339Beijing(date: Date): string {
  const shifted = new Date(date.getTime() + 8 * 3_600_000);
  return `${shifted.toISOString().slice(0, 19)}+08:00`;
}

/** A verified transaction as the order service understands it; states still open (NOTPAY, USERPAYING) are none. */
function toNotification(config: WechatPayConfig, tx: Transaction): PayNotification | null {
  if (tx.mchid !== config.mchid || tx.appid !== config.appid) return null;
  const paid = tx.trade_state === 'SUCCESS';
  const failed = tx.trade_state === 'CLOSED' || tx.trade_state === 'PAYERROR' || tx.trade_state === 'REVOKED';
  if (!paid && !failed) return null;
  // A closed order has no transaction id: its own number stands for it, once.
  const tradeNo = tx.transaction_id ?? `closed-${tx.out_trade_no}`;
  return { orderId: Number(tx.out_trade_no), tradeNo, status: paid ? 'paid' : 'failed', amount: tx.amount?.total ?? 0 };
}

/** What WeixinJSBridge's getBrandWCPayRequest takes to pay a JSAPI order inside WeChat (documented: JSAPI调起支付). */
export interface JsapiPayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

export interface WechatPayProvider extends PayProvider {
  /** A JSAPI order for a payer inside WeChat (its openid under this appid): the parameters its page pays with. */
  jsapiCheckout(checkout: PayCheckout, openid: string): Promise<JsapiPayParams>;
  /** The order as WeChat Pay knows it (查询订单 by out_trade_no): a settled state, or null while still open. */
  queryOrder(orderId: number): Promise<PayNotification | null>;
}

export function createWechatPayProvider(
  config: WechatPayConfig,
  keys: WechatPayKeys = loadWechatPayKeys(config),
): WechatPayProvider {
  const base = new URL(config.baseUrl);

  async function call(method: 'GET' | 'POST', urlPath: string, payload?: object): Promise<unknown> {
    const body = payload ? JSON.stringify(payload) : '';
    let response: Response;
    let text: string;
    try {
      response = await fetch(new URL(urlPath, base), {
        method,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'user-agent': 'yanbo-server',
          authorization: authorizationHeader(config, keys.merchantKey, method, urlPath, body),
          'wechatpay-serial': keys.platformSerial,
        },
        ...(payload ? { body } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      throw new PayGatewayError('NETWORK', error instanceof Error ? error.message : String(error));
    }
    if (!response.ok) {
      let code = `HTTP_${response.status}`;
      let message = '';
      try {
        const error = JSON.parse(text) as { code?: unknown; message?: unknown };
        if (typeof error.code === 'string') code = error.code;
        if (typeof error.message === 'string') message = error.message;
      } catch {
        // not JSON: the status says enough
      }
      throw new PayGatewayError(code, message);
    }
    // An answer that does not carry WeChat Pay's signature is not WeChat Pay's answer.
    if (!verifyWechatSignature(keys, response.headers, text)) {
      throw new PayGatewayError('SIGN_ERROR', 'the answer is not signed by the platform key');
    }
    try {
      return text ? JSON.parse(text) : {};
    } catch {
      throw new PayGatewayError('INVALID_ANSWER', 'not JSON');
    }
  }

  function orderBody(checkout: PayCheckout) {
    return {
      appid: config.appid,
      mchid: config.mchid,
      // description is at most 127 characters
      description: [...checkout.subject].slice(0, 127).join(''),
      out_trade_no: outTradeNo(checkout.orderId),
      time_expire: rfc3339Beijing(checkout.expiresAt),
      notify_url: config.notifyUrl,
      amount: { total: checkout.amount, currency: 'CNY' },
    };
  }

  return {
    name: 'wechat',
    async checkoutUrl(checkout) {
      const answer = z
        .object({ code_url: z.string().startsWith('weixin://') })
        .safeParse(await call('POST', '/v3/pay/transactions/native', orderBody(checkout)));
      if (!answer.success) throw new PayGatewayError('INVALID_ANSWER', 'no code_url');
      return answer.data.code_url;
    },
    async jsapiCheckout(checkout, openid) {
      const answer = z
        .object({ prepay_id: z.string().min(1) })
        .safeParse(await call('POST', '/v3/pay/transactions/jsapi', { ...orderBody(checkout), payer: { openid } }));
      if (!answer.success) throw new PayGatewayError('INVALID_ANSWER', 'no prepay_id');
      const timeStamp = String(Math.floor(Date.now() / 1000));
      const nonceStr = nonce();
      const pkg = `prepay_id=${answer.data.prepay_id}`;
      const paySign = createSign('RSA-SHA256')
        .update(`${config.appid}\n${timeStamp}\n${nonceStr}\n${pkg}\n`)
        .sign(keys.merchantKey, 'base64');
      return { appId: config.appid, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
    },
    async queryOrder(orderId) {
      const path = `/v3/pay/transactions/out-trade-no/${outTradeNo(orderId)}?mchid=${encodeURIComponent(config.mchid)}`;
      const answer = transaction.safeParse(await call('GET', path));
      if (!answer.success) throw new PayGatewayError('INVALID_ANSWER', 'not a transaction');
      return toNotification(config, answer.data);
    },
    verifyNotification(headers, rawBody) {
      if (!verifyWechatSignature(keys, headers, rawBody)) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        return null;
      }
      const body = callbackBody.safeParse(parsed);
      if (!body.success || !body.data.event_type.startsWith('TRANSACTION.')) return null;
      let resource: unknown;
      try {
        resource = JSON.parse(decryptResource(config.apiV3Key, body.data.resource));
      } catch {
        return null;
      }
      const tx = transaction.safeParse(resource);
      return tx.success ? toNotification(config, tx.data) : null;
    },
  };
}
