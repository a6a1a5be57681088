import { z } from 'zod';
import { HttpError } from '../errors.ts';
import type { WechatLoginConfig } from '../provider-config.ts';
import type { WechatProvider } from './wechat-provider.ts';

// WeChat website login (微信开放平台 网站应用微信登录, OAuth 2.0): the user scans the QR code of
// open.weixin.qq.com/connect/qrconnect, WeChat returns to the registered domain with ?code=&state=, and the server
// exchanges the code (sns/oauth2/access_token) and reads the user's public profile (sns/userinfo).

const TIMEOUT_MS = 10_000;

const tokenAnswer = z.object({ access_token: z.string().min(1), openid: z.string().min(1).max(64) });
const userAnswer = z.object({ nickname: z.string().default(''), headimgurl: z.string().default('') });

export function createOpenWechatProvider(config: WechatLoginConfig): WechatProvider {
  async function get(path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
    const url = new URL(path, config.apiBase);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      return (await response.json()) as Record<string, unknown>;
    } catch {
      throw new HttpError(503, 'WeChat service unavailable');
    }
  }

  return {
    name: 'open',
    authorizeUrl(redirectUri, state) {
      const query = new URLSearchParams({
        appid: config.appid,
        redirect_uri: new URL(redirectUri, config.redirectOrigin).toString(),
        response_type: 'code',
        scope: 'snsapi_login',
        state,
      });
      return `${new URL('/connect/qrconnect', config.authorizeBase)}?${query}#wechat_redirect`;
    },
    async exchangeCode(code) {
      // An errcode answer (40029 invalid code, 40163 code used, …) is a code that does not sign anyone in.
      const token = tokenAnswer.safeParse(
        await get('/sns/oauth2/access_token', {
          appid: config.appid,
          secret: config.secret,
          code,
          grant_type: 'authorization_code',
        }),
      );
      if (!token.success) return null;
      const user = userAnswer.safeParse(
        await get('/sns/userinfo', { access_token: token.data.access_token, openid: token.data.openid }),
      );
      return {
        openid: token.data.openid,
        nickname: user.success ? user.data.nickname.slice(0, 64) : '',
        avatar: user.success ? user.data.headimgurl.slice(0, 500) : '',
      };
    },
  };
}
