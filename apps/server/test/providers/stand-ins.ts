import {
  createCipheriv,
  createHash,
  createHmac,
  createSign,
  createVerify,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Local stand-ins for the vendors' APIs. Each checks a request the way its vendor documents it and refuses one that
// does not hold, so a provider passes only when it signs and shapes its calls as the real gateway requires.

export interface StandIn<T> {
  url: string;
  port: number;
  /** What the stand-in accepted, in order. */
  received: T[];
  /** Why it refused requests, in order. */
  refusals: string[];
  close(): Promise<void>;
}

async function listen(
  handler: (request: IncomingMessage, body: string, response: ServerResponse) => void,
): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handler(request, Buffer.concat(chunks).toString('utf8'), response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

const sha256Hex = (data: string) => createHash('sha256').update(data).digest('hex');
const headerValue = (request: IncomingMessage, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
};

// ---------------------------------------------------------------------------------------------------------------
// Aliyun SMS: SendSms (RPC style, version 2017-05-25), V3 request signature ACS3-HMAC-SHA256.

export interface AliyunSendSms {
  PhoneNumbers: string;
  SignName: string;
  TemplateCode: string;
  TemplateParam: string;
}

/** RFC 3986 encoding as Aliyun's V3 signature documents it for the canonical query string. */
const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Recomputes the ACS3-HMAC-SHA256 signature of a request; an error names what does not hold. */
export function checkAcs3Signature(
  request: IncomingMessage,
  body: string,
  keys: Record<string, string>,
): string | null {
  const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
    headerValue(request, 'authorization'),
  );
  if (!match) return 'Authorization is not ACS3-HMAC-SHA256';
  const [, accessKeyId, signedHeaderList, signature] = match as unknown as [string, string, string, string];
  const secret = keys[accessKeyId];
  if (!secret) return 'InvalidAccessKeyId.NotFound';
  const signedHeaders = signedHeaderList.split(';');
  const required = Object.keys(request.headers).filter((name) => name.startsWith('x-acs-') || name === 'host');
  if (required.some((name) => !signedHeaders.includes(name))) return 'a host or x-acs-* header is not signed';
  if (headerValue(request, 'x-acs-content-sha256') !== sha256Hex(body)) return 'x-acs-content-sha256 mismatch';
  const date = Date.parse(headerValue(request, 'x-acs-date'));
  if (!Number.isFinite(date) || Math.abs(Date.now() - date) > 15 * 60_000) return 'x-acs-date missing or stale';
  if (!headerValue(request, 'x-acs-signature-nonce')) return 'x-acs-signature-nonce missing';
  const url = new URL(request.url ?? '/', 'http://stand-in');
  const query = [...url.searchParams.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${rfc3986(key)}=${rfc3986(value)}`)
    .join('&');
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${headerValue(request, name).trim()}\n`).join('');
  const canonicalRequest = [
    request.method,
    url.pathname,
    query,
    canonicalHeaders,
    signedHeaders.join(';'),
    sha256Hex(body),
  ].join('\n');
  const stringToSign = `ACS3-HMAC-SHA256\n${sha256Hex(canonicalRequest)}`;
  const expected = createHmac('sha256', secret).update(stringToSign).digest('hex');
  return expected === signature ? null : 'SignatureDoesNotMatch';
}

/**
 * `answer` decides the business result of each accepted SendSms: 'OK', or a refusal code such as
 * isv.BUSINESS_LIMIT_CONTROL (answered with HTTP 200, as Aliyun does for business refusals).
 */
export async function aliyunSmsStandIn(
  keys: Record<string, string>,
  answer: (message: AliyunSendSms) => string = () => 'OK',
): Promise<StandIn<AliyunSendSms>> {
  const received: AliyunSendSms[] = [];
  const refusals: string[] = [];
  const { server, port } = await listen((request, body, response) => {
    const send = (status: number, payload: object) =>
      response.writeHead(status, { 'content-type': 'application/json;charset=utf-8' }).end(JSON.stringify(payload));
    const requestId = randomBytes(8).toString('hex');
    const refused = checkAcs3Signature(request, body, keys);
    if (refused) {
      refusals.push(refused);
      return send(400, { Code: 'SignatureDoesNotMatch', Message: refused, RequestId: requestId });
    }
    const query = new URL(request.url ?? '/', 'http://stand-in').searchParams;
    if (headerValue(request, 'x-acs-action') !== 'SendSms' || headerValue(request, 'x-acs-version') !== '2017-05-25') {
      refusals.push('not SendSms 2017-05-25');
      return send(400, { Code: 'InvalidAction.NotFound', Message: 'unknown action', RequestId: requestId });
    }
    const missing = ['PhoneNumbers', 'SignName', 'TemplateCode', 'TemplateParam'].filter((name) => !query.get(name));
    if (missing.length > 0) {
      refusals.push(`missing ${missing.join(',')}`);
      return send(400, { Code: 'MissingParameter', Message: missing.join(','), RequestId: requestId });
    }
    const message = Object.fromEntries(
      ['PhoneNumbers', 'SignName', 'TemplateCode', 'TemplateParam'].map((name) => [name, query.get(name) ?? '']),
    ) as unknown as AliyunSendSms;
    received.push(message);
    const code = answer(message);
    return send(200, {
      Code: code,
      Message: code === 'OK' ? 'OK' : `refused: ${code}`,
      RequestId: requestId,
      ...(code === 'OK' ? { BizId: `${Date.now()}^0` } : {}),
    });
  });
  return { url: `http://127.0.0.1:${port}`, port, received, refusals, close: () => closeServer(server) };
}

// ---------------------------------------------------------------------------------------------------------------
// Tencent Cloud SMS: SendSms (version 2021-01-11), signature TC3-HMAC-SHA256.

export interface TencentSendSms {
  PhoneNumberSet: string[];
  SmsSdkAppId: string;
  SignName: string;
  TemplateId: string;
  TemplateParamSet: string[];
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** Recomputes the TC3-HMAC-SHA256 signature of a request from the secret; an error names what does not hold. */
export function checkTc3Signature(request: IncomingMessage, body: string, keys: Record<string, string>): string | null {
  const match =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      headerValue(request, 'authorization'),
    );
  if (!match) return 'Authorization is not TC3-HMAC-SHA256';
  const [, secretId, date, service, signedHeaderList, signature] = match as unknown as string[];
  const secretKey = keys[secretId as string];
  if (!secretKey) return 'AuthFailure.SecretIdNotFound';
  if (service !== 'sms') return `credential scope names service ${service}`;
  const timestamp = Number(headerValue(request, 'x-tc-timestamp'));
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return 'X-TC-Timestamp stale';
  if (new Date(timestamp * 1000).toISOString().slice(0, 10) !== date) return 'credential date is not the timestamp';
  const signedHeaders = (signedHeaderList as string).split(';');
  if (!signedHeaders.includes('host') || !signedHeaders.includes('content-type')) return 'host/content-type unsigned';
  const canonicalHeaders = signedHeaders
    .map((name) => {
      // The Host header carries the stand-in's port; the name signed is the vendor's host name.
      const value = name === 'host' ? headerValue(request, 'host').replace(/:\d+$/, '') : headerValue(request, name);
      return `${name}:${value.trim().toLowerCase()}\n`;
    })
    .join('');
  const url = new URL(request.url ?? '/', 'http://stand-in');
  const canonicalRequest = [
    request.method,
    url.pathname,
    url.search.slice(1),
    canonicalHeaders,
    signedHeaders.join(';'),
    sha256Hex(body),
  ].join('\n');
  const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/${service}/tc3_request\n${sha256Hex(canonicalRequest)}`;
  const secretSigning = hmac(hmac(hmac(`TC3${secretKey}`, date as string), service as string), 'tc3_request');
  const expected = createHmac('sha256', secretSigning).update(stringToSign).digest('hex');
  return expected === signature ? null : 'AuthFailure.SignatureFailure';
}

/** `answer` decides each accepted message's status Code: 'Ok', or LimitExceeded.PhoneNumberDailyLimit and so on. */
export async function tencentSmsStandIn(
  keys: Record<string, string>,
  answer: (message: TencentSendSms) => string = () => 'Ok',
): Promise<StandIn<TencentSendSms>> {
  const received: TencentSendSms[] = [];
  const refusals: string[] = [];
  const { server, port } = await listen((request, body, response) => {
    const requestId = randomBytes(8).toString('hex');
    const send = (payload: object) =>
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ Response: { ...payload, RequestId: requestId } }));
    const refused = checkTc3Signature(request, body, keys);
    if (refused) {
      refusals.push(refused);
      return send({ Error: { Code: refused.startsWith('AuthFailure') ? refused : 'AuthFailure', Message: refused } });
    }
    if (headerValue(request, 'x-tc-action') !== 'SendSms' || headerValue(request, 'x-tc-version') !== '2021-01-11') {
      refusals.push('not SendSms 2021-01-11');
      return send({ Error: { Code: 'InvalidAction', Message: 'unknown action' } });
    }
    const message = JSON.parse(body) as TencentSendSms;
    const missing = ['PhoneNumberSet', 'SmsSdkAppId', 'SignName', 'TemplateId', 'TemplateParamSet'].filter(
      (name) => !(message as unknown as Record<string, unknown>)[name],
    );
    if (missing.length > 0) {
      refusals.push(`missing ${missing.join(',')}`);
      return send({ Error: { Code: 'MissingParameter', Message: missing.join(',') } });
    }
    received.push(message);
    const code = answer(message);
    return send({
      SendStatusSet: message.PhoneNumberSet.map((phone) => ({
        SerialNo: randomBytes(6).toString('hex'),
        PhoneNumber: phone,
        Fee: code === 'Ok' ? 1 : 0,
        Code: code,
        Message: code === 'Ok' ? 'send success' : code,
        IsoCode: 'CN',
      })),
    });
  });
  return { url: `http://127.0.0.1:${port}`, port, received, refusals, close: () => closeServer(server) };
}

// ---------------------------------------------------------------------------------------------------------------
// WeChat Pay API v3.

export interface WechatPayRequest {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

export interface WechatPayStandInOptions {
  mchid: string;
  merchantSerial: string;
  merchantPublicKey: KeyObject;
  platformPrivateKey: KeyObject;
  platformSerial: string;
  /** The answer to an accepted request: status and body; `signed: false` leaves off WeChat Pay's signature. */
  answer: (request: WechatPayRequest) => { status: number; body: object; signed?: boolean };
}

/** Signs a message body the way WeChat Pay signs its answers and callbacks. */
export function wechatSignedHeaders(platformPrivateKey: KeyObject, platformSerial: string, body: string) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(platformPrivateKey);
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signature.toString('base64'),
    'wechatpay-serial': platformSerial,
  };
}

/** Checks the WECHATPAY2-SHA256-RSA2048 Authorization of a request with the merchant's public key. */
export function checkWechatAuthorization(
  request: IncomingMessage,
  body: string,
  options: Pick<WechatPayStandInOptions, 'mchid' | 'merchantSerial' | 'merchantPublicKey'>,
): string | null {
  const authorization = headerValue(request, 'authorization');
  if (!authorization.startsWith('WECHATPAY2-SHA256-RSA2048 ')) return 'not WECHATPAY2-SHA256-RSA2048';
  const params = Object.fromEntries(
    [...authorization.slice(26).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1] as string, m[2] as string]),
  );
  for (const name of ['mchid', 'nonce_str', 'timestamp', 'serial_no', 'signature']) {
    if (!params[name]) return `Authorization lacks ${name}`;
  }
  if (params.mchid !== options.mchid) return 'mchid mismatch';
  if (params.serial_no !== options.merchantSerial) return 'serial_no is not the merchant certificate';
  if (Math.abs(Date.now() / 1000 - Number(params.timestamp)) > 300) return 'timestamp stale';
  if (headerValue(request, 'accept') !== 'application/json') return 'Accept is not application/json';
  if (!headerValue(request, 'user-agent')) return 'no User-Agent';
  const message = `${request.method}\n${request.url}\n${params.timestamp}\n${params.nonce_str}\n${body}\n`;
  const valid = createVerify('RSA-SHA256')
    .update(message)
    .verify(options.merchantPublicKey, params.signature as string, 'base64');
  return valid ? null : 'SIGN_ERROR';
}

export async function wechatPayStandIn(options: WechatPayStandInOptions): Promise<StandIn<WechatPayRequest>> {
  const received: WechatPayRequest[] = [];
  const refusals: string[] = [];
  const { server, port } = await listen((request, body, response) => {
    const reply = (status: number, payload: object, signed = true) => {
      const text = JSON.stringify(payload);
      response
        .writeHead(status, {
          'content-type': 'application/json',
          ...(signed ? wechatSignedHeaders(options.platformPrivateKey, options.platformSerial, text) : {}),
        })
        .end(text);
    };
    const refused = checkWechatAuthorization(request, body, options);
    if (refused) {
      refusals.push(refused);
      return reply(401, { code: 'SIGN_ERROR', message: refused });
    }
    const call = {
      method: request.method ?? '',
      path: request.url ?? '',
      body: body ? (JSON.parse(body) as Record<string, unknown>) : null,
    };
    received.push(call);
    const answer = options.answer(call);
    return reply(answer.status, answer.body, answer.signed ?? true);
  });
  return { url: `http://127.0.0.1:${port}`, port, received, refusals, close: () => closeServer(server) };
}

/**
 * A payment callback exactly as WeChat Pay builds one: the transaction sealed with AEAD_AES_256_GCM under the APIv3
 * key (associated_data "transaction", a 12-character nonce, the tag after the ciphertext), then the body signed.
 */
export function wechatCallback(
  transaction: Record<string, unknown>,
  options: { apiV3Key: string; platformPrivateKey: KeyObject; platformSerial: string },
): { body: string; headers: Record<string, string> } {
  const nonce = randomBytes(6).toString('hex');
  const associatedData = 'transaction';
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(options.apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associatedData));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(transaction)), cipher.final(), cipher.getAuthTag()]);
  const body = JSON.stringify({
    id: `EV-${randomBytes(8).toString('hex')}`,
    create_time: '2026-11-23T21:00:00+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: sealed.toString('base64'),
      associated_data: associatedData,
      nonce,
    },
  });
  return { body, headers: wechatSignedHeaders(options.platformPrivateKey, options.platformSerial, body) };
}

// ---------------------------------------------------------------------------------------------------------------
// WeChat official account API: cgi-bin/token (client_credential) and cgi-bin/ticket/getticket (type=jsapi).

export interface WechatApiCall {
  path: '/cgi-bin/token' | '/cgi-bin/ticket/getticket';
  appid: string;
}

export interface WechatApiStandIn extends StandIn<WechatApiCall> {
  /** The app's access tokens handed out so far stop working (getticket answers 42001), as when WeChat expires them. */
  expireTokens(appid: string): void;
  /** The ticket each app gets now (a new one after each refresh). */
  ticketOf(appid: string): string | undefined;
}

export interface WechatApiStandInOptions {
  /** The official accounts: app id to secret. */
  apps: Record<string, string>;
  /** Seconds an app's tickets are said to live (WeChat: 7200). */
  ticketExpiresIn?: (appid: string) => number;
  /** Waits this long before answering, so that concurrent callers overlap. */
  delayMs?: number;
  /** Answers every call with this errcode instead (-1: system busy). */
  failWith?: () => { errcode: number; errmsg: string } | null;
}

/**
 * WeChat's token and ticket calls as documented: GET only, grant_type=client_credential with a known appid and its
 * secret (40002, 40013, 40125 otherwise), then type=jsapi with a token it handed out and that has not expired (40001,
 * 42001 otherwise). A refusal is HTTP 200 with errcode and errmsg, as WeChat answers.
 */
export async function wechatApiStandIn(options: WechatApiStandInOptions): Promise<WechatApiStandIn> {
  const received: WechatApiCall[] = [];
  const refusals: string[] = [];
  const tokens = new Map<string, { appid: string; expired: boolean }>();
  const tickets = new Map<string, string>();
  const { server, port } = await listen((request, _body, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const query = url.searchParams;
    const send = (payload: object) =>
      response.writeHead(200, { 'content-type': 'application/json; encoding=utf-8' }).end(JSON.stringify(payload));
    const refuse = (errcode: number, errmsg: string) => {
      refusals.push(`${url.pathname}: ${errcode}`);
      return send({ errcode, errmsg: `${errmsg} rid: ${randomBytes(4).toString('hex')}` });
    };
    const answer = () => {
      if (request.method !== 'GET') return refuse(43001, 'require GET method');
      const failure = options.failWith?.();
      if (failure) return refuse(failure.errcode, failure.errmsg);
      if (url.pathname === '/cgi-bin/token') {
        const appid = query.get('appid') ?? '';
        if (query.get('grant_type') !== 'client_credential') return refuse(40002, 'invalid grant_type');
        if (!(appid in options.apps)) return refuse(40013, 'invalid appid');
        if (query.get('secret') !== options.apps[appid]) return refuse(40125, 'invalid appsecret');
        received.push({ path: '/cgi-bin/token', appid });
        const token = randomBytes(24).toString('base64url');
        tokens.set(token, { appid, expired: false });
        return send({ access_token: token, expires_in: 7200 });
      }
      if (url.pathname === '/cgi-bin/ticket/getticket') {
        const token = tokens.get(query.get('access_token') ?? '');
        if (!token) return refuse(40001, 'invalid credential, access_token is invalid or not latest');
        if (token.expired) return refuse(42001, 'access_token expired');
        if (query.get('type') !== 'jsapi') return refuse(40097, 'invalid args');
        received.push({ path: '/cgi-bin/ticket/getticket', appid: token.appid });
        const ticket = `tk-${token.appid}-${randomBytes(12).toString('base64url')}`;
        tickets.set(token.appid, ticket);
        return send({ errcode: 0, errmsg: 'ok', ticket, expires_in: options.ticketExpiresIn?.(token.appid) ?? 7200 });
      }
      response.writeHead(404).end();
    };
    if (options.delayMs) setTimeout(answer, options.delayMs);
    else answer();
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    refusals,
    expireTokens(appid) {
      for (const token of tokens.values()) if (token.appid === appid) token.expired = true;
    },
    ticketOf: (appid) => tickets.get(appid),
    close: () => closeServer(server),
  };
}
