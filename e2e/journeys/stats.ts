import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { api, type Journey, journey, newJourneyContext } from '../harness.ts';

// An activity's statistics from real watch-page visits: a ditch link opened on a phone and on a desktop, then the
// console's /stats/:id shows the two visitors, the ditch among the referrers and both device classes.

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** Opens the watch page in a fresh context and waits until the page has recorded its visit. */
async function watchVisit(j: Journey, link: string, phone: boolean): Promise<void> {
  const context = await newJourneyContext(j.browser, {
    baseURL: j.server.baseUrl,
    ...(phone
      ? { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, userAgent: IPHONE_UA }
      : { viewport: { width: 1366, height: 860 } }),
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const recorded = page.waitForResponse(
    (response) => response.url().endsWith('/visit') && response.request().method() === 'POST',
  );
  await page.goto(link);
  assert.equal((await recorded).status(), 200);
  await page.getByTestId('watch-page').waitFor();
  await context.close();
}

const kpi = (page: Page, key: string) => page.getByTestId(`stats-kpi-${key}`).locator('.ant-statistic-content-value');

export function statsJourneys(j: Journey) {
  journey(
    'stats: visits through a ditch on a phone and a desktop show as PV 2, UV 2, the ditch and both devices',
    async () => {
      const agent = await j.newAgent();
      const activity = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: '数据统计旅程发布会' });
      const id = activity.id;
      const ditch = await api<{ sign: string; link: string }>(
        j,
        agent.token,
        'POST',
        `/agent/${agent.id}/promotion-channel`,
        { name: '朋友圈海报', activityId: id },
      );
      await watchVisit(j, ditch.link, true);
      await watchVisit(j, ditch.link, false);

      // The board's 数据统计 entry leads to the statistics.
      const page = await j.open(`/board/${id}#access_token=${agent.token}`);
      await page.getByText('数据统计', { exact: true }).first().click();
      await page.waitForURL(`**/stats/${id}`);
      await page.getByTestId('stats-activity-name').getByText('数据统计旅程发布会').waitFor();

      await kpi(page, 'pv').getByText('2', { exact: true }).waitFor();
      await kpi(page, 'uv').getByText('2', { exact: true }).waitFor();
      await kpi(page, 'avg-watch').getByText('0 秒').waitFor();
      await page.getByText('今日 2 次浏览，2 位访客').waitFor();
      // The default range: the last 89 days up to today.
      await page.getByText('共 90 天，按北京时间统计').waitFor();

      const ditchRow = page
        .getByTestId('stats-referrer-ditches')
        .locator('.ant-table-row')
        .filter({ hasText: '朋友圈海报' });
      await ditchRow.getByText('2', { exact: true }).waitFor();
      await ditchRow.getByText('100.0%').waitFor();
      await page.getByTestId('stats-device-mobile').getByText('手机 1 次').waitFor();
      await page.getByTestId('stats-device-desktop').getByText('电脑 1 次').waitFor();
      await page.getByTestId('stats-timeline-chart').locator('canvas').waitFor();
      await page.getByTestId('stats-devices-chart').locator('canvas').waitFor();

      const visits = page.getByTestId('stats-user-visits');
      assert.equal(await visits.locator('.ant-table-row').count(), 2);
      await visits.locator('.ant-table-row').first().getByText('电脑').waitFor();
      await visits.locator('.ant-table-row').nth(1).getByText('手机').waitFor();
      // The charts' entry animation ends before the picture.
      await page.waitForTimeout(1_200);
      await j.screenshot(page, 'stats-overview');
      await page.locator('.ant-pagination').getByText('共 2 条').waitFor();

      // The other tab: the visits came without a referrer, so 直接访问.
      await page.getByRole('tab', { name: '来源网站' }).click();
      await page.getByTestId('stats-referrer-hosts').getByText('直接访问').waitFor();

      // A range before the visits: nothing counted, empty states shown.
      await page.locator('.ant-picker-range input').first().click();
      const picker = page.locator('.ant-picker-dropdown');
      await picker.locator('.ant-picker-cell-in-view').filter({ hasText: /^1$/ }).first().click();
      await picker.locator('.ant-picker-cell-in-view').filter({ hasText: /^1$/ }).first().click();
      await page.getByText('共 1 天，按北京时间统计').waitFor();
      await page.getByText('所选日期内暂无访问记录').waitFor();
      await kpi(page, 'pv').getByText('0', { exact: true }).waitFor();
      await j.screenshot(page, 'stats-empty-range');

      await page.getByTestId('stats-back').click();
      await page.waitForURL(`**/board/${id}`);
      await page.context().close();
    },
  );

  journey('stats: another agent’s activity says it does not exist', async () => {
    const owner = await j.newAgent();
    const other = await j.newAgent();
    const activity = await api<{ id: number }>(j, owner.token, 'POST', '/activity', { name: '别人的活动' });
    const page = await j.open(`/stats/${activity.id}#access_token=${other.token}`);
    await page.getByText('该直播活动不存在或已被删除').first().waitFor();
    await j.screenshot(page, 'stats-not-found');
    await page.context().close();
  });
}
