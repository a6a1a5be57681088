import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { ADMIN, type Journey, journey } from '../harness.ts';

// Buy packages on /price through the sandbox pay page, see each order become paid, then find them on /order (with
// its download and the activity's payments) and on /expense.

export function priceJourneys(j: Journey) {
  journey('buy packages through the sandbox pay page and find them on the orders and expense screens', async () => {
    const adminToken = await j.apiLogin(ADMIN.mobile, ADMIN.password);
    const api = async (method: string, path: string, token: string, body?: unknown) => {
      const response = await fetch(`${j.server.baseUrl}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      assert.equal(response.status, 200, `${method} ${path}: ${await response.clone().text()}`);
      return response.json() as Promise<{ id: number }>;
    };
    // A lower agent of its own, so the journey starts from an agent without a package.
    const buyer = { mobile: '13755550001', password: 'buyer-pass-1' };
    await api('POST', '/agent/agent', adminToken, { ...buyer, company: '浏览器采购科技', contact: '王采购' });
    const token = await j.apiLogin(buyer.mobile, buyer.password);
    const activity = await api('POST', '/activity', token, { name: '年度发布会直播' });

    const page = await j.open(`/price#access_token=${token}`);
    await page.getByText('尚未购买套餐').waitFor();
    // Without a package the agent is on the free plan, whose caps the server enforces (issue 8).
    await page
      .getByTestId('free-plan')
      .getByText('当前为免费版：可创建 20 场活动 · 5 个子账号 · 10 GB 观看流量 · 2 GB 存储空间')
      .waitFor();
    // The package type tab defaults to trail (seed 001 §4).
    await page.getByRole('tab', { name: '试用套餐', selected: true }).waitFor();
    await page.getByTestId('package-100001').waitFor();
    await j.screenshot(page, 'price-choose');

    // Step 0 → 1: the professional package, with a promotion code.
    await page.getByRole('tab', { name: '年度套餐' }).click();
    await page.getByTestId('package-100003').getByRole('button', { name: '立即购买' }).click();
    await page.getByLabel('优惠码').fill('WELCOME10');
    await page
      .getByTestId('purchase-outcome')
      .getByText(/^支付后立即生效，有效期至 \d{4}-\d{2}-\d{2}$/)
      .waitFor();
    await j.screenshot(page, 'price-confirm');
    await page.getByRole('button', { name: '提交订单' }).click();

    // The sandbox pay page, outside the console: confirm.
    await page.waitForURL(/\/sandbox\/pay\/checkout\?t=/);
    await page.getByText('¥44820.00').waitFor();
    await j.screenshot(page, 'price-pay-page');
    await page.getByRole('button', { name: '确认支付' }).click();

    // Back on /price, the polling shows paid and the package takes effect.
    await page.waitForURL(/\/price\?orderId=\d+$/);
    const firstOrder = Number(new URL(page.url()).searchParams.get('orderId'));
    await page.getByText('支付成功').waitFor();
    await page.getByTestId('current-package').getByText('专业版').waitFor();
    await j.screenshot(page, 'price-paid');

    // Buying again while 专业版 is current: the confirm step says it renews it, from its end, before paying.
    await page.getByRole('button', { name: '继续购买' }).click();
    await page.getByTestId('package-100001').getByRole('button', { name: '立即购买' }).click();
    const outcome = page.getByTestId('purchase-outcome');
    await outcome
      .getByText(/^续费\/升级当前套餐「专业版」：有效期从 \d{4}-\d{2}-\d{2} 顺延至 \d{4}-\d{2}-\d{2}$/)
      .waitFor();
    await outcome.getByText('观看流量累加').waitFor();
    await outcome.getByText('购买后：可创建 200 场活动 · 30 个子账号 · 5020 GB 观看流量 · 500 GB 存储空间').waitFor();
    await j.screenshot(page, 'price-confirm-renewal');
    await page.getByRole('button', { name: '上一步' }).click();

    // Package 100005 is bought for an activity: the form asks for it in Chinese before anything is sent.
    await page.getByRole('tab', { name: '单场活动套餐' }).click();
    await page.getByTestId('package-100005').getByRole('button', { name: '立即购买' }).click();
    await page.getByTestId('purchase-outcome').getByText('不改变当前套餐及其有效期', { exact: false }).waitFor();
    await page.getByRole('button', { name: '提交订单' }).click();
    await page.getByText('请选择活动').waitFor();
    await page.getByTestId('activity-select').click();
    await page.locator('.ant-select-item-option', { hasText: '年度发布会直播' }).click();
    await page.getByRole('button', { name: '提交订单' }).click();
    await page.waitForURL(/\/sandbox\/pay\/checkout\?t=/);
    await page.getByText('¥999.00').waitFor();
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.waitForURL(/\/price\?orderId=\d+$/);
    const secondOrder = Number(new URL(page.url()).searchParams.get('orderId'));
    await page.getByText('支付成功').waitFor();

    // /order lists both, paid, and downloads them as CSV with a BOM.
    await page.getByRole('button', { name: '查看订单' }).click();
    await page.waitForURL(/\/order$/);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows
      .filter({ hasText: String(secondOrder) })
      .getByText('已支付')
      .waitFor();
    await rows
      .filter({ hasText: String(firstOrder) })
      .getByText('已支付')
      .waitFor();
    await page.getByText('共 2 条').waitFor();
    await j.screenshot(page, 'orders-list');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /下载订单/ }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^套餐订单-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) as string, 'utf8');
    assert.ok(csv.startsWith('\uFEFF订单号,'), csv.slice(0, 40));
    assert.ok(csv.includes(`${firstOrder},`) && csv.includes(`${secondOrder},`));

    // The activity's payments: the package bought for it.
    await page.getByRole('tab', { name: '活动付款记录' }).click();
    await page.getByTestId('pay-activity-select').click();
    await page.locator('.ant-select-item-option', { hasText: '年度发布会直播' }).click();
    const payRow = page.locator('tr.ant-table-row', { hasText: '套餐购买' });
    await payRow.filter({ hasText: '单场活动套餐' }).getByText('¥999.00').waitFor();
    await j.screenshot(page, 'orders-activity-pay');
    assert.ok(activity.id > 0);

    // /expense: both charges and their total.
    await page.goto('/expense');
    await page.getByText('¥44820.00').waitFor();
    await page.getByText('¥999.00').waitFor();
    await page.getByTestId('expense-total').getByText('45,819.00').waitFor();
    await j.screenshot(page, 'expense-list');
    await page.context().close();
  });

  journey('cancel at the sandbox pay page and see the order fail, with nothing charged', async () => {
    const adminToken = await j.apiLogin(ADMIN.mobile, ADMIN.password);
    const buyer = { mobile: '13755550002', password: 'buyer-pass-2' };
    const created = await fetch(`${j.server.baseUrl}/api/agent/agent`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...buyer, company: '取消支付科技', contact: '李取消' }),
    });
    assert.equal(created.status, 200);
    const token = await j.apiLogin(buyer.mobile, buyer.password);
    const page = await j.open(`/price#access_token=${token}`);
    await page.getByTestId('package-100001').getByRole('button', { name: '立即购买' }).click();
    await page.getByLabel('优惠码').fill('NOPE');
    await page.getByRole('button', { name: '提交订单' }).click();
    // An unknown promotion code is refused in Chinese, and the flow stays on the confirm step.
    await page.getByText('优惠码无效或已过期').waitFor();
    await page.getByLabel('优惠码').fill('');
    await page.getByRole('button', { name: '提交订单' }).click();
    await page.waitForURL(/\/sandbox\/pay\/checkout\?t=/);
    await page.getByRole('button', { name: '取消支付' }).click();
    await page.waitForURL(/\/price\?orderId=\d+$/);
    await page.getByText('支付未完成').waitFor();
    await page.getByText('尚未购买套餐').waitFor();
    await j.screenshot(page, 'price-failed');
    await page.goto('/expense');
    await page.getByText('暂无消费记录').waitFor();
    await page.goto('/order');
    await page.locator('tr.ant-table-row').getByText('已失败').waitFor();
    await page.context().close();
  });

  journey('an expired package: the card says 已过期 and what applies now, and buying again starts afresh', async () => {
    const agent = await j.newAgent();
    const page = await j.open(`/price#access_token=${agent.token}`);
    await page.getByText('尚未购买套餐').waitFor();
    // Expiry itself is decided by the server at each request (the API tests set expires_at in the past); a browser
    // journey cannot wait a week, so the answer is given here as the server gives it for a package that lapsed.
    await page.route('**/api/agent/packageConfig', async (route) => {
      const response = await route.fetch();
      const config = await response.json();
      config.current = {
        packageId: 100003,
        packageName: '专业版',
        startedAt: '2025-01-01T00:00:00.000Z',
        expiresAt: '2026-01-01T00:00:00.000Z',
        expired: true,
        activityQuota: config.freePlan.activityQuota,
        subagentQuota: config.freePlan.subagentQuota,
        fluxGb: config.freePlan.fluxGb,
        storageGb: config.freePlan.storageGb,
        hasContract: false,
      };
      await route.fulfill({ response, json: config });
    });
    await page.reload();
    const card = page.getByTestId('current-package');
    await card.getByText('专业版').waitFor();
    await card.getByTestId('package-expired').getByText('已过期').waitFor();
    // What applies now is the free plan's, as the server enforces it.
    await card.getByText('2 GB').waitFor();
    await page.getByText('套餐已过期，其权益已停止', { exact: false }).waitFor();
    await page.getByTestId('package-100001').getByRole('button', { name: '立即购买' }).click();
    const outcome = page.getByTestId('purchase-outcome');
    await outcome.getByText(/^支付后立即生效/).waitFor();
    await outcome.getByText('原套餐「专业版」已过期，其剩余权益不会叠加到新套餐').waitFor();
    await j.screenshot(page, 'price-expired');
    await page.context().close();
  });

  journey(
    '提交订单 clicked twice makes one order; an unpaid order is cancelled on /order and paid again from /price',
    async () => {
      const agent = await j.newAgent();
      const orders = async () => {
        const response = await fetch(`${j.server.baseUrl}/api/agent/order`, {
          headers: { authorization: `Bearer ${agent.token}` },
        });
        return ((await response.json()) as { items: { id: number; status: string }[] }).items;
      };
      const page = await j.open(`/price#access_token=${agent.token}`);
      await page.getByTestId('package-100001').getByRole('button', { name: '立即购买' }).click();
      // Issue 8: two clicks 35 ms apart made orders 700001 and 700002.
      await page.getByRole('button', { name: '提交订单' }).dblclick();
      await page.waitForURL(/\/sandbox\/pay\/checkout\?t=/);
      const placed = await orders();
      assert.equal(placed.length, 1);
      const first = placed[0]?.id as number;

      // Left unpaid: /order offers 取消订单 (after a confirmation) and 继续支付 for the agent's own unpaid order.
      await page.goto('/order');
      const row = page.getByTestId(`pending-order-${first}`);
      await row.getByRole('button', { name: '取消订单' }).click();
      await page.getByRole('tooltip').getByRole('button', { name: '取消订单' }).click();
      await page.getByText(`订单 ${first} 已取消`).waitFor();
      await page
        .locator('tr.ant-table-row')
        .filter({ hasText: String(first) })
        .getByText('已失败')
        .waitFor();
      assert.equal((await orders())[0]?.status, 'failed');

      // Another order left unpaid: its result on /price offers 继续支付, which opens its pay page again.
      await page.goto('/price');
      await page.getByTestId('package-100001').getByRole('button', { name: '立即购买' }).click();
      await page.getByRole('button', { name: '提交订单' }).click();
      await page.waitForURL(/\/sandbox\/pay\/checkout\?t=/);
      const second = (await orders()).find((order) => order.status === 'init')?.id as number;
      await page.goto(`/price?orderId=${second}`);
      await page.getByText('等待支付结果…').waitFor();
      await j.screenshot(page, 'price-pending-order');
      await page.getByTestId(`pending-order-${second}`).getByRole('button', { name: '继续支付' }).click();
      await page.waitForURL(/\/sandbox\/pay\/checkout\?t=/);
      await page.getByRole('button', { name: '确认支付' }).click();
      await page.waitForURL(/\/price\?orderId=\d+$/);
      await page.getByText('支付成功').waitFor();
      await page.context().close();
    },
  );
}
