import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { PNG } from '../../apps/server/test/upload-form.ts';
import { api, type Journey, journey, journeyMobile, openPhone, signInOnPhone } from '../harness.ts';

// What the audience did, on the statistics pages (issue 11): a viewer on a phone, come by a ditch link, signs in by
// SMS, comments, votes, checks in, sends a free gift and pays for one; a second viewer only watches; a robot
// comments. The console's 互动, 占比, 收入, 礼物, 推广排行 and 达人榜 tabs, and the activity list's 数据总览, show it,
// real and virtual apart.

/** A gift icon, uploaded as the agent's picture for the activity. */
async function giftIcon(j: Journey, token: string, activityId: number): Promise<string> {
  const body = new FormData();
  body.append('file', new Blob([PNG], { type: 'image/png' }), 'icon.png');
  const response = await fetch(`${j.server.baseUrl}/api/activity/${activityId}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  assert.equal(response.status, 200, await response.clone().text());
  return ((await response.json()) as { url: string }).url;
}

const statsTab = (page: Page, name: string) =>
  page.getByTestId('stats-tabs').getByRole('tab', { name, exact: true }).click();

const statistic = (page: Page, testId: string) => page.getByTestId(testId).locator('.ant-statistic-content-value');

export function statsAudienceJourneys(j: Journey) {
  journey(
    'stats audience: a phone viewer’s comment, vote, check-in, gifts and SMS sign-in show in the statistics tabs',
    async () => {
      const agent = await j.newAgent();
      const { id } = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: '观众数据旅程' });
      await api(j, agent.token, 'PUT', `/activity/${id}/template`, {
        isVoteFloatingEnabled: true,
        introTabs: [{ title: '聊天室', key: 'chat', type: 'chatRoom' }],
      });
      const ditch = await api<{ sign: string; link: string }>(
        j,
        agent.token,
        'POST',
        `/agent/${agent.id}/promotion-channel`,
        { name: '公众号推文', activityId: id },
      );
      const icon = await giftIcon(j, agent.token, id);
      await api(j, agent.token, 'POST', '/v3/agent/gift', { name: '点赞', icon, price: 0, sort: 0 });
      await api(j, agent.token, 'POST', '/v3/agent/gift', { name: '火箭', icon, price: 100, sort: 1 });
      const robots = await api<{ items: { id: number }[] }>(j, agent.token, 'POST', '/v3/robot', {
        robots: [{ nickname: '场控小助手', avatar: '/robot-avatars/4.svg' }],
      });

      // The viewer, by the ditch's link, signs in by SMS from the title bar.
      // The link is the watch page's path with the ditch's sign.
      const path = ditch.link;
      const phone = await openPhone(j, path, '小林');
      const chat = phone.getByTestId('chat-room');
      await chat.getByText(/在线 \d+/).waitFor();
      const mobile = journeyMobile('135');
      await phone.getByTestId('watch-sign-in').click();
      await signInOnPhone(j, phone, mobile);
      await phone
        .getByTestId('watch-viewer')
        .getByText(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`)
        .waitFor();

      // A comment.
      const input = chat.getByLabel('说点什么…');
      await input.fill('这场发布会太精彩了');
      await input.press('Enter');
      await chat.getByTestId('chat-comment').filter({ hasText: '这场发布会太精彩了' }).waitFor();

      // A robot's comment, from the console's side.
      await api(j, agent.token, 'POST', `/activity/${id}/comment/robot`, {
        robotId: robots.items[0]?.id,
        text: '欢迎大家来到直播间',
      });
      await chat.getByText('欢迎大家来到直播间').waitFor();

      // A vote published: the viewer votes.
      const vote = await api<{ id: number }>(j, agent.token, 'POST', `/v3/activity/${id}/vote`, {
        title: '下一场想看什么？',
        options: ['新品', '访谈'],
      });
      await api(j, agent.token, 'PUT', `/v3/activity/${id}/vote/${vote.id}`, { status: 'published' });
      const voteSheet = phone.getByTestId('vote-sheet');
      await voteSheet.getByRole('button', { name: '访谈' }).click();
      await voteSheet.getByRole('button', { name: '提交投票' }).click();
      await voteSheet.getByText('你已投票，当前结果').waitFor();
      await voteSheet.getByRole('button', { name: '关闭' }).click();

      // A check-in started: the viewer checks in.
      await api(j, agent.token, 'POST', `/v3/activity/${id}/checkin`, { title: '到场签到', durationSeconds: 120 });
      const checkin = phone.getByTestId('checkin-sheet');
      await checkin.getByRole('button', { name: '签到', exact: true }).click();
      await checkin.getByTestId('checkin-done').waitFor();
      await checkin.getByRole('button', { name: '关闭' }).click();

      // A free gift, then a paid one at the sandbox pay page.
      await chat.getByRole('button', { name: '送礼物' }).click();
      const gifts = phone.getByRole('dialog', { name: '送礼物' });
      await gifts.getByRole('option', { name: /点赞/ }).click();
      await gifts.getByRole('button', { name: '赠送', exact: true }).click();
      await gifts.waitFor({ state: 'hidden' });
      await chat.getByTestId('chat-gift').filter({ hasText: '送出 点赞' }).waitFor();
      await chat.getByRole('button', { name: '送礼物' }).click();
      await gifts.getByRole('option', { name: /火箭/ }).click();
      const [payPage] = await Promise.all([
        phone.context().waitForEvent('page'),
        gifts.getByRole('button', { name: '支付 ¥1.00 赠送' }).click(),
      ]);
      // Paid, the pay page returns its window to the watch page: a second visit of the same (signed-in) viewer.
      const returned = payPage.waitForResponse(
        (response) => response.url().endsWith('/visit') && response.request().method() === 'POST',
      );
      await payPage.getByRole('button', { name: '确认支付' }).click();
      await gifts.getByText('支付成功，礼物已送出').waitFor();
      assert.equal((await returned).status(), 200);
      await payPage.close();
      await gifts.getByRole('button', { name: '关闭' }).click();
      await chat.getByTestId('chat-gift').filter({ hasText: '送出 火箭' }).waitFor();
      await j.screenshot(phone, 'stats-audience-phone');

      // A second viewer by the same link only watches, anonymously.
      const watcher = await openPhone(j, path);
      await watcher
        .getByTestId('chat-room')
        .getByText(/在线 \d+/)
        .waitFor();
      await watcher.context().close();

      // The console: 互动 counts the real viewer's comment, vote, gifts and check-in, the robot's comment apart.
      const page = await j.open(`/stats/${id}?tab=interaction#access_token=${agent.token}`);
      await page.getByTestId('stats-activity-name').getByText('观众数据旅程').waitFor();
      await statistic(page, 'stats-interaction-comment').getByText('1', { exact: true }).waitFor();
      await statistic(page, 'stats-interaction-robotComment').getByText('1', { exact: true }).waitFor();
      await statistic(page, 'stats-interaction-avote').getByText('1', { exact: true }).waitFor();
      await statistic(page, 'stats-interaction-gift').getByText('2', { exact: true }).waitFor();
      await statistic(page, 'stats-interaction-checkin').getByText('1', { exact: true }).waitFor();
      await statistic(page, 'stats-interaction-qa').getByText('0', { exact: true }).waitFor();
      await page.getByTestId('stats-interaction-chart').locator('canvas').waitFor();
      await j.screenshot(page, 'stats-audience-interaction');

      // 占比: of the two viewers, one checked in and one signed in by SMS.
      await statsTab(page, '占比');
      await page.waitForURL(`**/stats/${id}?tab=percentage`);
      await page.getByTestId('stats-percentage-checkin-summary').getByText('2 位观众中 1 位，占 50.0%').waitFor();
      await page.getByTestId('stats-percentage-login-summary').getByText('2 位观众中 1 位，占 50.0%').waitFor();
      await page.getByTestId('stats-percentage-login-chart').locator('canvas').waitFor();
      await j.screenshot(page, 'stats-audience-percentage');

      // 收入: the paid gift is the income, the agent's after the platform's fee (10% on the free plan).
      await statsTab(page, '收入');
      await statistic(page, 'stats-income-income').getByText('0.90').waitFor();
      await statistic(page, 'stats-income-gift-reward').getByText('0.90').waitFor();
      await statistic(page, 'stats-income-per-view').getByText('0.00').waitFor();
      await page.getByTestId('stats-income').getByText('1 笔付费礼物').waitFor();
      await page.getByTestId('stats-income-chart').locator('canvas').waitFor();
      await j.screenshot(page, 'stats-audience-income');

      // 礼物: the viewer at the top of the rank.
      await statsTab(page, '礼物');
      await page.getByTestId('top-gift-rank').getByTestId('top-gift-item').first().getByText('¥1.00').waitFor();
      await j.screenshot(page, 'stats-audience-gifts');

      // 推广排行: the ditch brought both visits.
      await statsTab(page, '推广排行');
      const ditchRow = page
        .getByTestId('top-promotion-rank')
        .locator('.ant-table-row')
        .filter({ hasText: '公众号推文' });
      await ditchRow.getByText('2', { exact: true }).waitFor();
      await page.getByTestId('stats-promotion-chart').locator('canvas').waitFor();
      await j.screenshot(page, 'stats-audience-promotion');

      // 达人榜: nobody invited anybody yet.
      await statsTab(page, '达人榜');
      await page.getByTestId('top-share-table').getByText('暂无邀请数据').waitFor();
      await page.getByTestId('talent-ranks-open').click();
      const ranks = page.getByRole('dialog', { name: '完整榜单（前 100 名）' });
      await ranks.getByTestId('talent-ranks').getByText('暂无邀请数据').waitFor();
      await ranks
        .getByRole('button', { name: 'Close' })
        .or(ranks.getByRole('button', { name: '关闭' }))
        .click();
      await ranks.waitFor({ state: 'hidden' });

      // Seed 001 §4/§8: a tab whose loader fails clears its loading and says so in place, with no toast.
      const revenueCall = /\/api\/v3\/activity\/\d+\/revenue/;
      await page.route(revenueCall, (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'x' }),
        }),
      );
      await page.reload();
      await statsTab(page, '收入');
      await page.getByTestId('stats-income').getByText('数据加载失败').first().waitFor();
      await statistic(page, 'stats-income-income').getByText('-', { exact: true }).waitFor();
      assert.equal(await page.locator('.ant-message-notice').count(), 0);
      assert.equal(await page.getByTestId('stats-income').locator('.ant-skeleton').count(), 0);
      await j.screenshot(page, 'stats-audience-income-failed');
      await page.unroute(revenueCall);

      // The activity list's 数据总览: the activity with its figures.
      await page.goto('/');
      await page.getByTestId('channel-stats-open').click();
      const row = page.getByTestId('channel-stats-table').locator('.ant-table-row').filter({ hasText: '观众数据旅程' });
      await row.getByText('机器人 1').waitFor();
      await row.getByText('0.90').waitFor();
      const cells = await row.locator('td').allInnerTexts();
      // Name, PV (the phone twice, the second viewer once), UV, live time, peak, comments, income.
      assert.equal(cells[1], '3');
      assert.equal(cells[2], '2');
      await j.screenshot(page, 'stats-audience-channels');
      await row.getByRole('link', { name: '观众数据旅程' }).click();
      await page.waitForURL(`**/stats/${id}`);
      await page.context().close();
      await phone.context().close();
    },
  );
}
