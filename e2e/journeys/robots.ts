import assert from 'node:assert/strict';
import { api, type Journey, journey } from '../harness.ts';

// /robots as an agent builds its virtual audience: a batch drawn in a nickname style and redrawn, one made by hand
// with a chosen avatar, a search, and a batch deleted.

export function robotJourneys(j: Journey) {
  journey(
    'robots: a random batch in a style, redrawn and added, one by hand, searched, and a selection deleted',
    async () => {
      const agent = await j.newAgent();
      const page = await j.open(`/#access_token=${agent.token}`);
      await page.goto('/robots');
      await page.getByText('还没有机器人，按模板随机生成一批吧').waitFor();

      await page.getByRole('button', { name: /添加机器人/ }).click();
      const dialog = page.getByRole('dialog', { name: '添加机器人' });
      await dialog.getByText('英文').click();
      await dialog.getByLabel('数量').fill('6');
      const preview = dialog.getByTestId('robot-preview');
      await dialog.getByText('将添加以下 6 个机器人').waitFor();
      const first = await preview.textContent();
      assert.match(first ?? '', /^[A-Za-z0-9_.]+/);
      await dialog.getByRole('button', { name: /换一批/ }).click();
      await page.waitForFunction(
        (before) => document.querySelector('[data-testid="robot-preview"]')?.textContent !== before,
        first,
      );
      await j.screenshot(page, 'robots-random');
      await dialog.getByRole('button', { name: /添\s*加/ }).click();
      await page.getByText('已添加 6 个机器人').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText('共 6 个机器人').waitFor();

      await page.getByRole('button', { name: /添加机器人/ }).click();
      await dialog.getByText('手动添加').click();
      await dialog.getByPlaceholder('如：场控小助手').fill('场控小助手');
      await dialog.getByLabel('/robot-avatars/5.svg').check();
      await dialog.getByRole('button', { name: /添\s*加/ }).click();
      await page.getByText('已添加 1 个机器人').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText('共 7 个机器人').waitFor();
      const stored = await api<{ items: { nickname: string; avatar: string }[] }>(j, agent.token, 'GET', '/v3/robot');
      assert.deepEqual(stored.items[0], { ...stored.items[0], nickname: '场控小助手', avatar: '/robot-avatars/5.svg' });

      await page.getByPlaceholder('搜索昵称').fill('场控');
      await page.getByPlaceholder('搜索昵称').press('Enter');
      await page.getByText('共 1 个机器人').waitFor();
      await page.getByPlaceholder('搜索昵称').fill('');
      await page.getByPlaceholder('搜索昵称').press('Enter');
      await page.getByText('共 7 个机器人').waitFor();

      const checks = page.locator('.ant-table-tbody .ant-checkbox-input');
      await checks.nth(0).check();
      await checks.nth(1).check();
      await page.getByRole('button', { name: /删除所选（2）/ }).click();
      await page.getByRole('button', { name: /确\s*定/ }).click();
      await page.getByText('机器人已删除').first().waitFor();
      await page.getByText('共 5 个机器人').waitFor();
      await j.screenshot(page, 'robots-list');
      await page.context().close();
    },
  );
}
