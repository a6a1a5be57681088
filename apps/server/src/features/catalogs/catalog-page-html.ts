import { type ChapterActivity, catalogPagePath, WATCH_PATH } from '@yanbo/contracts';
import { escapeHtml } from '@yanbo/portal';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { admitPublicPage, shortPage } from '../portal-page/index.ts';
import { type CatalogPageData, catalogPage } from './catalog-service.ts';

// The catalog's public page (issue 12: "lists its chapters and links to each activity's watch page"), beside the
// watch pages at /watch/catalog/{id}: one small HTML document made here, readable on a phone without any script, with
// the catalog's share card as its og: tags so a shared link shows the card. The description was sanitised when saved.

/** The page's words: it is shown to the audience, in Chinese like the watch page. */
const TEXTS = {
  notFound: '合辑不存在或已被删除',
  empty: '暂无内容',
  noActivities: '本章节暂无活动',
  live: '直播中',
  notStarted: '未开始',
  ongoing: '进行中',
  ended: '已结束',
  video: '点播',
};

function absolute(picture: string, pageUrl: string): string {
  if (!picture) return '';
  try {
    return new URL(picture, pageUrl).toString();
  } catch {
    return '';
  }
}

/** An activity's state on the catalog's and the aggregation's pages: 直播中 while it pushes, else 点播 or its progress. */
export function activityStateBadge(activity: Pick<ChapterActivity, 'isPushing' | 'type' | 'progress'>): string {
  if (activity.isPushing) return `<span class="badge live">${TEXTS.live}</span>`;
  if (activity.type === 'video') return `<span class="badge">${TEXTS.video}</span>`;
  const text =
    activity.progress === 'NotStart' ? TEXTS.notStarted : activity.progress === 'Ended' ? TEXTS.ended : TEXTS.ongoing;
  return `<span class="badge">${text}</span>`;
}

function activityItem(activity: ChapterActivity): string {
  const cover = activity.cover
    ? `<img class="cover" src="${escapeHtml(activity.cover)}" alt="">`
    : '<span class="cover placeholder"></span>';
  return `<li><a class="activity" href="${WATCH_PATH}/${activity.id}" data-activity-id="${activity.id}">${cover}<span class="name">${escapeHtml(activity.name)}</span>${activityStateBadge(activity)}</a></li>`;
}

function render(page: CatalogPageData, origin: string): string {
  const url = `${origin}${catalogPagePath(page.id)}`;
  const title = page.share.title || page.name;
  const description = page.share.description;
  const image = absolute(page.share.picture, url);
  const color = page.appearance.themeColor;
  const chapters = page.chapters.items.length
    ? page.chapters.items
        .map(
          (chapter) =>
            `<section class="chapter"><h3>${escapeHtml(chapter.title)}</h3>${
              chapter.activities.length
                ? `<ul>${chapter.activities.map(activityItem).join('')}</ul>`
                : `<p class="muted">${TEXTS.noActivities}</p>`
            }</section>`,
        )
        .join('')
    : `<p class="muted">${TEXTS.empty}</p>`;
  const meta = [
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    image ? `<meta property="og:image" content="${escapeHtml(image)}">` : '',
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta itemprop="name" content="${escapeHtml(title)}">`,
    `<meta itemprop="description" content="${escapeHtml(description)}">`,
    image ? `<meta itemprop="image" content="${escapeHtml(image)}">` : '',
    `<meta name="description" content="${escapeHtml(description)}">`,
  ]
    .filter(Boolean)
    .join('\n');
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${escapeHtml(page.name)}</title>
${meta}
<style>
*{box-sizing:border-box}
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f6f8;color:#1f1f1f}
main{max-width:640px;margin:0 auto;background:#fff;min-height:100vh}
.banner{width:100%;aspect-ratio:16/9;object-fit:cover;display:block;background:#eee}
header{padding:16px 16px 8px}
header h1{margin:0;font-size:20px;line-height:1.4;word-break:break-word}
header p{margin:6px 0 0;color:#666;font-size:14px}
.section{padding:8px 16px 16px}
.section>h2{font-size:16px;margin:8px 0 12px;padding-left:8px;border-left:4px solid ${color}}
.chapter h3{font-size:15px;margin:16px 0 8px;color:${color}}
.chapter ul{list-style:none;margin:0;padding:0}
.activity{display:flex;align-items:center;gap:12px;padding:10px 0;border-bottom:1px solid #f0f0f0;color:inherit;text-decoration:none;min-height:44px}
.cover{width:96px;height:54px;border-radius:6px;object-fit:cover;flex:none;background:#e8e8e8}
.name{flex:1;min-width:0;font-size:15px;line-height:1.4;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical}
.badge{flex:none;font-size:12px;padding:2px 8px;border-radius:10px;background:#f0f0f0;color:#666}
.badge.live{background:${color};color:#fff}
.muted{color:#999;font-size:14px}
.abstract{font-size:15px;line-height:1.7;word-break:break-word}
.abstract img{max-width:100%;height:auto}
</style>
</head>
<body>
<main>
${image ? `<img class="banner" src="${escapeHtml(image)}" alt="">` : ''}
<header><h1>${escapeHtml(page.name)}</h1>${description ? `<p>${escapeHtml(description)}</p>` : ''}</header>
<div class="section" id="chapters"><h2>${escapeHtml(page.appearance.chaptersHeading)}</h2>${chapters}</div>
${page.abstract ? `<div class="section" id="abstract"><h2>${escapeHtml(page.appearance.abstractHeading)}</h2><div class="abstract">${page.abstract}</div></div>` : ''}
</main>
</body>
</html>`;
}

const notFoundPage = shortPage(TEXTS.notFound);

export function registerCatalogPage(app: FastifyInstance, ctx: AppContext) {
  app.get(`${WATCH_PATH}/catalog/:id`, { schema: { hide: true } }, async (request, reply) => {
    // Public and unauthenticated: loads per address are bounded as for the portal and aggregation pages.
    if (!(await admitPublicPage(ctx, request, reply))) return reply;
    const id = Number((request.params as { id: string }).id);
    const page = Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? await catalogPage(ctx.db, id) : null;
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!page) return reply.status(404).send(notFoundPage);
    return reply.send(render(page, `${request.protocol}://${request.host}`));
  });
}
