import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createJsapiTicketClient,
  jsapiSignature,
  jsapiSignatureBase,
  signJsapiConfig,
  WechatApiError,
} from '../../src/platform/wechat/jsapi-ticket.ts';
import { wechatApiStandIn } from './stand-ins.ts';

// The JS-SDK signature (公众号 JS-SDK 说明文档, 附录1) and the ticket client's behaviour at WeChat's edge: what it logs
// of a refusal, and how it gives up on a gateway that is away, slow or answers too much.

// The appendix's own example, in its two published versions (a bare address, then one with a query).
const DOC = {
  ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
  nonceStr: 'Wm3WZYTPz0wzccnW',
  timestamp: 1414587457,
};

describe('JS-SDK signature', () => {
  it('builds jsapi_ticket, noncestr, timestamp and url in that order, raw, and signs its SHA-1 as documented', () => {
    expect(jsapiSignatureBase({ ...DOC, url: 'http://mp.weixin.qq.com' })).toBe(
      `jsapi_ticket=${DOC.ticket}&noncestr=Wm3WZYTPz0wzccnW&timestamp=1414587457&url=http://mp.weixin.qq.com`,
    );
    expect(jsapiSignature({ ...DOC, url: 'http://mp.weixin.qq.com' })).toBe('f4d90daf4b3bca3078ab155816175ba34c443a7b');
    expect(jsapiSignature({ ...DOC, url: 'http://mp.weixin.qq.com?params=value' })).toBe(
      '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    );
  });

  it('leaves the #fragment out of the url and escapes nothing', () => {
    const url = 'https://live.example.com/watch/12?ditch=a%20b&from=timeline';
    expect(jsapiSignatureBase({ ...DOC, url: `${url}#chat?x=1` })).toBe(
      `jsapi_ticket=${DOC.ticket}&noncestr=${DOC.nonceStr}&timestamp=${DOC.timestamp}&url=${url}`,
    );
  });

  it('signs a page with a fresh 16-character nonce and the time in seconds', () => {
    const url = 'https://live.example.com/watch/12';
    const signed = signJsapiConfig('ticket-1', url, 1_700_000_000_999);
    expect(signed.timestamp).toBe(1_700_000_000);
    expect(signed.nonceStr).toMatch(/^[A-Za-z0-9]{16}$/);
    const string1 = `jsapi_ticket=ticket-1&noncestr=${signed.nonceStr}&timestamp=1700000000&url=${url}`;
    expect(signed.signature).toBe(createHash('sha1').update(string1).digest('hex'));
    expect(signJsapiConfig('ticket-1', url).nonceStr).not.toBe(signed.nonceStr);
  });
});

describe('jsapi ticket client', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  async function serve(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
    const server = createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const account = { appId: 'wx00000000000000b1', appSecret: 'theSecret00000000000001' };

  async function failure(promise: Promise<unknown>): Promise<WechatApiError> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(WechatApiError);
    return error as WechatApiError;
  }

  it('logs a refusal by the app id, the call and the errcode, never the secret or the token', async () => {
    let token = '';
    const apiBase = await serve((request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      if (url.pathname === '/cgi-bin/token') {
        token = `token-${Date.now()}`;
        return response.end(JSON.stringify({ access_token: token, expires_in: 7200 }));
      }
      // An errmsg that repeats what it was given, as an error page might.
      response.end(
        JSON.stringify({
          errcode: 40164,
          errmsg: `invalid ip 203.0.113.9, not in whitelist; access_token=${url.searchParams.get('access_token')}`,
        }),
      );
    });
    const lines: string[] = [];
    const client = createJsapiTicketClient({ apiBase, log: (line) => lines.push(line) });
    const error = await failure(client.ticket(account));
    expect(error.errcode).toBe(40164);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('wx00000000000000b1');
    expect(lines[0]).toContain('cgi-bin/ticket/getticket: errcode 40164');
    expect(lines[0]).not.toContain(token);
    expect(lines[0]).not.toContain(account.appSecret);
  });

  it('reports a wrong secret (40125) once, and asks WeChat again only after a pause', async () => {
    const wechat = await wechatApiStandIn({ apps: { [account.appId]: 'anotherSecret000000001' } });
    try {
      const lines: string[] = [];
      let now = 1_000_000;
      const client = createJsapiTicketClient({ apiBase: wechat.url, log: (line) => lines.push(line), now: () => now });
      expect((await failure(client.ticket(account))).errcode).toBe(40125);
      expect((await failure(client.ticket(account))).errcode).toBe(40125);
      expect(wechat.refusals).toEqual(['/cgi-bin/token: 40125']);
      expect(lines).toEqual([
        expect.stringMatching(/^\[wechat:jsapi\] wx00000000000000b1: cgi-bin\/token: errcode 40125/),
      ]);
      expect(lines.join('\n')).not.toContain(account.appSecret);
      now += 61_000;
      await failure(client.ticket(account));
      expect(wechat.refusals).toHaveLength(2);
    } finally {
      await wechat.close();
    }
  });

  it('refetches the ticket a little before it expires, with the token it still holds', async () => {
    // Tickets said to live 3600 s here, tokens 7200 s.
    const wechat = await wechatApiStandIn({
      apps: { [account.appId]: account.appSecret },
      ticketExpiresIn: () => 3600,
    });
    try {
      let now = 5_000_000;
      const client = createJsapiTicketClient({ apiBase: wechat.url, log: () => {}, now: () => now });
      const first = await client.ticket(account);
      now += 3_200_000;
      expect(await client.ticket(account)).toBe(first);
      now += 200_000; // 3400 s: within the ticket's last 5 minutes
      const second = await client.ticket(account);
      expect(second).not.toBe(first);
      expect(wechat.received.map((c) => c.path)).toEqual([
        '/cgi-bin/token',
        '/cgi-bin/ticket/getticket',
        '/cgi-bin/ticket/getticket',
      ]);
      now += 3_600_000; // 7000 s: the token's last 5 minutes too
      expect(await client.ticket(account)).not.toBe(second);
      expect(wechat.received.map((c) => c.path).slice(3)).toEqual(['/cgi-bin/token', '/cgi-bin/ticket/getticket']);
    } finally {
      await wechat.close();
    }
  });

  it('gives up on a gateway that is away, silent past the deadline, or answers too much', async () => {
    const closed = await serve(() => {});
    servers[0]?.close();
    servers.splice(0);
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    const away = await failure(createJsapiTicketClient({ apiBase: closed, log }).ticket(account));
    expect(away.errcode).toBeNull();
    expect(away.message).toMatch(/^\/cgi-bin\/token: unreachable/);

    const silent = await serve(() => {});
    const started = Date.now();
    const slow = await failure(createJsapiTicketClient({ apiBase: silent, log, timeoutMs: 200 }).ticket(account));
    expect(slow.message).toMatch(/unreachable \(TimeoutError\)/);
    expect(Date.now() - started).toBeLessThan(5_000);

    const flood = await serve((_request, response) => {
      response.write(`{"access_token":"${'a'.repeat(64 * 1024)}`);
      response.end('","expires_in":7200}');
    });
    const large = await failure(createJsapiTicketClient({ apiBase: flood, log }).ticket(account));
    expect(large.message).toBe('/cgi-bin/token: answer too large');
    expect(lines.join('\n')).not.toContain(account.appSecret);
  });
});
