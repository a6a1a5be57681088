import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { api, type Journey, journey, openPhone } from '../harness.ts';
import { FFMPEG, push } from './live-ops.ts';

// Issue 14, aggregation pages (多会场): the console makes an aggregation of two activities (主会场, 分会场), is refused
// an activity another aggregation holds (添加失败，活动已被应用在其它多会场中), and a catalog is refused one of its
// venues with the same text (seed 001 §8); the list loads 10 at a time with 加载更多 until a page brings fewer (seed
// 000 §4); while the main venue pushes, a phone opens the public page, sees the venues in order with 直播中 on the
// live one, and follows it to its watch page.

/** Picks an activity for a venue by searching its name. */
async function pickVenue(page: Page, index: number, name: string) {
  const picker = page.getByTestId(`venue-activity-${index}`);
  await picker.click();
  await picker.locator('input').fill(name);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first().click();
  await picker.getByText(name, { exact: true }).waitFor();
}

const okButton = (page: Page) => page.locator('.ant-modal-footer .ant-btn-primary');

export function aggregationJourneys(j: Journey) {
  journey(
    'aggregation: an aggregation of two venues made and edited, clashes refused with the seed’s text, 加载更多 by tens, the public page on a phone opens a venue',
    async (t) => {
      if (!existsSync(FFMPEG)) return t.skip('ffmpeg is not installed');
      const agent = await j.newAgent();
      const make = (name: string) =>
        api<{ id: number }>(j, agent.token, 'POST', '/activity', { name }).then((activity) => activity.id);
      const mainActivity = await api<{ id: number; stream: { pushUrl: string } }>(j, agent.token, 'POST', '/activity', {
        name: '峰会主论坛',
      });
      const main = mainActivity.id;
      const branch = await make('峰会技术分论坛');
      const taken = await make('往届峰会回放');
      // Ten older aggregations, each of an activity of its own; the last holds 往届峰会回放.
      for (let i = 1; i <= 10; i += 1) {
        const activityId = i === 10 ? taken : await make(`往期活动 ${i}`);
        await api(j, agent.token, 'POST', '/v3/aggregation', { name: `往期多会场 ${i}`, venues: [{ activityId }] });
      }

      const page = await j.open(`/#access_token=${agent.token}`);
      await page.goto('/aggregation');
      await page.getByText('往期多会场 10').waitFor();
      await page.getByRole('button', { name: /新建多会场/ }).click();
      await page.getByTestId('aggregation-name').fill('2026 技术峰会');
      await page.getByTestId('venue-label-0').fill('主会场');
      await pickVenue(page, 0, '峰会主论坛');
      await page.getByTestId('venue-add').click();
      await page.getByTestId('venue-label-1').fill('分会场');
      await pickVenue(page, 1, '往届峰会回放');
      await j.screenshot(page, 'aggregation-form');
      // 往届峰会回放 is a venue of another aggregation: refused with the seed's text, the form stays open.
      await okButton(page).click();
      await page.getByText('添加失败，活动已被应用在其它多会场中').waitFor();
      await pickVenue(page, 1, '峰会技术分论坛');
      await okButton(page).click();
      await page.getByText('创建成功').waitFor();
      const card = page.getByTestId(/^aggregation-\d+$/).filter({ hasText: '2026 技术峰会' });
      await card.getByText('主会场 · 峰会主论坛').waitFor();
      await card.getByText('分会场 · 峰会技术分论坛').waitFor();
      const aggregationId = Number((await card.getAttribute('data-testid'))?.replace('aggregation-', ''));

      // Eleven in all: the first ten, then 加载更多 brings the eleventh and the list is all loaded.
      const list = page.getByTestId('aggregation-list');
      assert.equal(await list.getByTestId(/^aggregation-\d+$/).count(), 10);
      await page.getByRole('button', { name: '加载更多' }).click();
      await page.getByText('往期多会场 1', { exact: true }).waitFor();
      await page.getByText('已全部加载').waitFor();
      assert.equal(await list.getByTestId(/^aggregation-\d+$/).count(), 11);
      await j.screenshot(page, 'aggregation-list');

      // Edit: a description, and the venues in the other order.
      await card.getByRole('button', { name: /编辑/ }).click();
      await page.locator('textarea').fill('两天议程，三大主题');
      await page.getByTestId('venue-1').getByRole('button', { name: '上移' }).click();
      await okButton(page).click();
      await page.getByText('保存成功').waitFor();
      await card.getByText('两天议程，三大主题').waitFor();
      const saved = await api<{ venues: { activityId: number; label: string }[] }>(
        j,
        agent.token,
        'GET',
        `/v3/aggregation/${aggregationId}`,
      );
      assert.deepEqual(
        saved.venues.map((venue) => [venue.label, venue.activityId]),
        [
          ['分会场', branch],
          ['主会场', main],
        ],
      );

      // A catalog is refused one of the venues with the seed's text (seed 001 §8).
      const catalog = await api<{ id: number }>(j, agent.token, 'POST', '/v3/catalog', { name: '峰会合辑' });
      await page.goto(`/catalog/${catalog.id}/setting`);
      await page.getByRole('button', { name: /添加章节/ }).click();
      await page.getByTestId('chapter-title-0').fill('第一章');
      const chapterPicker = page.getByTestId('chapter-activities-0');
      await chapterPicker.click();
      await chapterPicker.locator('input').fill('峰会主论坛');
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: '峰会主论坛' })
        .first()
        .click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /保存章节/ }).click();
      await page.getByText('添加失败，活动已被应用在其它多会场中').waitFor();
      await j.screenshot(page, 'aggregation-catalog-refused');

      // Deleting an old one: 删除成功, and the list is one shorter.
      await page.goto('/aggregation');
      const old = page.getByTestId(/^aggregation-\d+$/).filter({ hasText: '往期多会场 9' });
      await old.getByRole('button', { name: /删\s?除/ }).click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /确\s?定/ })
        .click();
      await page.getByText('删除成功').waitFor();
      await old.waitFor({ state: 'detached' });

      // The main venue goes live; the public page on a phone: the venues in order, 直播中 on the live one, each a link
      // to its watch page. The page is drawn when it is opened, so the viewer opens it again until the push shows.
      const ffmpeg = push(mainActivity.stream.pushUrl, 120);
      try {
        const phone = await openPhone(j, `/watch/aggregation/${aggregationId}`);
        await phone.getByRole('heading', { name: '2026 技术峰会' }).waitFor();
        await phone.getByText('两天议程，三大主题').waitFor();
        const live = phone.locator(`a.venue[data-activity-id="${main}"] .badge.live`);
        const deadline = Date.now() + 30_000;
        while ((await live.count()) === 0) {
          assert.ok(Date.now() < deadline, 'the main venue never showed 直播中');
          await phone.reload();
        }
        await phone.getByText('1 个会场直播中').waitFor();
        const venues = phone.locator('a.venue');
        assert.deepEqual(await venues.locator('strong').allTextContents(), ['分会场', '主会场']);
        await j.screenshot(phone, 'aggregation-phone-page');
        await phone.getByRole('link', { name: /主会场/ }).click();
        await phone.waitForURL(new RegExp(`/watch/${main}$`));
        await phone.getByText('峰会主论坛').first().waitFor();
        await phone.locator('video').first().waitFor();
        await j.screenshot(phone, 'aggregation-phone-watch');
      } finally {
        ffmpeg.kill('SIGKILL');
      }
    },
  );
}
