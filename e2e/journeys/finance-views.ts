import assert from 'node:assert/strict';
import { ADMIN, api, type Journey, journey, openPhone } from '../harness.ts';

// The finance views (issue 13 "Views"): a viewer on a phone pays to watch and pays for a gift at the sandbox pay page;
// the agent finds both in the finance centre's 收入 and its income breakdown (per-view, gift-reward, the account
// detail), the board's earnings tile shows them, the statement and the ledger check agree, a red-packet recharge shows
// on 红包账户, and the upper agent finds the gift in the lower agent's income breakdown in agent administration.

const yuan = (fen: number) => (fen / 100).toFixed(2);

export function financeViewJourneys(j: Journey) {
  journey(
    'finance views: a paid view and a gift paid on the phone show in 收入, the income breakdown and the board’s earnings tile',
    async () => {
      const agent = await j.newAgent();
      const { id } = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: '收益旅程直播' });
      await api(j, agent.token, 'PUT', `/activity/${id}/template`, {
        introTabs: [{ title: '聊天室', key: 'chat', type: 'chatRoom' }],
      });
      await api(j, agent.token, 'POST', '/v3/agent/gift', {
        name: '火箭',
        icon: '/files/rocket.png',
        price: 520,
        sort: 0,
      });

      // Watching is paid (¥1.00), and the viewer pays for a gift on the phone-sized watch page.
      await api(j, agent.token, 'PUT', `/activity/${id}/pay-config`, { enabled: true, price: 100 });
      const phone = await openPhone(j, `/watch/${id}`);
      const gate = phone.getByTestId('watch-paid-view-gate');
      await gate.getByRole('button', { name: '支付 ¥1.00 观看' }).click();
      await phone.getByRole('button', { name: '确认支付' }).click();
      await phone.waitForURL(new RegExp(`/watch/${id}`));
      await gate.waitFor({ state: 'detached' });
      const chat = phone.getByTestId('chat-room');
      await chat.getByText('在线 1').waitFor();
      await chat.getByRole('button', { name: '送礼物' }).click();
      const sheet = phone.getByRole('dialog', { name: '送礼物' });
      await sheet.getByRole('option', { name: /火箭/ }).click();
      const [payPage] = await Promise.all([
        phone.context().waitForEvent('page'),
        sheet.getByRole('button', { name: '支付 ¥5.20 赠送' }).click(),
      ]);
      await payPage.getByRole('button', { name: '确认支付' }).click();
      await sheet.getByText('支付成功，礼物已送出').waitFor();
      await phone.context().close();

      // What the ledger says the agent earned after the platform's fee.
      const earned = await api<{ totalEarnings: number; perView: number; fee: number }>(
        j,
        agent.token,
        'GET',
        `/v3/activity/${id}/earnings`,
      );
      assert.equal(earned.totalEarnings + earned.fee, 520 + 100);
      const earnings = yuan(earned.totalEarnings);
      const giftEarnings = yuan(earned.totalEarnings - earned.perView);

      // 收入: the gift with its fee apart, and the total earnings of the gift and the paid view.
      const page = await j.open(`/#access_token=${agent.token}`);
      await page.goto('/financial?tab=income');
      const table = page.getByTestId('earnings-table');
      const row = table.locator('tbody tr').filter({ hasText: '火箭 × 1' });
      await row.getByText('收益旅程直播').waitFor();
      await row.getByText('5.20').waitFor();
      await row.getByText(giftEarnings).waitFor();
      await page.getByTestId('earnings-total').getByText(earnings).waitFor();
      await j.screenshot(page, 'finance-views-income');

      // 收入明细: the gift-reward tab and the account detail (the agent's transactions), 5 a page.
      await page.getByRole('tab', { name: '收入明细' }).click();
      await page.getByRole('tab', { name: '礼物打赏' }).click();
      const gifts = page.getByTestId('breakdown-gift-reward');
      await gifts.locator('tbody tr').filter({ hasText: '火箭 × 1' }).getByText(giftEarnings).waitFor();
      await page.getByTestId('breakdown-total-gift-reward').getByText(`合计收益 ¥ ${giftEarnings}`).waitFor();
      await j.screenshot(page, 'finance-views-breakdown');
      await page.getByRole('tab', { name: '付费观看' }).click();
      await page.getByTestId('breakdown-per-view').locator('tbody tr').first().getByText('1.00').waitFor();
      await j.screenshot(page, 'finance-views-per-view');
      await page.getByRole('tab', { name: '账户明细' }).click();
      const detail = page.getByTestId('breakdown-account').locator('tbody tr').first();
      await detail.getByText('礼物打赏收入').waitFor();
      await detail.getByText(`+${giftEarnings}`).waitFor();
      await j.screenshot(page, 'finance-views-transactions');

      // The board: the earnings tile.
      await page.goto(`/board/${id}`);
      await page.getByTestId('board-earnings').getByText(earnings).waitFor();
      await page.getByTestId('board-red-pack').getByText('0.00').waitFor();
      await page.getByTestId('board-earnings').scrollIntoViewIfNeeded();
      await j.screenshot(page, 'finance-views-board');

      // The statement of the month reconciles: its table lists the accounts the payment moved.
      await page.goto('/financial?tab=statement');
      const accounts = page.getByTestId('statement-accounts');
      await accounts.getByText('观众收入').waitFor();
      await accounts.getByText('支付通道清算').waitFor();
      await page.getByTestId('ledger-check').click();
      await page.getByText(/账本一致/).waitFor();
      await j.screenshot(page, 'finance-views-statement');

      // 红包账户: a recharge paid at the sandbox pay page comes back to the tab with its balance and its entry.
      const recharge = await api<{ payUrl: string }>(j, agent.token, 'POST', '/v3/agent/red-pack/recharge', {
        amount: 2000,
        returnPath: '/financial?tab=redPack',
      });
      await page.goto(recharge.payUrl);
      await page.getByRole('button', { name: '确认支付' }).click();
      await page.getByTestId('red-pack-balance').getByText('20.00').waitFor();
      await page.locator('tbody tr').filter({ hasText: '红包充值' }).getByText('+20.00').waitFor();
      await j.screenshot(page, 'finance-views-red-pack');

      // 流量与用量: the plan's flux, nothing served yet, and storage.
      await page.getByRole('tab', { name: '流量与用量' }).click();
      const plan = await api<{ remainingGb: number }>(j, agent.token, 'GET', `/agent/${agent.id}/flux-resource`);
      await page.getByTestId('flux-remaining').getByText(plan.remainingGb.toFixed(2)).waitFor();
      await page.getByText('所选日期内没有推流').waitFor();
      await j.screenshot(page, 'finance-views-usage');
      await page.context().close();

      // Agent administration: the upper agent reads the lower agent's income breakdown.
      const admin = await j.apiLogin(ADMIN.mobile, ADMIN.password);
      const upper = await j.open(`/#access_token=${admin}`);
      await upper.goto(`/agent/${agent.id}/edit`);
      await upper.getByRole('tab', { name: '收入明细' }).click();
      await upper.getByRole('tab', { name: '礼物打赏' }).click();
      await upper.getByTestId('breakdown-gift-reward').locator('tbody tr').filter({ hasText: '火箭 × 1' }).waitFor();
      await j.screenshot(upper, 'finance-views-agent-income');
      await upper.context().close();
    },
  );
}
