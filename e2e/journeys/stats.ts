import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { StatsOnline } from '@yanbo/contracts';
import type { Page } from 'playwright-core';
import { api, type Journey, journey, newJourneyContext } from '../harness.ts';

// An activity's statistics from real watch-page visits: a ditch link opened on a phone and on a desktop, then the
// console's /stats/:id shows the two visitors, the ditch among the referrers and both device classes.

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** Opens the watch page in a fresh context and waits until the page has recorded its visit. */
async function watchVisit(j: Journey, link: string, phone: boolean, from?: string): Promise<void> {
  const context = await newJourneyContext(j.browser, {
    baseURL: j.server.baseUrl,
    // The journeys' server trusts loopback as its proxy (e2e/run.ts TRUST_PROXY), so this is the viewer's address.
    ...(from ? { extraHTTPHeaders: { 'x-forwarded-for': from } } : {}),
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

/** Opens one of the statistics pages by its tab. */
const statsTab = (page: Page, name: string) =>
  page.getByTestId('stats-tabs').getByRole('tab', { name, exact: true }).click();

const FFMPEG = '/usr/bin/ffmpeg';

/** An ffmpeg test picture pushed to the activity for up to `seconds`. */
function push(pushUrl: string, seconds: number): ChildProcess {
  return spawn(FFMPEG, [
    ...['-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine', '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '25'],
    ...['-c:a', 'aac', '-t', String(seconds), '-f', 'flv', pushUrl],
  ]);
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

      await page.getByTestId('stats-timeline-chart').locator('canvas').waitFor();
      await j.screenshot(page, 'stats-overview');

      // Each statistics page is a tab, kept in the URL.
      await statsTab(page, '来源');
      await page.waitForURL(`**/stats/${id}?tab=referrer`);
      const ditchRow = page
        .getByTestId('stats-referrer-ditches')
        .locator('.ant-table-row')
        .filter({ hasText: '朋友圈海报' });
      await ditchRow.getByText('2', { exact: true }).waitFor();
      await ditchRow.getByText('100.0%').waitFor();
      // The visits came without a referrer, so 直接访问.
      await page.getByRole('tab', { name: '来源网站' }).click();
      await page.getByTestId('stats-referrer-hosts').getByText('直接访问').waitFor();

      await statsTab(page, '终端');
      await page.getByTestId('stats-device-mobile').getByText('手机 1 次').waitFor();
      await page.getByTestId('stats-device-desktop').getByText('电脑 1 次').waitFor();
      await page.getByTestId('stats-devices-chart').locator('canvas').waitFor();
      await j.screenshot(page, 'stats-devices');

      await statsTab(page, '用户访问');
      const visits = page.getByTestId('stats-user-visits');
      await visits.locator('.ant-table-row').nth(1).waitFor();
      assert.equal(await visits.locator('.ant-table-row').count(), 2);
      await visits.locator('.ant-table-row').first().getByText('电脑').waitFor();
      await visits.locator('.ant-table-row').nth(1).getByText('手机').waitFor();
      await page.locator('.ant-pagination').getByText('共 2 条').waitFor();

      // A reload opens the same tab.
      await page.reload();
      await page.getByTestId('stats-user-visits').locator('.ant-table-row').nth(1).waitFor();

      // A range before the visits: nothing counted, empty states shown.
      await page.locator('.ant-picker-range input').first().click();
      const picker = page.locator('.ant-picker-dropdown');
      await picker.locator('.ant-picker-cell-in-view').filter({ hasText: /^1$/ }).first().click();
      await picker.locator('.ant-picker-cell-in-view').filter({ hasText: /^1$/ }).first().click();
      await page.getByText('共 1 天，按北京时间统计').waitFor();
      await page.getByText('所选日期内暂无访问记录').waitFor();
      await statsTab(page, '概览');
      await kpi(page, 'pv').getByText('0', { exact: true }).waitFor();
      await j.screenshot(page, 'stats-empty-range');

      await page.getByTestId('stats-back').click();
      await page.waitForURL(`**/board/${id}`);
      await page.context().close();
    },
  );

  journey(
    'stats: a viewer from Shenzhen and one from Beijing on the map of China, and the concurrent viewers of a push, real and virtual apart',
    async (t) => {
      if (!existsSync(FFMPEG)) return t.skip('ffmpeg is not installed');
      const agent = await j.newAgent();
      const activity = await api<{ id: number; stream: { pushUrl: string } }>(j, agent.token, 'POST', '/activity', {
        name: '地域统计发布会',
      });
      const id = activity.id;
      await api(j, agent.token, 'POST', '/v3/robot', {
        robots: [{ nickname: '小鱼', avatar: '/robot-avatars/1.svg' }],
      });
      await api(j, agent.token, 'PUT', `/v3/activity/${id}/virtual-audience`, {
        enabled: true,
        target: 50,
        rampMinutes: 0,
        jitterPercent: 0,
        commentsEnabled: false,
        libraryId: 0,
        commentIntervalSeconds: 30,
      });
      const ffmpeg = push(activity.stream.pushUrl, 120);
      try {
        // A phone in Shenzhen watches the push (a real viewer in the chat); a desktop in Beijing opens the page.
        const phone = await newJourneyContext(j.browser, {
          baseURL: j.server.baseUrl,
          viewport: { width: 375, height: 740 },
          isMobile: true,
          hasTouch: true,
          userAgent: IPHONE_UA,
          extraHTTPHeaders: { 'x-forwarded-for': '202.96.134.133' },
        });
        const watching = await phone.newPage();
        await watching.goto(`/watch/${id}`);
        await watching.getByTestId('watch-status').getByText('直播中').waitFor({ timeout: 20_000 });
        await watching.getByTestId('chat-online').getByText('在线 51', { exact: true }).waitFor({ timeout: 30_000 });
        await watchVisit(j, `/watch/${id}`, false, '61.135.169.121');

        // The live operations sampler keeps the counts every 10 s while the activity pushes.
        const deadline = Date.now() + 60_000;
        let online: StatsOnline;
        do {
          online = await api<StatsOnline>(j, agent.token, 'GET', `/v3/activity/${id}/stats/online`);
          if (online.peakReal?.viewers === 1 && online.peakVirtual?.viewers === 50) break;
          await watching.waitForTimeout(1_000);
        } while (Date.now() < deadline);
        assert.equal(online.peakReal?.viewers, 1);
        assert.equal(online.peakVirtual?.viewers, 50);

        const page = await j.open(`/stats/${id}#access_token=${agent.token}`);
        await page.getByTestId('stats-online-chart').locator('canvas').waitFor();
        await page
          .getByTestId('stats-online-peak-real')
          .getByText(/^真实观众最高 1 人/)
          .waitFor();
        await page
          .getByTestId('stats-online-peak-virtual')
          .getByText(/^虚拟观众最高 50 人/)
          .waitFor();
        await kpi(page, 'pv').getByText('2', { exact: true }).waitFor();
        await j.screenshot(page, 'stats-overview-online');

        await statsTab(page, '地域');
        await page.waitForURL(`**/stats/${id}?tab=region`);
        const table = page.getByTestId('stats-region-table');
        const guangdong = table.locator('.ant-table-row').filter({ hasText: '广东' });
        await guangdong.getByText('50.0%').waitFor();
        await table.locator('.ant-table-row').filter({ hasText: '北京' }).getByText('50.0%').waitFor();
        await guangdong.locator('.ant-table-row-expand-icon').click();
        await table.getByText('深圳市').waitFor();
        await page.getByTestId('stats-region-map').locator('canvas').waitFor();
        await j.screenshot(page, 'stats-region');
        const regions = await api<{ cities: { province: string; city: string; visits: number }[] }>(
          j,
          agent.token,
          'GET',
          `/v3/activity/${id}/stats/region/json`,
        );
        assert.deepEqual(regions.cities.map((city) => `${city.province} ${city.city} ${city.visits}`).sort(), [
          '北京 北京市 1',
          '广东 深圳市 1',
        ]);
      } finally {
        ffmpeg.kill('SIGKILL');
      }
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
