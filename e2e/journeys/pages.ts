import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { PNG } from '../../apps/server/test/upload-form.ts';
import { api, type Journey, journey, newJourneyContext } from '../harness.ts';
import { FFMPEG } from './live-stream.ts';

// Issue 14, the page builder (自定义页面): the editor makes a page, builds it from a banner (an uploaded picture), an
// activity list and a bottom navigation, drags the list above the banner, and sees the phone and desktop previews
// follow each change; it saves (保存成功), publishes, and a phone of 375 × 812 opens the public page and from its card
// the watch page of the activity, live while ffmpeg pushes a test picture to it.

/** A test picture pushed to the activity for up to `seconds`, so it is live. */
function push(pushUrl: string, seconds: number): ChildProcess {
  return spawn(FFMPEG, [
    ...['-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '25'],
    ...['-t', String(seconds), '-f', 'flv', pushUrl],
  ]);
}

/** A phone of the size, in a browser context of its own. */
async function openPhonePage(j: Journey, pathname: string): Promise<Page> {
  const context = await newJourneyContext(j.browser, {
    baseURL: j.server.baseUrl,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(pathname);
  return page;
}

/** Picks an option of the open antd select by its text. */
async function pickOption(page: Page, text: string) {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

/** The types of the preview's sections, top to bottom. */
/** Drags a component's handle onto another's row, in steps as a hand would (the list starts a drag after 4 px). */
async function drag(page: Page, handle: Locator, target: Locator) {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  assert.ok(from && to, 'both rows are on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 4, { steps: 12 });
  await page.mouse.up();
}

/**
 * A picture of the two previews as they are on screen. The page's full-length picture shows the sandboxed frames
 * blank (Chromium draws them in a process of their own), so they are pictured where they are, scrolled into view.
 */
async function previewScreenshot(page: Page, name: string) {
  const previews = page.getByTestId('page-preview');
  await previews.scrollIntoViewIfNeeded();
  const folder = path.join(import.meta.dirname, '..', 'screenshots');
  await mkdir(folder, { recursive: true });
  await previews.screenshot({ path: path.join(folder, `${name}.png`) });
}

export function pageJourneys(j: Journey) {
  journey(
    'pages: a page built of a banner, an activity list and a bottom nav, reordered by dragging, previewed on a phone and a desktop, published and opened on a phone that reaches the watch page',
    async (t) => {
      if (!existsSync(FFMPEG)) return t.skip('ffmpeg is not installed');
      const agent = await j.newAgent();
      const launch = await api<{ id: number; stream: { pushUrl: string } }>(j, agent.token, 'POST', '/activity', {
        name: '新品发布会',
      });
      await api(j, agent.token, 'POST', '/activity', { name: '用户见面会' });
      const ffmpeg = push(launch.stream.pushUrl, 180);
      try {
        await buildPublishAndOpen(j, agent.token, launch.id);
      } finally {
        ffmpeg.kill('SIGKILL');
      }
    },
  );
}

/** The console builds, previews, saves and publishes the page; a phone opens it and its card's watch page. */
async function buildPublishAndOpen(j: Journey, token: string, launch: number) {
  // The list: a new page opens in the editor.
  const editor = await j.open(`/#access_token=${token}`);
  await editor.goto('/pages');
  await editor.getByText('还没有页面，新建一个吧').waitFor();
  await editor.getByRole('button', { name: /新建页面/ }).click();
  await editor.getByTestId('page-name-input').fill('春季发布门户');
  await editor.locator('.ant-modal-footer .ant-btn-primary').click();
  await editor.getByText('创建成功').waitFor();
  await editor.waitForURL(/\/pages\/\d+\/edit$/);
  const pageId = Number(/\/pages\/(\d+)\/edit/.exec(editor.url())?.[1]);
  await editor.getByTestId('page-editor-name').getByText('春季发布门户').waitFor();
  const mobile = editor.frameLocator('[data-testid=preview-mobile]');
  const desktop = editor.frameLocator('[data-testid=preview-desktop]');
  await mobile.getByText('页面暂无内容').waitFor();

  // A banner with an uploaded picture: both previews show it.
  await editor.getByTestId('palette-banner').click();
  await editor.getByTestId('banner-items-add').click();
  await editor
    .getByTestId('banner-image-0')
    .locator('input[type=file]')
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
  await editor.locator('[data-testid=banner-image-0][data-value^="agent/"]').waitFor();
  await mobile.locator('.p-banner img.slide-img').waitFor();
  await desktop.locator('.p-banner img.slide-img').waitFor();
  // Seed 001 §9: a new banner turns every 3000 ms.
  assert.equal(
    await editor.locator('input[data-testid=banner-auto-timer], [data-testid=banner-auto-timer] input').inputValue(),
    '3000',
  );
  assert.equal(await mobile.locator('.p-banner').getAttribute('data-auto'), '3000');

  // An activity list of chosen activities: its cards appear in both previews.
  await editor.getByTestId('palette-activity').click();
  await editor.getByTestId('activity-title').fill('精彩直播');
  await editor.getByTestId('activity-source-kind').click();
  await pickOption(editor, '指定活动');
  const picker = editor.getByTestId('activity-source-activities');
  await picker.click();
  await picker.locator('input').fill('新品');
  await pickOption(editor, '新品发布会');
  await editor.keyboard.press('Escape');
  await mobile.locator('a.card').filter({ hasText: '新品发布会' }).waitFor();
  await desktop.locator('a.card').filter({ hasText: '新品发布会' }).waitFor();
  await mobile.getByRole('heading', { name: '精彩直播' }).waitFor();
  await mobile.locator('section.block-banner:first-of-type + section.block-activity:last-of-type').waitFor();
  await j.screenshot(editor, 'pages-editor');

  // The activity list dragged above the banner: the list and both previews follow.
  await drag(editor, editor.getByTestId('drag-activity-1'), editor.getByTestId('page-component-banner-1'));
  await editor.waitForFunction(() => {
    const rows = [...document.querySelectorAll('[data-testid=page-component-list] > div')];
    return (
      rows.map((row) => row.getAttribute('data-testid')).join() === 'page-component-activity-1,page-component-banner-1'
    );
  });
  await mobile.locator('section.block-activity + section.block-banner').waitFor();
  await desktop.locator('section.block-activity + section.block-banner').waitFor();

  // Saved: the draft on the server is the page as built, in the dragged order.
  await editor.getByTestId('page-save').click();
  await editor.getByText('保存成功').waitFor();
  const saved = await api<{ data: { components: { type: string }[] }; publishedAt: string | null }>(
    j,
    token,
    'GET',
    `/page/${pageId}`,
  );
  assert.deepEqual(
    saved.data.components.map((component) => component.type),
    ['activity', 'banner'],
  );
  assert.equal(saved.publishedAt, null);

  // A bottom navigation leading to the launch's watch page, saved on its own; the previews show it.
  await editor.getByRole('tab', { name: '底部导航' }).click();
  await editor.getByTestId('bottom-nav-enabled').click();
  await editor.getByTestId('bottom-nav-items-add').click();
  await editor.getByTestId('bottom-nav-title-0').fill('看直播');
  await editor.getByTestId('bottom-nav-link-0').locator('.ant-select').first().click();
  await pickOption(editor, '活动');
  const navActivity = editor.getByTestId('bottom-nav-link-0-activity');
  await navActivity.click();
  await navActivity.locator('input').fill('新品');
  await pickOption(editor, '新品发布会');
  await editor.getByTestId('bottom-nav-save').click();
  await editor.getByText('保存成功').first().waitFor();
  await mobile.locator('nav.bottom-nav').getByText('看直播').waitFor();
  await desktop.locator('nav.bottom-nav').getByText('看直播').waitFor();
  await j.screenshot(editor, 'pages-bottom-nav');
  await previewScreenshot(editor, 'pages-previews');

  // Published: the page's state says so, and so does the list.
  await editor.getByTestId('page-publish').click();
  await editor.getByText('发布成功').waitFor();
  await editor.getByTestId('page-state').getByText('已发布').waitFor();
  await editor.goto('/pages');
  const row = editor.getByRole('row', { name: /春季发布门户/ });
  await row.getByText('已发布').waitFor();
  await j.screenshot(editor, 'pages-list');

  // The public page on a phone: the activity list above the banner, the bottom nav, a card to the watch page.
  const link = await api<{ link: string }>(j, token, 'GET', `/page/${pageId}`).then((page) => page.link);
  const phone = await openPhonePage(j, link);
  await phone.getByRole('heading', { name: '精彩直播' }).waitFor();
  await phone.locator('section.block-activity + section.block-banner').waitFor();
  await phone.locator('nav.bottom-nav').getByText('看直播').waitFor();
  await phone.locator('a.card .badge.live').getByText('直播中').waitFor();
  await j.screenshot(phone, 'pages-phone');
  await phone.locator('a.card').filter({ hasText: '新品发布会' }).click();
  await phone.waitForURL(new RegExp(`/watch/${launch}$`));
  await phone.getByText('新品发布会').first().waitFor();
  await phone.getByTestId('watch-status').getByText('直播中').waitFor({ timeout: 20_000 });
  await j.screenshot(phone, 'pages-phone-watch');
}

export function pageColumnJourneys(j: Journey) {
  journey(
    'pages: a column added, edited (编辑成功, the columns reload) and feeding an activity list, then deleted; leaving unsaved asks first; the home page set and unset; a page deleted',
    async () => {
      const agent = await j.newAgent();
      const make = (name: string) =>
        api<{ id: number }>(j, agent.token, 'POST', '/activity', { name }).then((activity) => activity.id);
      await make('主会场开幕');
      await make('主会场闭幕');
      const created = await api<{ id: number }>(j, agent.token, 'POST', '/page', { name: '年会专题' });

      const editor = await j.open(`/#access_token=${agent.token}`);
      await editor.goto(`/pages/${created.id}/edit`);
      await editor.getByTestId('page-editor-name').getByText('年会专题').waitFor();

      // A column of one activity, then edited to two: 编辑成功, and the reloaded columns show the change.
      await editor.getByRole('tab', { name: '栏目管理' }).click();
      await editor.getByRole('button', { name: /添加栏目/ }).click();
      await editor.getByTestId('column-title').fill('主会场');
      const columnActivities = editor.getByTestId('column-activities');
      await columnActivities.click();
      await columnActivities.locator('input').fill('开幕');
      await pickOption(editor, '主会场开幕');
      await editor.keyboard.press('Escape');
      await editor.locator('.ant-modal-footer .ant-btn-primary').click();
      await editor.getByText('添加成功').waitFor();
      const columns = editor.getByTestId('columns-panel');
      await columns
        .getByRole('row', { name: /主会场/ })
        .getByText('1 个活动')
        .waitFor();
      await columns.getByRole('button', { name: /编\s?辑/ }).click();
      await editor.getByTestId('column-title').fill('主会场直播');
      await columnActivities.click();
      await columnActivities.locator('input').fill('闭幕');
      await pickOption(editor, '主会场闭幕');
      await editor.keyboard.press('Escape');
      await editor.locator('.ant-modal-footer .ant-btn-primary').click();
      await editor.getByText('编辑成功').waitFor();
      await columns
        .getByRole('row', { name: /主会场直播/ })
        .getByText('2 个活动')
        .waitFor();
      await j.screenshot(editor, 'pages-columns');

      // An activity list showing the column: both its activities in the preview, in the column's order.
      await editor.getByRole('tab', { name: '页面内容' }).click();
      await editor.getByTestId('palette-activity').click();
      await editor.getByTestId('activity-source-kind').click();
      await pickOption(editor, '栏目');
      await editor.getByTestId('activity-source-column').click();
      await pickOption(editor, '主会场直播');
      const mobile = editor.frameLocator('[data-testid=preview-mobile]');
      // The frame reloads its whole document on each redraw, so the list is waited for whole, never read once.
      await mobile
        .locator('.cards > a.card:first-child[data-search="主会场开幕"] + a.card:last-child[data-search="主会场闭幕"]')
        .waitFor();

      // A navigation with a menu entry of a group's activities (seed 001 §3 menuArr), shown in its panel.
      await editor.getByTestId('palette-mobilesNav').click();
      await editor.getByTestId('nav-entries-add').click();
      await editor.getByTestId('nav-entries-title-0').fill('主会场');
      await editor.getByTestId('nav-entries-type-0').click();
      await pickOption(editor, '活动分组');
      await editor.getByTestId('nav-entries-group-0').waitFor();
      await mobile.locator('.block-mobilesNav').getByText('主会场').waitFor();
      await j.screenshot(editor, 'pages-nav-panel');
      await previewScreenshot(editor, 'pages-nav-previews');

      // Leaving with the list unsaved asks first; staying keeps it, saving lets the agent go.
      await editor.getByRole('link', { name: '自定义页面' }).first().click();
      await editor.getByText('有未保存的修改').first().waitFor();
      await editor.getByRole('button', { name: '留在此页' }).click();
      await editor.getByTestId('page-save').click();
      await editor.getByText('保存成功').waitFor();

      // The column deleted.
      await editor.getByRole('tab', { name: '栏目管理' }).click();
      await columns.getByRole('button', { name: /删\s?除/ }).click();
      await editor.locator('.ant-popconfirm .ant-btn-primary').click();
      await editor.getByText('删除成功').waitFor();
      await columns.getByText('还没有栏目').waitFor();

      // The home page, set and unset from the list; then the page deleted.
      await editor.goto('/pages');
      const row = editor.getByRole('row', { name: /年会专题/ });
      await row.getByRole('button', { name: /设为主页/ }).click();
      await editor.getByText('设置成功').waitFor();
      await editor.getByTestId(`page-home-${created.id}`).waitFor();
      await j.screenshot(editor, 'pages-home');
      await row.getByRole('button', { name: /取消主页/ }).click();
      await editor.getByTestId(`page-home-${created.id}`).waitFor({ state: 'detached' });
      await row.getByRole('button', { name: /删\s?除/ }).click();
      await editor.locator('.ant-popconfirm .ant-btn-primary').click();
      await editor.getByText('删除成功').waitFor();
      await editor.getByText('还没有页面，新建一个吧').waitFor();
    },
  );
}
