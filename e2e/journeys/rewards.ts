import assert from 'node:assert/strict';
import { api, type Journey, journey, openPhone } from '../harness.ts';

// /board/:id/rewards with a viewer's phone beside it: the red-packet account recharged through the sandbox pay page,
// a lottery drawn among the viewers online (the phone is the pool, and sees 恭喜中奖), and a red packet sent from the
// console that the phone opens and sees its amount, the balance going down by the packet.

export function rewardJourneys(j: Journey) {
  journey('rewards: a lottery draw and a red packet reach the viewer', async () => {
    const agent = await j.newAgent();
    const { id } = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: '抽奖红包旅程直播' });
    await api(j, agent.token, 'PUT', `/activity/${id}/template`, {
      introTabs: [{ title: '聊天室', key: 'chat', type: 'chatRoom' }],
    });

    const phone = await openPhone(j, `/watch/${id}`);
    await phone.getByTestId('chat-room').getByText('在线 1').waitFor();

    const page = await j.open(`/#access_token=${agent.token}`);
    await page.goto(`/board/${id}/rewards`);
    const balance = page.getByTestId('red-pack-balance');
    await balance.getByText('0.00').waitFor();

    // The red-packet account: 100 yuan through the sandbox pay page, back on this screen with the balance.
    await page.getByRole('button', { name: /充\s*值/ }).click();
    const recharge = page.getByRole('dialog', { name: '红包账户充值' });
    await recharge.getByLabel('充值金额（元）').fill('100');
    await recharge.getByRole('button', { name: /去支付/ }).click();
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.waitForURL(new RegExp(`/board/${id}/rewards$`));
    await balance.getByText('100.00').waitFor();

    // The lottery: switched on with its prize, drawn among the viewers online now (the phone).
    const lottery = page.getByTestId('lottery-card');
    await lottery.getByRole('switch').first().click();
    await lottery.getByPlaceholder('如：扫地机器人').fill('智能音箱');
    await lottery.getByRole('button', { name: /保存设置/ }).click();
    await page.getByText('设置成功').first().waitFor();
    await lottery.getByRole('button', { name: /开始抽奖/ }).click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('开奖成功，共 1 位中奖观众').first().waitFor();
    await page.getByTestId('lottery-draws').getByText('智能音箱').waitFor();

    const overlay = phone.getByTestId('lottery-overlay');
    await overlay.getByText('恭喜中奖').waitFor();
    await overlay.getByText('奖品：智能音箱').waitFor();
    const winner = (await overlay.getByTestId('lottery-winners').locator('li').allTextContents())[0] ?? '';
    // The winner's name is the one the phone's chat shows for itself.
    assert.match(winner, /^观众\d{4}$/);
    await phone.getByRole('button', { name: new RegExp(winner) }).waitFor();
    await page.getByTestId('lottery-draws').getByText(winner).waitFor();
    await j.screenshot(phone, 'rewards-phone-lottery');
    await overlay.getByRole('button', { name: '关闭' }).click();

    // A red packet of 10 yuan in 5 shares: the phone opens it and sees its share; the balance is 90 yuan.
    const redPacket = page.getByTestId('red-packet-card');
    await redPacket.getByLabel('总金额（元）').fill('10');
    await redPacket.getByLabel('红包个数').fill('5');
    await redPacket.getByLabel('祝福语').fill('新年快乐');
    await redPacket.getByRole('button', { name: /发红包/ }).click();
    await page.getByText('红包已发出').first().waitFor();
    await balance.getByText('90.00').waitFor();

    const packet = phone.getByTestId('red-packet');
    await packet.getByText('新年快乐').waitFor();
    await j.screenshot(phone, 'rewards-phone-red-packet');
    await packet.getByRole('button', { name: '開' }).click();
    const amount = packet.getByTestId('red-packet-amount');
    await amount.getByText('恭喜你抢到').waitFor();
    const shown = (await amount.textContent()) ?? '';
    const yuan = /(\d+\.\d{2}) 元/.exec(shown)?.[1];
    assert.ok(yuan, shown);
    const grabbed = await api<{ items: { amount: number }[] }>(
      j,
      agent.token,
      'GET',
      `/v3/activity/${id}/red-packets/${(await api<{ items: { id: number }[] }>(j, agent.token, 'GET', `/v3/activity/${id}/red-packets`)).items[0]?.id}/grabs`,
    );
    assert.equal(grabbed.items.length, 1);
    assert.equal((grabbed.items[0]?.amount ?? 0) / 100, Number(yuan));
    await j.screenshot(phone, 'rewards-phone-grabbed');

    await page.reload();
    await page.getByTestId('red-packets').getByText('1/5 个').waitFor();
    await j.screenshot(page, 'rewards-console');
    await phone.context().close();
    await page.context().close();
  });
}
