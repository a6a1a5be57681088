import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type PublicPage, WATCH_PATH } from '@yanbo/contracts';
import { renderPortalPage } from '@yanbo/portal';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { contentSecurityPolicy } from '../../platform/security-headers.ts';
import { bucketOrigins } from '../../platform/storage/s3-config.ts';
import { agentOfCustomHost } from '../branding/index.ts';
import { readAgentHomepage, readPublishedPage } from '../pages/index.ts';
import { admitPublicPage } from './public-page-limit.ts';
import { shortPage } from './short-page.ts';

// The pages built in the console, served to the public (issue 14: "the built page is public, its own path on the
// agent's host, fast on a phone; the agent's home page is served at the root of its custom host"): a published page at
// /watch/page/{id} (pagePublicPath), and the agent's home page at / of its verified custom host (on the platform's own
// hosts / stays the console). One server-rendered document each (packages/portal: inline style, a few hundred bytes of
// script, no framework), cached briefly by browsers and proxies and revalidated by its ETag; a draft, a page taken
// offline or one that never was answer the same 404.

/** Seconds a browser or proxy may show a page without asking again: a live badge is at most this late. */
export const PORTAL_PAGE_MAX_AGE = 30;

const NOT_FOUND = '页面不存在或未发布';
const notFoundPage = shortPage(NOT_FOUND);

/**
 * The page's policy: the watch pages' (embeddable anywhere), with the page's one inline script allowed by its hash
 * and no other inline script (an agent's text that slipped past the escaping still could not run).
 */
function pagePolicy(ctx: AppContext, html: string) {
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  const hashes = script ? [`'sha256-${createHash('sha256').update(script).digest('base64')}'`] : [];
  return contentSecurityPolicy(ctx.config.pullDomain, ['*'], hashes, bucketOrigins(ctx.config.s3));
}

async function sendPage(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, page: PublicPage | null) {
  reply.type('text/html; charset=utf-8');
  if (!page) return reply.status(404).header('cache-control', 'no-cache').send(notFoundPage);
  const html = renderPortalPage(page.name, page.data, page);
  await reply.helmet({ contentSecurityPolicy: pagePolicy(ctx, html), frameguard: false });
  reply.raw.removeHeader('x-frame-options');
  // Weak: the same page goes out in more than one encoding.
  const etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  reply
    .header('cache-control', `public, max-age=${PORTAL_PAGE_MAX_AGE}`)
    .header('etag', etag)
    .header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.send(encoded(request, reply, html));
}

/** A phone's bytes: the document compressed as the browser accepts (brotli, else gzip), about a quarter of it. */
function encoded(request: FastifyRequest, reply: FastifyReply, html: string): string | Buffer {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) {
    reply.header('content-encoding', 'br');
    return brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(accepts)) {
    reply.header('content-encoding', 'gzip');
    return gzipSync(html);
  }
  return html;
}

export function registerPortalPages(app: FastifyInstance, ctx: AppContext) {
  app.get(`${WATCH_PATH}/page/:id`, { schema: { hide: true } }, async (request, reply) => {
    if (!(await admitPublicPage(ctx, request, reply))) return reply;
    const id = Number((request.params as { id: string }).id);
    const page = Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? await readPublishedPage(ctx.db, id) : null;
    return sendPage(ctx, request, reply, page);
  });

  // The root of a custom host. A hook rather than a route, so that on every other host / is left to the console.
  const platformHosts = new Set(ctx.config.publicHosts.map((host) => host.toLowerCase()));
  app.addHook('onRequest', async (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.url.split('?')[0] !== '/') return;
    const host = request.hostname.toLowerCase();
    if (!host || host.length > 253 || platformHosts.has(host)) return;
    const agentId = await agentOfCustomHost(ctx.db, host);
    if (agentId === null) return;
    if (!(await admitPublicPage(ctx, request, reply))) return reply;
    return sendPage(ctx, request, reply, await readAgentHomepage(ctx.db, agentId));
  });
}
