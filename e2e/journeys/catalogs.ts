import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { PNG } from '../../apps/server/test/upload-form.ts';
import { api, type Journey, journey, openPhone } from '../harness.ts';

// Issue 12, catalogs (合辑): the console makes a catalog (a clashing name refused with the seed's text), fills two
// chapters with activities, is refused an activity another catalog holds (添加失败，活动已被应用在其它合辑中, seed 001
// §8), sets the share card and an appearance heading (a fifth character refused: 标题仅允许4字符以内); a phone opens
// the public page, sees the chapters and opens an activity's watch page from it.

/** Picks an activity in a chapter's picker by searching its name. */
async function pickActivity(page: Page, chapter: number, name: string) {
  const picker = page.getByTestId(`chapter-activities-${chapter}`);
  await picker.click();
  await picker.locator('input').fill(name);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first().click();
  await page.keyboard.press('Escape');
  await picker.locator('.ant-select-selection-item').filter({ hasText: name }).waitFor();
}

const okButton = (page: Page) => page.locator('.ant-modal-footer .ant-btn-primary');

export function catalogJourneys(j: Journey) {
  journey(
    'catalogs: a catalog with two chapters; an activity of another catalog refused with the seed’s text; the public page on a phone opens a watch page',
    async () => {
      const agent = await j.newAgent();
      const make = (name: string) =>
        api<{ id: number }>(j, agent.token, 'POST', '/activity', { name }).then((activity) => activity.id);
      const opening = await make('年会开幕式');
      const forum = await make('年会主论坛');
      const elsewhere = await make('年会分论坛');
      // Another catalog already holds 年会分论坛.
      const other = await api<{ id: number }>(j, agent.token, 'POST', '/v3/catalog', { name: '往期合辑' });
      await api(j, agent.token, 'PUT', `/v3/catalog/${other.id}/chapters`, {
        chapters: [{ title: '往期', activityIds: [elsewhere] }],
      });

      // The list: a clashing name is refused, a new one made.
      const page = await j.open(`/#access_token=${agent.token}`);
      await page.goto('/catalog');
      await page.getByRole('row', { name: /往期合辑/ }).waitFor();
      await page.getByRole('button', { name: /新建合辑/ }).click();
      await page.getByTestId('catalog-name-input').fill('往期合辑');
      await okButton(page).click();
      await page.getByText('创建失败，合辑名称重复').waitFor();
      await page.getByTestId('catalog-name-input').fill('2025 年度大会');
      await okButton(page).click();
      await page.getByText('创建成功').waitFor();
      const row = page.getByRole('row', { name: /2025 年度大会/ });
      await row.waitFor();
      await j.screenshot(page, 'catalogs-list');

      // Its settings: two chapters with their activities.
      await row.getByRole('button', { name: /设置/ }).click();
      await page.waitForURL(/\/catalog\/\d+\/setting/);
      const catalogId = Number(/\/catalog\/(\d+)\/setting/.exec(page.url())?.[1]);
      await page.getByTestId('catalog-setting-name').getByText('2025 年度大会').waitFor();
      await page.getByText('还没有章节，添加一个章节并选择活动').waitFor();
      await page.getByRole('button', { name: /添加章节/ }).click();
      await page.getByTestId('chapter-title-0').fill('第一章 开幕');
      await pickActivity(page, 0, '年会开幕式');
      await page.getByRole('button', { name: /添加章节/ }).click();
      await page.getByTestId('chapter-title-1').fill('第二章 论坛');
      await pickActivity(page, 1, '年会主论坛');
      await page.getByRole('button', { name: /保存章节/ }).click();
      await page.getByText('保存成功').waitFor();
      await j.screenshot(page, 'catalogs-chapters');

      // An activity another catalog holds is refused with the seed's text, and nothing changes.
      await pickActivity(page, 1, '年会分论坛');
      await page.getByRole('button', { name: /保存章节/ }).click();
      await page.getByText('添加失败，活动已被应用在其它合辑中').waitFor();
      await j.screenshot(page, 'catalogs-refused');
      const chapters = await api<{ items: { title: string; activities: { id: number }[] }[] }>(
        j,
        agent.token,
        'GET',
        `/v3/catalog/${catalogId}/chapters`,
      );
      assert.deepEqual(
        chapters.items.map((c) => [c.title, c.activities.map((a) => a.id)]),
        [
          ['第一章 开幕', [opening]],
          ['第二章 论坛', [forum]],
        ],
      );

      // The share card, and an appearance heading of five characters refused before it is sent.
      await page.getByRole('tab', { name: '分享设置' }).click();
      await page.getByTestId('share-title').fill('2025 年度大会 全程回看');
      await page.getByTestId('share-description').fill('开幕式与主论坛，一个链接看全');
      await page.locator('input[type=file]').setInputFiles({ name: '合辑.png', mimeType: 'image/png', buffer: PNG });
      await page.waitForFunction(() =>
        (document.querySelector('[data-testid=share-picture]') as HTMLInputElement | null)?.value.startsWith('/files/'),
      );
      await page.getByRole('button', { name: /保\s?存/ }).click();
      await page.getByText('保存成功').first().waitFor();
      await j.screenshot(page, 'catalogs-share');
      await page.getByRole('tab', { name: '简介' }).click();
      await page.getByTestId('catalog-abstract').fill('两天议程：开幕式、主论坛与颁奖。');
      await page.getByRole('button', { name: /保\s?存/ }).click();
      await page.getByText('保存成功').first().waitFor();
      await j.screenshot(page, 'catalogs-abstract');
      await page.getByRole('tab', { name: '外观' }).click();
      await page.getByTestId('chapters-heading').fill('大会议程表');
      await page.getByText('标题仅允许4字符以内').waitFor();
      await page.getByTestId('chapters-heading').fill('');
      await page.getByText('标题为必填').waitFor();
      await page.getByTestId('chapters-heading').fill('议程');
      await page.getByRole('button', { name: /保\s?存/ }).click();
      await page.getByText('保存成功').first().waitFor();
      await j.screenshot(page, 'catalogs-appearance');

      // The public page on a phone: the chapters under the heading, each activity a link to its watch page.
      const phone = await openPhone(j, `/watch/catalog/${catalogId}`);
      await phone.getByRole('heading', { name: '议程' }).waitFor();
      await phone.getByRole('heading', { name: '第一章 开幕' }).waitFor();
      await phone.getByRole('heading', { name: '第二章 论坛' }).waitFor();
      await phone.getByRole('link', { name: /年会主论坛/ }).waitFor();
      await phone.getByText('两天议程：开幕式、主论坛与颁奖。').waitFor();
      assert.equal(await phone.locator('meta[property="og:title"]').getAttribute('content'), '2025 年度大会 全程回看');
      assert.match(
        (await phone.locator('meta[property="og:image"]').getAttribute('content')) ?? '',
        /^http:\/\/[^/]+\/files\/.+/,
      );
      await j.screenshot(phone, 'catalogs-phone-page');
      await phone.getByRole('link', { name: /年会开幕式/ }).click();
      await phone.waitForURL(new RegExp(`/watch/${opening}$`));
      await phone.getByText('年会开幕式').first().waitFor();
      await phone.getByTestId('chat-room').getByText('在线').waitFor();
      await j.screenshot(phone, 'catalogs-phone-watch');
    },
  );
}
