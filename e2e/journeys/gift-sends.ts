import assert from 'node:assert/strict';
import { PNG } from '../../apps/server/test/upload-form.ts';
import { api, type Journey, journey, openPhone } from '../harness.ts';

// Gifts on the watch page (issue 10): a viewer on a phone sends a free gift and pays for one at the sandbox pay page;
// both show in the chat, and the console shows them in the comments screen's 礼物消息 and in the top-gift rank.

async function uploadIcon(j: Journey, token: string, activityId: number): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'gift.png');
  const response = await fetch(`${j.server.baseUrl}/api/activity/${activityId}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { url: string }).url;
}

export function giftSendJourneys(j: Journey) {
  journey(
    'gift sends: a viewer on a phone sends a free gift and pays for one; the chat, 礼物消息 and the top gifts show them',
    async () => {
      const agent = await j.newAgent();
      const { id } = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: '礼物旅程直播' });
      await api(j, agent.token, 'PUT', `/activity/${id}/template`, {
        introTabs: [
          { title: '聊天室', key: 'chat', type: 'chatRoom' },
          { title: '榜单', key: 'rank', type: 'rank', topGift: true },
        ],
      });
      const icon = await uploadIcon(j, agent.token, id);
      await api(j, agent.token, 'POST', '/v3/agent/gift', { name: '点赞', icon, price: 0, sort: 0 });
      await api(j, agent.token, 'POST', '/v3/agent/gift', { name: '玫瑰', icon, price: 100, sort: 1 });

      const phone = await openPhone(j, `/watch/${id}`);
      const chat = phone.getByTestId('chat-room');
      await chat.getByText('在线 1').waitFor();
      const nickname = (await chat.getByRole('button', { name: /^昵称：/ }).textContent())?.trim() ?? '';
      assert.match(nickname, /^观众\d{4}$/);

      // A free gift: sent at once, in the chat.
      await chat.getByRole('button', { name: '送礼物' }).click();
      const sheet = phone.getByRole('dialog', { name: '送礼物' });
      await sheet.getByRole('option', { name: /点赞/ }).click();
      await sheet.getByRole('button', { name: '赠送', exact: true }).click();
      await sheet.waitFor({ state: 'hidden' });
      await chat.getByTestId('chat-gift').filter({ hasText: '送出 点赞' }).waitFor();

      // A paid one: the sandbox pay page opens in a new window; once paid, the gift shows in the chat.
      await chat.getByRole('button', { name: '送礼物' }).click();
      await sheet.getByRole('option', { name: /玫瑰/ }).click();
      await sheet.getByRole('button', { name: '×10' }).click();
      await j.screenshot(phone, 'gift-sends-panel');
      const [payPage] = await Promise.all([
        phone.context().waitForEvent('page'),
        sheet.getByRole('button', { name: '支付 ¥10.00 赠送' }).click(),
      ]);
      await payPage.getByText('¥10.00').waitFor();
      await payPage.getByRole('button', { name: '确认支付' }).click();
      await sheet.getByText('支付成功，礼物已送出').waitFor();
      // The pay page returns its window to the watch page, which says the gift was sent.
      await payPage.getByTestId('chat-gift-notice').getByText('支付成功，礼物已送出').waitFor();
      assert.equal(new URL(payPage.url()).search, '');
      await payPage.close();
      await sheet.getByRole('button', { name: '关闭' }).click();
      await chat.getByTestId('chat-gift').filter({ hasText: '送出 玫瑰 × 10' }).waitFor();
      await j.screenshot(phone, 'gift-sends-chat');

      // The rank tab on the phone: the viewer at the top of 礼物排行榜.
      await phone.getByRole('tab', { name: '榜单' }).click();
      const phoneRank = phone.getByTestId('watch-top-gift');
      await phoneRank.getByText(nickname).waitFor();
      await phoneRank.getByText('¥10.00').waitFor();
      await j.screenshot(phone, 'gift-sends-rank-tab');
      await phone.getByRole('tab', { name: '聊天室' }).click();

      // The console: 礼物消息 in the moderation screen, and the viewer at the top of 礼物榜.
      const page = await j.open(`/#access_token=${agent.token}`);
      await page.goto(`/board/${id}/comments`);
      const sent = page.getByTestId('sent-gifts');
      await sent.getByText(`${nickname} 送出 玫瑰 × 10`).waitFor();
      await sent.getByText(`${nickname} 送出 点赞 × 1`).waitFor();
      await sent.getByText('¥10.00').waitFor();
      await j.screenshot(page, 'gift-sends-comments');
      await page.goto(`/stats/${id}?tab=gifts`);
      const rank = page.getByTestId('top-gift-rank');
      const first = rank.getByTestId('top-gift-item').first();
      await first.getByText(nickname).waitFor();
      await first.getByText('¥10.00').waitFor();
      await first.getByText('11 个礼物').waitFor();

      // Another free gift while the console looks: the rank follows without a reload.
      await chat.getByRole('button', { name: '送礼物' }).click();
      await sheet.getByRole('option', { name: /点赞/ }).click();
      await sheet.getByRole('button', { name: '赠送', exact: true }).click();
      await first.getByText('12 个礼物').waitFor();
      await rank.scrollIntoViewIfNeeded();
      await j.screenshot(page, 'gift-sends-rank');
      await phone.context().close();
      await page.context().close();
    },
  );
}
