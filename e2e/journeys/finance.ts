import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ADMIN, api, type Journey, journey, openPhone } from '../harness.ts';

// /financial (issue 13): the account recharged through the sandbox pay page and its result page; a bank account added
// with its SMS code (the modal closes, the accounts reload); a withdrawal (提交成功, the balance falls, the cash list
// grows) that the agent above marks paid on its review tab; and a paid view on a phone that pays through the sandbox
// and then plays.

const FFMPEG = '/usr/bin/ffmpeg';

export function financeJourneys(j: Journey) {
  journey('finance: recharge, add a bank account, withdraw, and the agent above pays it out', async () => {
    const agent = await j.newAgent();
    const page = await j.open(`/#access_token=${agent.token}`);
    await page.goto('/financial');
    const balance = page.getByTestId('account-balance');
    await balance.getByText('0.00').waitFor();

    // Recharge: 200 yuan is selected by default (seed 001 §9); the pay page returns to the result, which polls.
    await page.getByRole('button', { name: /充\s*值/ }).click();
    const recharge = page.getByRole('dialog', { name: '账户充值' });
    await recharge.getByText('充值金额').waitFor();
    assert.equal(await recharge.getByRole('radio', { name: '¥ 200' }).isChecked(), true);
    await j.screenshot(page, 'finance-recharge-modal');
    await recharge.getByRole('button', { name: /去支付/ }).click();
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.waitForURL(/\/financial\?tab=account&orderId=\d+$/);
    await page.getByTestId('recharge-result').getByText('充值成功，¥ 200.00 已到账').waitFor();
    await j.screenshot(page, 'finance-recharge-result');
    await page.getByRole('button', { name: '返回账户' }).click();
    await balance.getByText('200.00').waitFor();

    // A bank account: the mobile confirmed by the code the SMS provider sent; the modal closes, the list reloads.
    const mobile = `137${String(Date.now() % 1e8).padStart(8, '0')}`;
    await page.getByRole('button', { name: '添加银行账户' }).click();
    const cardDialog = page.getByRole('dialog', { name: '添加银行账户' });
    await cardDialog.getByLabel('开户名').fill('王五');
    await cardDialog.getByLabel('银行卡号').fill('6222021234567890123');
    await cardDialog.getByLabel('预留手机号').fill(mobile);
    await cardDialog.getByRole('button', { name: '获取验证码' }).click();
    await cardDialog.getByLabel('短信验证码').fill(await j.smsCode(mobile, 'verify'));
    await j.screenshot(page, 'finance-card-modal');
    await cardDialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await cardDialog.waitFor({ state: 'hidden' });
    await page.getByTestId('bank-accounts').getByText('中国工商银行 **** 0123').waitFor();

    // A withdrawal of 50 yuan (the amount starts at 1 yuan): 提交成功, the balance falls, the cash list grows.
    await page
      .getByRole('button', { name: /提\s*现/ })
      .first()
      .click();
    const withdraw = page.getByRole('dialog', { name: '提现' });
    const amount = withdraw.getByLabel('提现金额（元）');
    assert.equal(await amount.inputValue(), '1.00');
    await amount.fill('50');
    await j.screenshot(page, 'finance-withdraw-modal');
    await withdraw.getByRole('button', { name: /提交申请/ }).click();
    await page.getByText('提交成功').first().waitFor();
    await withdraw.waitFor({ state: 'hidden' });
    await balance.getByText('150.00').waitFor();
    const cashRow = page.getByTestId('cash-list').getByRole('row', { name: /50\.00/ });
    await cashRow.getByText('审核中').waitFor();
    await j.screenshot(page, 'finance-account');

    // The agent above (the admin) marks it paid with the transfer's reference.
    const admin = await j.open(`/#access_token=${await j.apiLogin(ADMIN.mobile, ADMIN.password)}`);
    await admin.goto('/financial?tab=review');
    const reviewRow = admin.getByTestId('withdraw-review').getByRole('row', { name: new RegExp(`（${agent.id}）`) });
    await reviewRow.getByText('旅程公司', { exact: false }).waitFor();
    await j.screenshot(admin, 'finance-review-pending');
    await reviewRow.getByRole('button', { name: '标记已打款' }).click();
    const approve = admin.getByRole('dialog', { name: '标记已打款' });
    await approve.getByLabel('打款流水号').fill('TRF-JOURNEY-1');
    await approve.getByRole('button', { name: /确\s*定|OK/ }).click();
    await admin.getByText('操作成功').first().waitFor();
    await admin.getByText('已打款', { exact: true }).first().click();
    await admin.getByTestId('withdraw-review').getByText('TRF-JOURNEY-1').waitFor();
    await j.screenshot(admin, 'finance-review-paid');
    await admin.context().close();

    await page.reload();
    await cashRow.getByText('已打款').waitFor();
    await cashRow.getByText('TRF-JOURNEY-1').waitFor();
    await balance.getByText('150.00').waitFor();
    await page.context().close();
  });

  journey('finance: a paid view on a phone pays through the sandbox pay page and plays', async (t) => {
    const agent = await j.newAgent();
    const activity = await api<{ id: number; stream: { pushUrl: string } }>(j, agent.token, 'POST', '/activity', {
      name: '付费观看旅程直播',
    });
    await api(j, agent.token, 'PUT', `/activity/${activity.id}/pay-config`, { enabled: true, price: 990 });

    const phone = await openPhone(j, `/watch/${activity.id}`);
    const gate = phone.getByTestId('watch-paid-view-gate');
    await gate.getByText('付费观看').waitFor();
    await j.screenshot(phone, 'finance-phone-paid-view-gate');
    await gate.getByRole('button', { name: '支付 ¥9.90 观看' }).click();
    await phone.getByRole('button', { name: '确认支付' }).click();
    await phone.waitForURL(new RegExp(`/watch/${activity.id}`));
    await phone.getByTestId('watch-status').waitFor();
    await gate.waitFor({ state: 'detached' });

    // The agent's income: 9.90 less the free plan's 10% fee.
    const money = await api<{ income: number }>(j, agent.token, 'GET', '/agent/balance');
    assert.equal(money.income, 891);

    if (!existsSync(FFMPEG)) return t.skip('ffmpeg is not installed: the gate opened, nothing to play');
    const ffmpeg = spawn(FFMPEG, [
      ...['-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine', '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '25'],
      ...['-c:a', 'aac', '-t', '60', '-f', 'flv', activity.stream.pushUrl],
    ]);
    try {
      await phone.getByTestId('watch-status').getByText('直播中').waitFor({ timeout: 15_000 });
      await phone.waitForFunction(
        () => ((document.querySelector('[data-testid=watch-video]') as HTMLVideoElement | null)?.currentTime ?? 0) > 1,
        undefined,
        { timeout: 20_000 },
      );
      await j.screenshot(phone, 'finance-phone-paid-view-playing');
    } finally {
      ffmpeg.kill('SIGKILL');
    }
    await phone.context().close();
  });
}
