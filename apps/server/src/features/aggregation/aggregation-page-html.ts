import { activityWatchPath, aggregationPagePath, uploadedFileUrl, type Venue, WATCH_PATH } from '@yanbo/contracts';
import { escapeHtml, safeSrc } from '@yanbo/portal';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { activityStateBadge } from '../catalogs/index.ts';
import { admitPublicPage, shortPage } from '../portal-page/index.ts';
import { type AggregationPageData, aggregationPage } from './aggregation-service.ts';

// The aggregation's public page (多会场) at /watch/aggregation/{id}: one small HTML document made here, readable on a
// phone without any script — the cover, the name and description, and the venues in order, each a link to its watch
// page with 直播中 while it pushes. Not cached (a venue going live must show at once); rate-limited per address.

/** The page's words: it is shown to the audience, in Chinese like the watch page. */
const TEXTS = {
  notFound: '多会场不存在或已被删除',
  venues: '会场',
  noVenues: '暂无会场',
  liveCount: (count: number) => `${count} 个会场直播中`,
  enter: '进入',
};

const picture = (path: string) => (path ? safeSrc(uploadedFileUrl(path)) : null);

function venueItem(venue: Venue): string {
  const cover = picture(venue.cover);
  const image = cover
    ? `<img class="cover" src="${escapeHtml(cover)}" alt="" loading="lazy">`
    : '<span class="cover blank"></span>';
  const label = venue.label || venue.name;
  const name = venue.label ? `<span class="name">${escapeHtml(venue.name)}</span>` : '';
  return `<li><a class="venue" href="${activityWatchPath(venue.activityId)}" data-activity-id="${venue.activityId}"><span class="thumb">${image}${activityStateBadge(venue)}</span><span class="text"><strong>${escapeHtml(label)}</strong>${name}</span><span class="enter">${TEXTS.enter}</span></a></li>`;
}

export function renderAggregationPage(page: AggregationPageData, origin: string): string {
  const cover = picture(page.cover);
  const live = page.venues.filter((venue) => venue.isPushing).length;
  const url = `${origin}${aggregationPagePath(page.id)}`;
  const image = cover ? new URL(cover, url).toString() : '';
  const venues = page.venues.length
    ? `<ul>${page.venues.map(venueItem).join('')}</ul>`
    : `<p class="muted">${TEXTS.noVenues}</p>`;
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${escapeHtml(page.name)}</title>
<meta name="description" content="${escapeHtml(page.description)}">
<meta property="og:type" content="website">
<meta property="og:title" content="${escapeHtml(page.name)}">
<meta property="og:description" content="${escapeHtml(page.description)}">
${image ? `<meta property="og:image" content="${escapeHtml(image)}">\n` : ''}<meta property="og:url" content="${escapeHtml(url)}">
<style>
*{box-sizing:border-box}
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",sans-serif;background:#eef2f8;color:#1f2329}
main{max-width:720px;margin:0 auto;background:#fff;min-height:100vh}
a{color:inherit;text-decoration:none}
.banner{width:100%;aspect-ratio:16/7;object-fit:cover;display:block;background:#dbe7ff}
.hero{padding:18px 16px 12px;background:linear-gradient(135deg,#1677ff,#4096ff);color:#fff}
.hero h1{margin:0;font-size:21px;line-height:1.4;word-break:break-word}
.hero p{margin:8px 0 0;font-size:14px;line-height:1.6;opacity:.92;white-space:pre-line}
.hero .on-air{display:inline-block;margin-top:10px;padding:2px 10px;border-radius:12px;background:rgba(255,255,255,.22);font-size:12px}
.section{padding:12px 16px 24px}
.section h2{font-size:16px;margin:6px 0 12px;padding-left:8px;border-left:4px solid #1677ff}
ul{list-style:none;margin:0;padding:0;display:grid;gap:12px}
.venue{display:flex;align-items:center;gap:12px;padding:10px;border-radius:10px;background:#fff;box-shadow:0 1px 6px rgba(0,40,120,.1);min-height:44px}
.thumb{position:relative;flex:none}
.cover{display:block;width:112px;height:63px;border-radius:6px;object-fit:cover;background:#e8eefc}
.blank{background:linear-gradient(135deg,#dbe7ff,#f0f5ff)}
.badge{position:absolute;left:4px;top:4px;padding:0 6px;border-radius:8px;font-size:11px;line-height:18px;color:#fff;background:rgba(0,0,0,.5)}
.badge.live{background:#1677ff}
.text{flex:1;min-width:0;display:flex;flex-direction:column;gap:2px}
.text strong{font-size:16px}
.name{color:#5c6370;font-size:13px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.enter{flex:none;padding:4px 12px;border-radius:14px;background:#e6f4ff;color:#1677ff;font-size:13px}
.muted{color:#8a919f;font-size:14px;text-align:center}
@media (min-width:768px){main{margin:16px auto;border-radius:12px;overflow:hidden}ul{grid-template-columns:1fr 1fr}}
</style>
</head>
<body>
<main>
${cover ? `<img class="banner" src="${escapeHtml(cover)}" alt="">` : ''}
<header class="hero"><h1>${escapeHtml(page.name)}</h1>${page.description ? `<p>${escapeHtml(page.description)}</p>` : ''}${live ? `<span class="on-air">${TEXTS.liveCount(live)}</span>` : ''}</header>
<div class="section" id="venues"><h2>${TEXTS.venues}</h2>${venues}</div>
</main>
</body>
</html>`;
}

const notFoundPage = shortPage(TEXTS.notFound);

export function registerAggregationPage(app: FastifyInstance, ctx: AppContext) {
  app.get(`${WATCH_PATH}/aggregation/:id`, { schema: { hide: true } }, async (request, reply) => {
    if (!(await admitPublicPage(ctx, request, reply))) return reply;
    const id = Number((request.params as { id: string }).id);
    const page = Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? await aggregationPage(ctx.db, id) : null;
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!page) return reply.status(404).send(notFoundPage);
    return reply.send(renderAggregationPage(page, `${request.protocol}://${request.host}`));
  });
}
