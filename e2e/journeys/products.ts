import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { parseCsv } from '../../apps/server/test/exports/parse-csv.ts';
import { api, type Journey, journey, openPhone } from '../harness.ts';
import { FFMPEG, push } from './live-ops.ts';

// Products and the shop: the console adds a product with a picture (/product/create, 创建成功), opens an activity's
// shop with it (/application/product/create), and presents it (讲解) from the live operations screen while the
// activity is live and a phone watches; the phone sees the 讲解中 card pop up over the player, opens it and buys it
// through the sandbox pay page with a delivery; the order shows in the console's orders of the activity (marked
// shipped), the product's stock is raised on its edit page (保存成功), two old products are deleted at once (删除成功),
// the agent's income is the price less the platform's fee (收入: 商品销售), its income breakdown's 商品销售 tab downloads
// the sale as a CSV, and the statement's ledger check is one. The 讲解中 card shows on a page without a 商品 tab too.

/** A product photo drawn by the browser itself (a blue cup on a soft background), so the journey needs no image file. */
async function productPicture(j: Journey): Promise<Buffer> {
  const page = await j.browser.newPage({ viewport: { width: 320, height: 320 } });
  await page.setContent(`<div id="p" style="width:320px;height:320px;display:flex;align-items:center;justify-content:center;
    background:linear-gradient(135deg,#e8f3ff,#bedaff)"><div style="width:150px;height:180px;border-radius:18px 18px 40px 40px;
    background:#1677ff;box-shadow:0 12px 30px rgba(22,119,255,.35)"></div></div>`);
  const png = await page.locator('#p').screenshot();
  await page.close();
  return png;
}

/** Picks an option of an antd select by typing its name. */
async function pick(page: Page, testId: string, name: string) {
  const select = page.getByTestId(testId);
  await select.click();
  await select.locator('input').fill(name);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first().click();
}

export function productJourneys(j: Journey) {
  journey(
    'products: a product with a picture, bound to an activity’s shop, presented (讲解中) to a phone that buys it at the sandbox pay page; the order and the income follow',
    async (t) => {
      if (!existsSync(FFMPEG)) return t.skip('ffmpeg is not installed');
      const agent = await j.newAgent();
      const { id, stream } = await api<{ id: number; stream: { pushUrl: string } }>(
        j,
        agent.token,
        'POST',
        '/activity',
        {
          name: '好物直播间',
        },
      );
      // The activity is live: a test picture pushed to it while the product is presented and bought.
      const ffmpeg = push(stream.pushUrl, 120);
      try {
        const console = await j.open(`/#access_token=${agent.token}`);

        // /product/create: a name, a picture, a price and stock; 创建成功, and the list shows it.
        await console.goto('/product/create');
        await console.getByTestId('product-name').fill('星河保温杯');
        await console
          .getByTestId('product-pictures')
          .locator('input[type=file]')
          .setInputFiles({ name: 'cup.png', mimeType: 'image/png', buffer: await productPicture(j) });
        await console.getByTestId('product-pictures').locator('img').first().waitFor();
        await console.getByTestId('product-price').fill('9.90');
        await console.getByLabel('原价（元）').fill('19.90');
        await console.getByTestId('product-stock').fill('3');
        await j.screenshot(console, 'products-create');
        await console.getByTestId('product-submit').click();
        await console.getByText('创建成功').waitFor();
        await console.waitForURL('**/product/list');
        const row = console.locator('tbody tr').filter({ hasText: '星河保温杯' });
        await row.getByText('¥9.90').waitFor();
        await row.getByText('平台内购买').waitFor();
        await j.screenshot(console, 'products-list');

        // /application/product/create: the activity's shop with the product; on to its screen.
        await console.goto('/application/product/create');
        await pick(console, 'shop-activity', '好物直播间');
        await pick(console, 'shop-products', '星河保温杯');
        await console.keyboard.press('Escape');
        await console.getByTestId('shop-create').click();
        await console.getByText('创建成功').waitFor();
        await console.waitForURL(/\/application\/product\/edit\?activityId=\d+&shopId=\d+/);
        const shopId = Number(new URL(console.url()).searchParams.get('shopId'));
        assert.ok(shopId > 0);
        await console.getByTestId('shop-product').getByText('星河保温杯').waitFor();

        // The watch page's 商品 tab names that shop (productListId); a phone opens it.
        await api(j, agent.token, 'PUT', `/activity/${id}/template`, {
          introTabs: [
            { title: '聊天室', key: 'chat', type: 'chatRoom' },
            { title: '商品', key: 'shop', type: 'productMessage', productListId: shopId },
          ],
        });
        const phone = await openPhone(j, `/watch/${id}`);
        await phone.getByTestId('watch-status').getByText('直播中').waitFor({ timeout: 20_000 });
        await phone.getByTestId('chat-room').getByText('在线 1').waitFor();
        await phone.getByRole('tab', { name: '商品' }).click();
        const card = phone.getByTestId('product-card').filter({ hasText: '星河保温杯' });
        await card.getByText('¥9.90').waitFor();
        await card.getByText('¥19.90').waitFor();
        await card.getByText('库存 3').waitFor();
        await j.screenshot(phone, 'products-phone-tab');

        await j.screenshot(console, 'products-shop');

        // 讲解 from the live operations screen: the phone sees the card pop up over the player.
        const shopPath = new URL(console.url()).pathname + new URL(console.url()).search;
        await console.goto(`/board/${id}/live-ops`);
        await console.getByTestId('live-ops-pushing').getByText('直播中').waitFor({ timeout: 20_000 });
        const live = console.getByTestId('live-product-card');
        await live.getByRole('button', { name: /讲\s*解/ }).click();
        await console.getByText('推送成功').waitFor();
        await live.getByText('讲解中').waitFor();
        await j.screenshot(console, 'products-live-ops');
        const pushed = phone.getByTestId('product-pushed');
        await pushed.getByText('讲解中').waitFor();
        await pushed.getByText('星河保温杯').waitFor();
        // The card has popped up (its animation over) before the picture is taken.
        await pushed.evaluate((card) => Promise.all(card.getAnimations().map((animation) => animation.finished)));
        await j.screenshot(phone, 'products-phone-pushed');

        // A page without a 商品 tab (its tabs a chat room only) shows the card too, as the host presents to everyone.
        const tabs = (shop: boolean) => ({
          introTabs: [
            { title: '聊天室', key: 'chat', type: 'chatRoom' },
            ...(shop ? [{ title: '商品', key: 'shop', type: 'productMessage', productListId: shopId }] : []),
          ],
        });
        await api(j, agent.token, 'PUT', `/activity/${id}/template`, tabs(false));
        const chatOnly = await openPhone(j, `/watch/${id}`);
        await chatOnly.getByTestId('chat-room').waitFor();
        assert.equal(await chatOnly.getByRole('tab', { name: '商品' }).count(), 0);
        await chatOnly.getByTestId('product-pushed').getByText('讲解中').waitFor();
        await chatOnly.getByTestId('product-pushed').getByText('星河保温杯').waitFor();
        await j.screenshot(chatOnly, 'products-phone-pushed-no-shop-tab');
        await chatOnly.context().close();
        await api(j, agent.token, 'PUT', `/activity/${id}/template`, tabs(true));

        // 去购买 on the card: the sheet, the delivery, the sandbox pay page, and back to the watch page, paid.
        await pushed.getByRole('button', { name: '去购买' }).click();
        const sheet = phone.getByTestId('product-sheet');
        await sheet.getByTestId('product-buy').click();
        await sheet.getByLabel('收货人').fill('林小姐');
        await sheet.getByLabel('手机号').fill('13912345678');
        await sheet.getByLabel('收货地址').fill('杭州市西湖区文三路 90 号');
        await j.screenshot(phone, 'products-phone-order');
        await sheet.getByRole('button', { name: '支付 ¥9.90' }).click();
        await phone.getByRole('button', { name: '确认支付' }).waitFor();
        await phone.getByText('¥9.90').first().waitFor();
        await phone.getByRole('button', { name: '确认支付' }).click();
        await phone.getByTestId('shop-order-notice').getByText('支付成功：星河保温杯，我们会尽快发货').waitFor();
        await j.screenshot(phone, 'products-phone-paid');
        // What is left went down with the sale.
        await phone.getByRole('tab', { name: '商品' }).click();
        await phone.getByTestId('product-card').getByText('库存 2').waitFor();

        // The console: the shop's screen shows the product presented, and the order with its buyer, paid; marked shipped.
        await console.goto(shopPath);
        await console.getByTestId('shop-product').getByText('讲解中').waitFor();
        const order = console.getByTestId('shop-orders').locator('tbody tr').filter({ hasText: '星河保温杯' });
        await order.getByText('林小姐 13912345678').waitFor();
        await order.getByText('已支付').waitFor();
        await order.getByRole('cell', { name: '¥9.90', exact: true }).waitFor();
        await order.getByRole('button', { name: '标记发货' }).click();
        await console.getByText('已标记发货').waitFor();
        await order.getByText('已发货').waitFor();
        await j.screenshot(console, 'products-orders');

        // /application/product: the shop among the agent's shops.
        await console.goto('/application/product');
        const shopRow = console.locator('tbody tr').filter({ hasText: '好物直播间' });
        await shopRow.getByRole('link', { name: '好物直播间' }).waitFor();
        // Its id (the product tab's productListId), one product, one paid order.
        assert.deepEqual(
          await shopRow
            .locator('td')
            .allInnerTexts()
            .then((cells) => cells.slice(1, 4)),
          [String(shopId), '1', '1'],
        );
        await j.screenshot(console, 'products-shops');

        // /product/:id/edit: more stock, 保存成功; then two old products deleted at once from the list, 删除成功.
        await console.goto('/product/list');
        await console
          .locator('tbody tr')
          .filter({ hasText: '星河保温杯' })
          .getByRole('button', { name: /编\s*辑/ })
          .click();
        await console.waitForURL(/\/product\/\d+\/edit$/);
        await console.getByTestId('product-stock').fill('20');
        await j.screenshot(console, 'products-edit');
        await console.getByTestId('product-submit').click();
        await console.getByText('保存成功').waitFor();
        await console
          .locator('tbody tr')
          .filter({ hasText: '星河保温杯' })
          .getByRole('cell', { name: '20', exact: true })
          .waitFor();
        for (const old of ['旧款帆布袋', '旧款马克杯']) {
          await api(j, agent.token, 'POST', '/v3/agent/product', {
            name: old,
            pictures: ['/files/old.png'],
            price: 100,
            buyMode: 'link',
            buyUrl: 'https://shop.example.com/old',
          });
        }
        await console.reload();
        for (const old of ['旧款帆布袋', '旧款马克杯']) {
          await console.locator('tbody tr').filter({ hasText: old }).locator('input[type=checkbox]').check();
        }
        await console.getByRole('button', { name: /批量删除/ }).click();
        await console
          .locator('.ant-popconfirm')
          .getByRole('button', { name: /确\s*定/ })
          .click();
        await console.getByText('删除成功').waitFor();
        await console.locator('tbody tr').filter({ hasText: '旧款帆布袋' }).waitFor({ state: 'detached' });
        assert.equal(await console.locator('tbody tr').filter({ hasText: '旧款马克杯' }).count(), 0);
        await console.locator('tbody tr').filter({ hasText: '星河保温杯' }).waitFor();

        // The money: the agent's income is 9.90 less the free plan's 10% fee, listed in 收入 as 商品销售, and the ledger
        // check is one.
        const balance = await api<{ income: number }>(j, agent.token, 'GET', '/agent/balance');
        assert.equal(balance.income, 891);
        await console.goto('/financial?tab=income');
        const sale = console.getByTestId('earnings-table').locator('tbody tr').filter({ hasText: '星河保温杯 × 1' });
        await sale.getByText('商品销售').waitFor();
        await sale.getByText('林小姐').waitFor();
        await sale.getByText('8.91').waitFor();
        await j.screenshot(console, 'products-income');

        // 收入明细 → 商品销售: the sale, and 下载明细 saves it as a CSV with the buyer, the product and the earnings.
        await console.getByRole('tab', { name: '收入明细' }).click();
        await console.getByRole('tab', { name: '商品销售' }).click();
        await console
          .getByTestId('breakdown-goods')
          .locator('tbody tr')
          .filter({ hasText: '星河保温杯 × 1' })
          .waitFor();
        const [goodsFile] = await Promise.all([
          console.waitForEvent('download'),
          console.getByTestId('breakdown-download-goods').click(),
        ]);
        assert.match(goodsFile.suggestedFilename(), new RegExp(`^商品销售收入-${agent.id}-\\d{8}\\.csv$`));
        const csv = await readFile((await goodsFile.path()) ?? '', 'utf8');
        assert.ok(csv.startsWith('\uFEFF'), 'a UTF-8 BOM first');
        const [headings, ...sales] = parseCsv(csv.slice(1));
        assert.deepEqual(headings, [
          '支付时间',
          '订单号',
          '收货人',
          '观众ID',
          '商品',
          '数量',
          '支付金额（元）',
          '实得收入（元）',
        ]);
        assert.deepEqual(
          sales.map((sale) => [sale[2], sale[4], sale[5], sale[6], sale[7]]),
          [['林小姐', '星河保温杯', '1', '9.90', '8.91']],
        );
        await j.screenshot(console, 'products-income-breakdown');
        await console.goto('/financial?tab=statement');
        await console.getByTestId('statement-accounts').getByText('观众收入').waitFor();
        await console.getByTestId('ledger-check').click();
        await console.getByText(/账本一致/).waitFor();
        await j.screenshot(console, 'products-ledger');
      } finally {
        ffmpeg.kill('SIGKILL');
      }
    },
  );
}
