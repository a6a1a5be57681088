import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';

// The WeChat JS-SDK's server side (公众号 JS-SDK 说明文档, 附录1): a page inside WeChat's browser may set its own share
// card only after wx.config with a signature made from the official account's jsapi_ticket. The ticket comes from
// cgi-bin/ticket/getticket with an access_token from cgi-bin/token; both live 7200 s and both calls are limited per
// day, so each is cached and refreshed a little before it ends, and one fetch at a time runs per app.
//
// The cache is this process's memory: several processes each keep their own, so each fetches its own token and
// ticket. WeChat allows that within its daily quota (a new token leaves the previous one valid for five minutes, and
// a ticket stays valid until it expires), so processes do not undo each other.

const TIMEOUT_MS = 10_000;
/** WeChat's answers are a few hundred bytes; anything longer is not one of them. */
const ANSWER_MAX_BYTES = 16 * 1024;
/** After a refusal or an outage, the same app is not asked again before this: a wrong secret must not spend the quota. */
const FAILURE_PAUSE_MS = 60_000;
/** Apps kept at once (an agent's official account each); the least recently added gives way past it. */
const MAX_APPS = 10_000;
/** errcodes that say the access_token is invalid (40001, 40014) or expired (42001): get a new one and try once more. */
const TOKEN_REFUSED = new Set([40001, 40014, 42001]);

export interface OfficialAccount {
  appId: string;
  appSecret: string;
}

/** WeChat refused (errcode) or could not be reached (errcode null); the message names neither secret nor token. */
export class WechatApiError extends Error {
  readonly errcode: number | null;
  constructor(errcode: number | null, message: string) {
    super(message);
    this.errcode = errcode;
  }
}

export interface JsapiTicketClient {
  /** The app's jsapi_ticket: cached while fresh, else fetched (once for every caller waiting). Throws WechatApiError. */
  ticket(account: OfficialAccount): Promise<string>;
}

export interface JsapiTicketClientOptions {
  /** https://api.weixin.qq.com, or a stand-in's address in tests. */
  apiBase: string;
  /** Where a refusal is reported: the app id, the call and WeChat's errcode. */
  log: (line: string) => void;
  timeoutMs?: number;
  now?: () => number;
}

const tokenAnswer = z.object({ access_token: z.string().min(1).max(1024), expires_in: z.number().positive() });
const ticketAnswer = z.object({
  errcode: z.literal(0),
  ticket: z.string().min(1).max(1024),
  expires_in: z.number().positive(),
});
const refusal = z.object({ errcode: z.number().int(), errmsg: z.string().optional() });

interface Held {
  value: string;
  /** When to fetch again (ms since the epoch): a little before WeChat ends it. */
  renewAt: number;
}

interface AppEntry {
  token?: Held;
  ticket?: Held;
  pending?: Promise<string>;
  failure?: { error: WechatApiError; until: number };
}

/** A little before the end: 5 minutes of 7200 s, a tenth of a short life. */
const renewAt = (now: number, expiresInSeconds: number) =>
  now + Math.max(expiresInSeconds * 0.9, expiresInSeconds - 300) * 1000;

/** Reads at most `max` bytes of an answer; a longer one is refused, not buffered. */
async function boundedText(response: Response, max: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > max) throw new WechatApiError(null, 'answer too large');
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw new WechatApiError(null, 'answer too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function createJsapiTicketClient(options: JsapiTicketClientOptions): JsapiTicketClient {
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const now = options.now ?? Date.now;
  // Keyed by app id and a digest of its secret: an agent typing another's app id with a wrong secret gets neither the
  // other's ticket nor a way to make the right one be fetched again.
  const entries = new Map<string, AppEntry>();

  /** One GET to WeChat: its JSON answer, or WechatApiError naming the call, never the query (which holds secrets). */
  async function get(call: string, query: Record<string, string>): Promise<unknown> {
    const url = new URL(call, options.apiBase);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    } catch (error) {
      const cause = (error as { cause?: { code?: unknown } }).cause?.code;
      const name = (error as { name?: unknown }).name;
      throw new WechatApiError(null, `${call}: unreachable (${typeof cause === 'string' ? cause : String(name)})`);
    }
    try {
      if (!response.ok) throw new WechatApiError(null, `${call}: HTTP ${response.status}`);
      return JSON.parse(await boundedText(response, ANSWER_MAX_BYTES));
    } catch (error) {
      await response.body?.cancel().catch(() => {});
      if (error instanceof WechatApiError) throw new WechatApiError(null, `${call}: ${error.message}`);
      const name = (error as { name?: unknown }).name;
      throw new WechatApiError(
        null,
        `${call}: ${name === 'SyntaxError' ? 'not JSON' : `unreadable (${String(name)})`}`,
      );
    }
  }

  /** WeChat's refusal as an error: its errcode and errmsg, cut short, with the secret and token blotted out. */
  function refused(call: string, answer: unknown, secrets: string[]): WechatApiError {
    const parsed = refusal.safeParse(answer);
    if (!parsed.success) return new WechatApiError(null, `${call}: unexpected answer`);
    let message = (parsed.data.errmsg ?? '').slice(0, 200);
    for (const secret of secrets) if (secret) message = message.replaceAll(secret, '***');
    return new WechatApiError(parsed.data.errcode, `${call}: errcode ${parsed.data.errcode} ${message}`.trim());
  }

  async function accessToken(account: OfficialAccount, entry: AppEntry): Promise<string> {
    if (entry.token && entry.token.renewAt > now()) return entry.token.value;
    const answer = await get('/cgi-bin/token', {
      grant_type: 'client_credential',
      appid: account.appId,
      secret: account.appSecret,
    });
    const token = tokenAnswer.safeParse(answer);
    if (!token.success) throw refused('cgi-bin/token', answer, [account.appSecret]);
    entry.token = { value: token.data.access_token, renewAt: renewAt(now(), token.data.expires_in) };
    return token.data.access_token;
  }

  async function fetchTicket(account: OfficialAccount, entry: AppEntry): Promise<string> {
    const ask = async (token: string) => ({
      token,
      answer: await get('/cgi-bin/ticket/getticket', { access_token: token, type: 'jsapi' }),
    });
    let { token, answer } = await ask(await accessToken(account, entry));
    const code = refusal.safeParse(answer);
    if (code.success && TOKEN_REFUSED.has(code.data.errcode)) {
      // The token died before its time (another holder of the secret took a new one, or it was revoked): once more.
      entry.token = undefined;
      ({ token, answer } = await ask(await accessToken(account, entry)));
    }
    const ticket = ticketAnswer.safeParse(answer);
    if (!ticket.success) throw refused('cgi-bin/ticket/getticket', answer, [account.appSecret, token]);
    entry.ticket = { value: ticket.data.ticket, renewAt: renewAt(now(), ticket.data.expires_in) };
    return ticket.data.ticket;
  }

  function entryOf(account: OfficialAccount): AppEntry {
    const key = `${account.appId}:${createHash('sha256').update(account.appSecret).digest('base64url')}`;
    let entry = entries.get(key);
    if (!entry) {
      if (entries.size >= MAX_APPS) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entry = {};
      entries.set(key, entry);
    }
    return entry;
  }

  return {
    ticket(account) {
      const entry = entryOf(account);
      if (entry.ticket && entry.ticket.renewAt > now()) return Promise.resolve(entry.ticket.value);
      if (entry.pending) return entry.pending;
      if (entry.failure && entry.failure.until > now()) return Promise.reject(entry.failure.error);
      const pending = fetchTicket(account, entry).then(
        (ticket) => {
          entry.failure = undefined;
          return ticket;
        },
        (error: unknown) => {
          const failure =
            error instanceof WechatApiError ? error : new WechatApiError(null, 'jsapi ticket: unexpected failure');
          entry.failure = { error: failure, until: now() + FAILURE_PAUSE_MS };
          options.log(`[wechat:jsapi] ${account.appId}: ${failure.message}`);
          throw failure;
        },
      );
      entry.pending = pending;
      void pending.then(
        () => {
          entry.pending = undefined;
        },
        () => {
          entry.pending = undefined;
        },
      );
      return pending;
    },
  };
}

/** The string the JS-SDK signature is the SHA-1 of (附录1): keys in this order, raw values, the url without #…. */
export function jsapiSignatureBase(input: { ticket: string; nonceStr: string; timestamp: number; url: string }) {
  const hash = input.url.indexOf('#');
  const url = hash < 0 ? input.url : input.url.slice(0, hash);
  return `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${url}`;
}

export const jsapiSignature = (input: Parameters<typeof jsapiSignatureBase>[0]) =>
  createHash('sha1').update(jsapiSignatureBase(input)).digest('hex');

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** wx.config's signed part for a page: a fresh 16-character nonce and the time in seconds. */
export function signJsapiConfig(ticket: string, url: string, nowMs = Date.now()) {
  const nonceStr = Array.from(randomBytes(16), (byte) => NONCE_ALPHABET[byte % NONCE_ALPHABET.length]).join('');
  const timestamp = Math.floor(nowMs / 1000);
  return { timestamp, nonceStr, signature: jsapiSignature({ ticket, nonceStr, timestamp, url }) };
}
