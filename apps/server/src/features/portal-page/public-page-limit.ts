import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { shortPage } from './short-page.ts';

// The public pages a stranger can open (portal pages, the home page of a custom host, aggregation pages) cost a few
// database reads each: at most PUBLIC_PAGE_LIMIT loads per address a minute, the rest answered 429 with a short page
// and Retry-After, like the other public routes' limits (issue 8).

export const PUBLIC_PAGE_LIMIT = { max: 600, windowMs: 60_000 };

const TOO_MANY = shortPage('访问过于频繁，请稍后再试', '访问过于频繁');

/** Counts the load; answers false (having sent the 429) when the address is over its limit. */
export async function admitPublicPage(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const window = await ctx.limits.hit(`public-page:ip:${request.ip}`, PUBLIC_PAGE_LIMIT.windowMs);
  if (window.count <= PUBLIC_PAGE_LIMIT.max) return true;
  const retryAfter = Math.max(1, Math.ceil((window.resetAt - Date.now()) / 1000));
  await reply
    .status(429)
    .header('retry-after', String(retryAfter))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(TOO_MANY);
  return false;
}
