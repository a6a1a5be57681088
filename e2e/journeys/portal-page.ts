import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { PNG } from '../../apps/server/test/upload-form.ts';
import { api, type Journey, journey, newJourneyContext, openPhone } from '../harness.ts';
import { FFMPEG, push } from './live-ops.ts';

// Issue 14, the built page in public: a page of a banner (an uploaded picture), a player, a search box, an activity
// list, a catalog, a countdown and a bottom navigation, published, opens on a phone at /watch/page/{id} with no console
// code — the search narrows the cards as the viewer types, the pushing activity shows 直播中 and its player opens its
// live watch page — and on a desktop as a centred, wider grid. A draft opens nothing.

export function portalPageJourneys(j: Journey) {
  journey(
    'portal page: a published page on a phone and a desktop, search narrows the cards, the player opens a live watch page',
    async (t) => {
      if (!existsSync(FFMPEG)) return t.skip('ffmpeg is not installed');
      const agent = await j.newAgent();
      const make = (name: string) =>
        api<{ id: number }>(j, agent.token, 'POST', '/activity', { name }).then((activity) => activity.id);
      const openingActivity = await api<{ id: number; stream: { pushUrl: string } }>(
        j,
        agent.token,
        'POST',
        '/activity',
        { name: '品牌发布会开幕式' },
      );
      const opening = openingActivity.id;
      const forum = await make('开发者论坛');
      const catalog = await api<{ id: number }>(j, agent.token, 'POST', '/v3/catalog', { name: '往期精选' });
      const form = new FormData();
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'banner.png');
      const uploaded = (await (
        await fetch(`${j.server.baseUrl}/api/agent/${agent.id}/upload`, {
          method: 'POST',
          headers: { authorization: `Bearer ${agent.token}` },
          body: form,
        })
      ).json()) as { filepath: string };
      const page = await api<{ id: number; link: string }>(j, agent.token, 'POST', '/page', {
        name: '品牌发布会',
        data: {
          config: { share: { title: '品牌发布会 全程直播', description: '一个页面看全部会场' } },
          components: [
            { id: 'head', type: 'header', title: '品牌发布会', subtitle: '2026 春季' },
            {
              id: 'banner',
              type: 'banner',
              menuArr: [
                { image: uploaded.filepath, title: '开幕式', link: { kind: 'activity', activityId: opening } },
                { image: uploaded.filepath, title: '论坛', link: { kind: 'activity', activityId: forum } },
              ],
            },
            { id: 'player', type: 'player', activityId: opening },
            { id: 'search', type: 'search' },
            {
              id: 'list',
              type: 'activity',
              title: '全部活动',
              layout: 'grid',
              source: { kind: 'chosen', activityIds: [opening, forum] },
            },
            { id: 'catalogs', type: 'catalog', title: '合辑', catalogIds: [catalog.id], layout: 'grid' },
            { id: 'count', type: 'countdown', title: '距离开幕', targetAt: '2030-01-01T02:00:00.000Z' },
          ],
        },
      });
      await api(j, agent.token, 'POST', `/page/${page.id}/homepage/bottom-nav`, {
        enabled: true,
        items: [
          { title: '首页', link: { kind: 'page', pageId: page.id } },
          { title: '开幕式', link: { kind: 'activity', activityId: opening } },
        ],
      });
      // A draft is not public.
      const draft = await fetch(`${j.server.baseUrl}${page.link}`);
      assert.equal(draft.status, 404);
      await api(j, agent.token, 'PUT', `/page/${page.id}`, { publish: true });

      // The opening goes live. The page is drawn when it is asked for (and kept 30 s, then revalidated by its ETag): the
      // viewer opens it again until the push shows.
      const ffmpeg = push(openingActivity.stream.pushUrl, 120);
      t.after(() => ffmpeg.kill('SIGKILL'));
      const phone = await openPhone(j, page.link);
      await phone.getByText('品牌发布会', { exact: true }).first().waitFor();
      const live = phone.locator(`a.p-player[data-activity-id="${opening}"] .badge.live`);
      const deadline = Date.now() + 30_000;
      while ((await live.count()) === 0) {
        assert.ok(Date.now() < deadline, 'the opening never showed 直播中');
        await phone.reload();
      }
      await phone.locator(`a.card[data-activity-id="${opening}"] .badge.live`).waitFor();
      await phone.getByText('进入直播').waitFor();
      await phone.locator('.p-countdown [data-unit="d"]').filter({ hasText: /^\d+$/ }).waitFor();
      assert.equal(await phone.locator('script[src]').count(), 0);
      assert.equal(await phone.locator('meta[property="og:title"]').getAttribute('content'), '品牌发布会 全程直播');
      await phone.locator('.bottom-nav').getByText('开幕式').waitFor();
      await j.screenshot(phone, 'portal-page-phone');

      // The search narrows the cards to the names holding what is typed.
      const cards = phone.locator('.block-activity a.card');
      assert.equal(await cards.count(), 2);
      await phone.getByPlaceholder('搜索活动').fill('论坛');
      await phone.locator(`a.card[data-activity-id="${opening}"]`).waitFor({ state: 'hidden' });
      await phone.locator(`a.card[data-activity-id="${forum}"]`).waitFor();
      await phone.getByPlaceholder('搜索活动').fill('没有这个');
      await phone.getByText('没有找到相关活动').waitFor();
      await phone.getByPlaceholder('搜索活动').fill('');
      await phone.locator(`a.card[data-activity-id="${opening}"]`).waitFor();

      // The player opens the live watch page, which plays.
      await phone.getByText('进入直播').click();
      await phone.waitForURL(new RegExp(`/watch/${opening}$`));
      await phone.locator('video').first().waitFor();
      await j.screenshot(phone, 'portal-page-phone-watch');

      // On a desktop: a centred column, four cards to a row.
      const context = await newJourneyContext(j.browser, {
        baseURL: j.server.baseUrl,
        viewport: { width: 1366, height: 900 },
      });
      const desktop = await context.newPage();
      await desktop.goto(page.link);
      await desktop.getByText('全部活动').waitFor();
      const width = await desktop.locator('main.portal').evaluate((main) => main.getBoundingClientRect().width);
      assert.equal(width, 1080);
      await j.screenshot(desktop, 'portal-page-desktop');
      await context.close();
    },
  );
}
