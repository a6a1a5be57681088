import { ERROR_CODES, WATCH_ERRORS, WATCH_PATH, type WechatShare } from '@yanbo/contracts';
import type { AppContext } from '../../app-context.ts';
import type { ClientInfo } from '../../platform/auth.ts';
import { badRequest, tooManyRequests } from '../../platform/errors.ts';
import { type RateRule, take } from '../../platform/rate-limit.ts';
import { signJsapiConfig, WechatApiError } from '../../platform/wechat/jsapi-ticket.ts';
import { officialAccountOf, verifiedCustomHostOf } from '../branding/index.ts';
import { absolutePicture, sharedCard } from './shared-card.ts';
import { publicActivity } from './watch-service.ts';

// Inside WeChat's browser a page's share card (title, description, link, picture) is set only through the JS-SDK,
// after wx.config with a signature of the page's address made from the agent's official account (公众号). The page
// asks for it with its own address; only this activity's page on a host it is served on is ever signed.

/** One ask per page view in WeChat: an address sharing a connection (an office, a carrier's NAT) has room. */
const SHARE_PER_ADDRESS: RateRule = { max: 120, windowMs: 60_000 };

/** The host name of a Host header (`example.com:8080`, `[::1]:8080`), lower-cased; '' when it is not one. */
function hostnameOf(host: string): string {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return '';
  }
}

/**
 * GET /api/watch/{id}/wechat-share?url=: the signed wx.config and the share card for the page at `url` (the contract
 * has checked it is an http(s) address as a browser writes it). Its host must be the one this request came to or the
 * agent's verified custom host, and its path this activity's page. Without an official account, or with WeChat
 * refusing it (the reason goes to the log), `enabled: false`: the page then shares as any page does.
 */
export async function getWechatShare(
  ctx: AppContext,
  activityId: number,
  pageUrl: string,
  requestHost: string,
  client: ClientInfo,
): Promise<WechatShare> {
  const wait = await take(ctx.limits, SHARE_PER_ADDRESS, `wechat-share:ip:${client.ip}`);
  if (wait !== null) throw tooManyRequests(WATCH_ERRORS.shareLimit, ERROR_CODES.rateLimited, wait);
  const activity = await publicActivity(ctx.db, activityId);
  const url = new URL(pageUrl);
  const customHost = await verifiedCustomHostOf(ctx.db, activity.agentId);
  const hosts = new Set([hostnameOf(requestHost), customHost].filter(Boolean));
  if (!hosts.has(url.hostname) || url.pathname !== `${WATCH_PATH}/${activityId}` || url.username || url.password) {
    throw badRequest(WATCH_ERRORS.shareUrlForeign, ERROR_CODES.validation, 'url');
  }
  const account = await officialAccountOf(ctx.db, ctx.secretKey, activity.agentId);
  if (!account) return { enabled: false };
  let ticket: string;
  try {
    ticket = await ctx.wechatJsapi.ticket(account);
  } catch (error) {
    if (error instanceof WechatApiError) return { enabled: false };
    throw error;
  }
  // The address WeChat's browser signs again is location.href without its fragment, exactly.
  const hash = pageUrl.indexOf('#');
  const link = hash < 0 ? pageUrl : pageUrl.slice(0, hash);
  const card = await sharedCard(ctx, activityId);
  return {
    enabled: true,
    appId: account.appId,
    ...signJsapiConfig(ticket, link),
    share: { title: card.title, desc: card.description, link, imgUrl: absolutePicture(card.picture, link) },
  };
}
