import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { DEFAULT_IMAGE_TEMPLATE, WATCH_PATH } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { builtAssetOptions } from '../../platform/static-assets.ts';
import { absolutePicture, sharedCard } from './shared-card.ts';

// The built watch page (apps/watch/dist) at /watch/{id}: its index.html with the activity's name as the title and
// its share card as og: tags (and the itemprop tags WeChat reads when a link is shared without its JS-SDK), so a link
// pasted in a chat shows the card; the agent's icon, or the product's; assets under /watch/assets/.

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The product's icon, served by the watch page itself (the console may be served elsewhere, or not built). */
export const WATCH_FAVICON_PATH = `${WATCH_PATH}/favicon.svg`;

/** The head of an activity's page: title, share card tags with their fallbacks, and the icon. */
async function pageHead(ctx: AppContext, id: number, origin: string): Promise<string> {
  const { page, brand, title, description, picture } = await sharedCard(ctx, id);
  const url = `${origin}${WATCH_PATH}/${id}`;
  const image = absolutePicture(picture, url);
  const icon = brand.favicon !== DEFAULT_IMAGE_TEMPLATE.favicon ? brand.favicon : WATCH_FAVICON_PATH;
  return [
    `<title>${escapeHtml(page.activity.name)}</title>`,
    `<link rel="icon" href="${escapeHtml(icon)}">`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(brand.title)}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    image ? `<meta property="og:image" content="${escapeHtml(image)}">` : '',
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta itemprop="name" content="${escapeHtml(title)}">`,
    `<meta itemprop="description" content="${escapeHtml(description)}">`,
    image ? `<meta itemprop="image" content="${escapeHtml(image)}">` : '',
  ]
    .filter(Boolean)
    .join('\n    ');
}

export function registerWatchPage(app: FastifyInstance, ctx: AppContext, watchDir: string) {
  const indexFile = path.join(watchDir, 'index.html');
  if (!existsSync(indexFile)) return;
  const template = readFileSync(indexFile, 'utf8');
  app.register(
    fastifyStatic,
    builtAssetOptions({ root: path.join(watchDir, 'assets'), prefix: `${WATCH_PATH}/assets/`, decorateReply: false }),
  );
  const faviconFile = path.join(watchDir, 'favicon.svg');
  if (existsSync(faviconFile)) {
    const favicon = readFileSync(faviconFile);
    // Browsers ask for /favicon.ico on their own: the same icon answers there, so the page never meets a 404.
    for (const url of [WATCH_FAVICON_PATH, '/favicon.ico']) {
      app.get(url, { schema: { hide: true } }, (_request, reply) =>
        reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(favicon),
      );
    }
  }
  app.get(`${WATCH_PATH}/:id`, { schema: { hide: true } }, async (request, reply) => {
    const id = Number((request.params as { id: string }).id);
    let head = '';
    let status = 200;
    try {
      if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new Error('bad id');
      head = await pageHead(ctx, id, `${request.protocol}://${request.host}`);
    } catch {
      status = 404;
    }
    // The built page's own icon link gives way to the one chosen for the activity.
    const html = head
      ? template.replace(/<link rel="icon"[^>]*>\s*/, '').replace(/<title>[^<]*<\/title>/, head)
      : template;
    return reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
