import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hmac, randomToken } from '../crypto.ts';
import type { Db } from '../db/database.ts';
import type { WechatProvider } from './wechat-provider.ts';

const CODE_TTL_MS = 5 * 60_000;
const AUTHORIZE_PATH = '/sandbox/wechat/authorize';

/**
 * A stand-in for WeChat's OAuth that behaves like it: a simulated authorize page where the user consents, a one-time
 * code valid five minutes, and a stable openid per user (here: per nickname) for this application.
 */
export function createSandboxWechatProvider(db: Db): WechatProvider {
  return {
    name: 'sandbox',
    authorizeUrl(redirectUri, state) {
      const query = new URLSearchParams({
        redirect_uri: redirectUri,
        state,
        response_type: 'code',
        scope: 'snsapi_userinfo',
      });
      return `${AUTHORIZE_PATH}?${query}`;
    },
    async exchangeCode(code) {
      const row = await db
        .updateTable('sandboxWechatCodes')
        .set({ usedAt: new Date() })
        .where('code', '=', code)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', new Date())
        .returning(['openid', 'nickname', 'avatar'])
        .executeTakeFirst();
      return row ?? null;
    },
  };
}

const authorizeQuery = z.object({ redirect_uri: z.string().startsWith('/'), state: z.string().max(200).default('') });
const consentBody = authorizeQuery.extend({ nickname: z.string().trim().min(1).max(30) });

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** The simulated authorize page and its consent form. Only same-site return paths are accepted. */
export function registerSandboxWechatPages(app: FastifyInstance, db: Db, secretKey: string) {
  app.get(AUTHORIZE_PATH, { config: { auth: false }, schema: { hide: true } }, async (request, reply) => {
    const query = authorizeQuery.safeParse(request.query);
    if (!query.success) return reply.status(400).type('text/plain; charset=utf-8').send('invalid redirect_uri');
    const { redirect_uri, state } = query.data;
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>微信授权（沙箱）</title>
<style>body{font-family:system-ui,sans-serif;background:#ededed;margin:0;display:flex;justify-content:center}
main{background:#fff;margin-top:10vh;padding:32px;border-radius:8px;width:320px;text-align:center}
h1{font-size:18px}p{color:#666;font-size:14px}input{width:100%;box-sizing:border-box;padding:8px;margin:12px 0;font-size:15px}
button{background:#07c160;color:#fff;border:0;border-radius:4px;padding:10px;width:100%;font-size:16px;cursor:pointer}</style>
</head><body><main>
<h1>微信授权登录（沙箱）</h1><p>演播控制台申请获得你的公开信息（昵称、头像）</p>
<form method="post" action="${AUTHORIZE_PATH}">
<input type="hidden" name="redirect_uri" value="${escapeHtml(redirect_uri)}"><input type="hidden" name="state" value="${escapeHtml(state)}">
<label>微信昵称<input name="nickname" value="微信用户" maxlength="30" required></label>
<button type="submit">同意授权</button></form></main></body></html>`);
  });

  app.post(AUTHORIZE_PATH, { config: { auth: false }, schema: { hide: true } }, async (request, reply) => {
    const form = consentBody.safeParse(request.body);
    if (!form.success) return reply.status(400).type('text/plain; charset=utf-8').send('invalid consent form');
    const { redirect_uri, state, nickname } = form.data;
    const code = randomToken(18);
    const openid = `o${hmac(secretKey, `wechat-openid:${nickname}`).slice(0, 27)}`;
    await db
      .insertInto('sandboxWechatCodes')
      .values({ code, openid, nickname, expiresAt: new Date(Date.now() + CODE_TTL_MS) })
      .execute();
    const target = new URL(redirect_uri, 'http://sandbox.invalid');
    target.searchParams.set('code', code);
    target.searchParams.set('state', state);
    return reply.redirect(`${target.pathname}${target.search}`);
  });
}
