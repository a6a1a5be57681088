import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { WATCH_PATH } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { builtAssetOptions } from '../../platform/static-assets.ts';
import { getWatchPage } from './watch-service.ts';

// The built watch page (apps/watch/dist) at /watch/{id}: its index.html with the activity's name as the title and
// its share card as og: tags, so a link pasted in a chat shows the card; assets under /watch/assets/.

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function registerWatchPage(app: FastifyInstance, ctx: AppContext, watchDir: string) {
  const indexFile = path.join(watchDir, 'index.html');
  if (!existsSync(indexFile)) return;
  const template = readFileSync(indexFile, 'utf8');
  app.register(
    fastifyStatic,
    builtAssetOptions({ root: path.join(watchDir, 'assets'), prefix: `${WATCH_PATH}/assets/`, decorateReply: false }),
  );
  app.get(`${WATCH_PATH}/:id`, { schema: { hide: true } }, async (request, reply) => {
    const id = Number((request.params as { id: string }).id);
    let head = '';
    let status = 200;
    try {
      if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw new Error('bad id');
      const page = await getWatchPage(ctx, id);
      const card = page.shareCard;
      const url = `${request.protocol}://${request.host}${WATCH_PATH}/${id}`;
      const image = card.image ? new URL(card.image, url).toString() : '';
      head = [
        `<title>${escapeHtml(page.activity.name)}</title>`,
        `<meta property="og:type" content="website">`,
        `<meta property="og:title" content="${escapeHtml(card.title || page.activity.name)}">`,
        `<meta property="og:description" content="${escapeHtml(card.description)}">`,
        `<meta name="description" content="${escapeHtml(card.description)}">`,
        image ? `<meta property="og:image" content="${escapeHtml(image)}">` : '',
        `<meta property="og:url" content="${escapeHtml(url)}">`,
      ].join('\n    ');
    } catch {
      status = 404;
    }
    const html = head ? template.replace(/<title>[^<]*<\/title>/, head) : template;
    return reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
