import assert from 'node:assert/strict';
import { api, type Journey, journey, openPhone } from '../harness.ts';

// Issue 10, the audience side: the organiser sets the invitation card in the console; viewer A opens its card on a
// phone and shares its link; viewer B (another phone) opens the link; the console's statistics and the watch page's
// rank tab show A with one invitee; a 图文直播 post from the console reaches A's open tab without a reload.

export function invitationJourneys(j: Journey) {
  journey(
    'invitations: a card set in the console gives viewer A a link; B opens it; A tops the share ranking in the console and the rank tab; a 图文直播 post reaches A live',
    async () => {
      const agent = await j.newAgent();
      const { id } = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: '邀请卡发布会' });
      await api(j, agent.token, 'PUT', `/activity/${id}/template`, {
        introTabs: [
          { title: '聊天室', key: 'chat', type: 'chatRoom' },
          { title: '排行榜', key: 'rank', type: 'rank', topShare: true },
          { title: '图文直播', key: 'live', type: 'textLive' },
          { title: '商品', key: 'shop', type: 'productMessage' },
        ],
      });

      // The console: switch the card on with its texts.
      const consolePage = await j.open(`/#access_token=${agent.token}`);
      await consolePage.goto(`/board/${id}/settings?tab=invitation`);
      await consolePage.getByLabel('启用邀请卡').click();
      await consolePage.getByLabel('邀请卡标题').fill('邀你一起看发布会');
      await consolePage.getByLabel('邀请语').fill('新品首发，扫码即可观看');
      await consolePage.getByTestId('invitation-preview').getByText('邀你一起看发布会').waitFor();
      await consolePage
        .getByRole('button', { name: '保 存' })
        .or(consolePage.getByRole('button', { name: '保存' }))
        .click();
      await consolePage.getByText('设置成功').waitFor();
      await j.screenshot(consolePage, 'invitations-console-card');

      // Viewer A opens its card: the organiser's texts, A as inviter, a QR code and a link naming A.
      const a = await openPhone(j, `/watch/${id}`, '阿明');
      await a.getByTestId('chat-room').getByText('在线').waitFor();
      await a.getByTestId('watch-invitation').click();
      const card = a.getByTestId('invitation-card');
      await card.getByText('邀你一起看发布会').waitFor();
      await card.getByText('新品首发，扫码即可观看').waitFor();
      await card.getByText('阿明 邀请你观看').waitFor();
      await card.locator('svg').first().waitFor();
      await a.getByTestId('invitation-count').getByText('已邀请 0 人').waitFor();
      const link = await a.getByTestId('invitation-link').inputValue();
      const url = new URL(link);
      assert.equal(url.pathname, `/watch/${id}`);
      assert.match(url.searchParams.get('invitedBy') ?? '', /^[A-Za-z0-9_-]{16,64}$/);
      await j.screenshot(a, 'invitations-phone-card');
      await a.getByRole('button', { name: '关闭' }).click();

      // Viewer B, another phone, opens A's link; its visit is counted once the chat knows it.
      const b = await openPhone(j, `${url.pathname}${url.search}`);
      await b.getByTestId('chat-room').getByText('在线').waitFor();

      // The console's statistics: A first, with one invitee, and B among the invitees.
      await consolePage.goto(`/stats/${id}?tab=talent`);
      const top = consolePage.getByTestId('top-share-table');
      const row = top.getByRole('row', { name: /阿明/ });
      await row.waitFor();
      assert.equal((await row.getByRole('cell').nth(2).innerText()).trim(), '1');
      await consolePage.getByTestId('invitee-table').getByRole('row', { name: /阿明/ }).waitFor();
      await j.screenshot(consolePage, 'invitations-console-stats');

      // The watch page's rank tab shows the same.
      await a.getByRole('tab', { name: '排行榜' }).click();
      const rank = a.getByTestId('rank-top-share');
      await rank.getByText('阿明').waitFor();
      await rank.getByText('邀请 1 人').waitFor();
      await j.screenshot(a, 'invitations-phone-rank');

      // 图文直播: A has the tab open; the console publishes; the post appears on A's page without a reload.
      await a.getByRole('tab', { name: '图文直播' }).click();
      await a.getByText('图文直播尚未开始').waitFor();
      await consolePage.goto(`/board/${id}/settings?tab=textLive`);
      await consolePage.getByTestId('text-live-input').fill('19:30 新品正式亮相，现场掌声雷动');
      await consolePage.getByTestId('text-live-publish').click();
      await consolePage.getByText('发送成功').waitFor();
      await consolePage.getByTestId('text-live-list').getByText('19:30 新品正式亮相，现场掌声雷动').waitFor();
      await a.getByTestId('text-live-post').getByText('19:30 新品正式亮相，现场掌声雷动').waitFor();
      await j.screenshot(consolePage, 'invitations-console-text-live');
      await j.screenshot(a, 'invitations-phone-text-live');

      // The products tab of an activity without a shop says so, rather than showing nothing.
      await a.getByRole('tab', { name: '商品' }).click();
      await a.getByText('暂无商品').waitFor();
    },
  );
}
