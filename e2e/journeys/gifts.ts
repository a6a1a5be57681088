import assert from 'node:assert/strict';
import { PNG } from '../../apps/server/test/upload-form.ts';
import { api, type Journey, journey } from '../harness.ts';

// /gifts as an agent keeps it: a gift added with an uploaded icon and a price in yuan, a free one, the order, a
// switch, a taken name refused in Chinese, and a delete.

export function giftJourneys(j: Journey) {
  journey(
    'gifts: added with an uploaded icon and a yuan price, ordered, switched off, a taken name refused, deleted',
    async () => {
      const agent = await j.newAgent();
      const page = await j.open(`/#access_token=${agent.token}`);
      await page.goto('/gifts');
      await page.getByText('还没有礼物，添加观众可以送出的礼物吧').waitFor();

      const addGift = async (name: string, yuan: string, sort: string) => {
        await page.getByRole('button', { name: /添加礼物/ }).click();
        const dialog = page.getByRole('dialog', { name: '添加礼物' });
        await dialog.getByPlaceholder('如：玫瑰、火箭').fill(name);
        await dialog
          .locator('input[type=file]')
          .setInputFiles({ name: `${name}.png`, mimeType: 'image/png', buffer: PNG });
        await page.waitForFunction(() =>
          (document.querySelector('[data-testid="gift-icon"]') as HTMLInputElement | null)?.value.includes('/files/'),
        );
        await dialog.getByLabel('价格（元）').fill(yuan);
        await dialog.getByLabel('排序').fill(sort);
        await dialog.getByRole('button', { name: /保\s*存/ }).click();
        return dialog;
      };

      let dialog = await addGift('火箭', '520', '2');
      await page.getByText('礼物已添加').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      dialog = await addGift('点赞', '0', '1');
      await dialog.waitFor({ state: 'hidden' });
      const rows = page.locator('.ant-table-tbody tr.ant-table-row');
      await rows.nth(1).waitFor();
      assert.deepEqual(await rows.locator('td:nth-child(2)').allTextContents(), ['点赞', '火箭']);
      await page.getByRole('row', { name: /火箭/ }).getByText('¥520.00').waitFor();
      await page.getByRole('row', { name: /点赞/ }).getByText('免费').waitFor();
      const stored = await api<{ items: { name: string; price: number; icon: string }[] }>(
        j,
        agent.token,
        'GET',
        '/v3/agent/gift',
      );
      assert.equal(stored.items.find((gift) => gift.name === '火箭')?.price, 52_000);
      assert.match(stored.items[0]?.icon ?? '', /^\/files\//);
      await j.screenshot(page, 'gifts-list');

      await page.getByRole('switch', { name: '启用 火箭' }).click();
      await page.getByText('礼物已停用').first().waitFor();

      // A taken name: 礼物名称已存在, and the dialog stays open to fix it.
      dialog = await addGift('点赞', '1', '3');
      await page.getByText('礼物名称已存在').first().waitFor();
      await dialog.getByRole('button', { name: /取\s*消/ }).click();

      await page
        .getByRole('row', { name: /点赞/ })
        .getByRole('button', { name: /删\s*除/ })
        .click();
      await page.getByRole('button', { name: /确\s*定/ }).click();
      await page.getByText('礼物已删除').first().waitFor();
      await page.getByRole('row', { name: /点赞/ }).waitFor({ state: 'detached' });
      await page.context().close();
    },
  );
}
