import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { api, type Journey, journey } from '../harness.ts';
import { FFMPEG, ffmpegFile, newActivity } from './live-stream.ts';

// The page template editor: display and intro tabs with a live preview, the prologue and epilogue pictures.

async function pickColor(page: Page, testId: string, hex: string) {
  await page.getByTestId(testId).locator('.ant-color-picker-trigger').click();
  const input = page.locator('.ant-color-picker-input input').last();
  await input.fill(hex);
  await input.press('Enter');
  await page.keyboard.press('Escape');
}

export function pageTemplateJourneys(j: Journey) {
  journey(
    'page template: change the logo position and colours, add a schedule tab, save and find it kept',
    async (t) => {
      if (!existsSync(FFMPEG)) return t.skip('ffmpeg is not installed');
      const { token } = await j.newAgent();
      const id = await newActivity(j, token, '模板编辑的直播');
      const logo = ffmpegFile('logo.png', ['-f', 'lavfi', '-i', 'color=c=orange:s=240x80', '-frames:v', '1']);
      const page = await j.open(`/board/${id}/template#access_token=${token}`);
      await page.getByTestId('phone-preview').waitFor();

      await page.getByTestId('position-logo').getByText('左上').click();
      await page.getByTestId('img-logo').locator('input[type=file]').setInputFiles(logo);
      await page.getByText('上传成功').first().waitFor();
      await page.getByTestId('preview-logo').waitFor();
      await pickColor(page, 'color-background', '1d39c4');
      await page.getByTestId('comment-template').getByText('自定义').click();
      await pickColor(page, 'comment-tabsColor', 'fa541c');
      await page.getByTestId('flag-isVoteFloatingEnabled').click();
      await page.getByTestId('preview-vote-floating').waitFor();
      await j.screenshot(page, 'page-template-display');

      await page.getByRole('tab', { name: '介绍菜单' }).click();
      await page.getByTestId('intro-add').hover();
      await page.getByTestId('intro-add-schedule').click();
      await page.getByTestId('intro-schedule-add-2').click();
      const row = page.getByTestId('intro-schedule-2-0');
      await row.getByPlaceholder('时间').fill('09:30');
      await row.getByPlaceholder('标题').fill('开场致辞');
      await page.getByTestId('intro-rich-1').click();
      await page.keyboard.type('欢迎来到本次直播');
      await page.getByTestId('preview-tabs').getByText('日程').click();
      await page.getByTestId('phone-preview').getByText('开场致辞').waitFor();

      await page.getByTestId('template-save').click();
      await page.getByText('保存成功').first().waitFor();
      await j.screenshot(page, 'page-template-saved');

      await page.reload();
      await page.getByTestId('phone-preview').waitFor();
      await page.getByTestId('preview-logo').waitFor();
      const position = await page.getByTestId('preview-logo').getAttribute('data-position');
      if (position !== 'leftTop') throw new Error(`logo position after reload: ${position}`);
      await page.getByTestId('preview-tabs').getByText('日程').waitFor();
      const saved = await api<{
        positionLogo: string;
        colorBackground: string;
        commentStyleCustomized: { template: string; tabsColor: string };
        isVoteFloatingEnabled: boolean;
        introTabs: { type: string; title: string; richText: string; schedule: { title: string }[] }[];
        prologuePaths: string[];
      }>(j, token, 'GET', `/activity/${id}/template`);
      const schedule = saved.introTabs.find((tab) => tab.type === 'schedule');
      if (
        saved.positionLogo !== 'leftTop' ||
        saved.colorBackground.toLowerCase() !== '#1d39c4' ||
        saved.commentStyleCustomized.tabsColor.toLowerCase() !== '#fa541c' ||
        !saved.isVoteFloatingEnabled ||
        schedule?.schedule[0]?.title !== '开场致辞' ||
        !saved.introTabs[1]?.richText.includes('欢迎来到本次直播') ||
        saved.prologuePaths.length !== 8
      ) {
        throw new Error(`template not kept: ${JSON.stringify(saved)}`);
      }
      await page.getByRole('tab', { name: '介绍菜单' }).click();
      await j.screenshot(page, 'page-template-intro');

      // A newer activity inherits this template, after a confirmation, reached from its board.
      const next = await newActivity(j, token, '继承模板的直播');
      await page.goto(`/board/${next}`);
      await page.getByRole('link', { name: /页面模板/ }).click();
      await page.waitForURL(new RegExp(`/board/${next}/template$`));
      await page.getByTestId('phone-preview').waitFor();
      if ((await page.getByTestId('preview-logo').count()) !== 0) throw new Error('a new template shows no logo');
      await page.getByTestId('template-inherit').click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /继\s*承/ })
        .click();
      await page.getByText('设置成功').first().waitFor();
      await page.getByTestId('preview-logo').waitFor();
      await page.getByTestId('preview-tabs').getByText('日程').waitFor();
      await page.context().close();
    },
  );

  journey(
    'page template: upload two prologue pictures, reorder, save, reload and find them kept and padded to 8',
    async (t) => {
      if (!existsSync(FFMPEG)) return t.skip('ffmpeg is not installed');
      const { token } = await j.newAgent();
      const id = await newActivity(j, token, '暖场图片的直播');
      const picture = (name: string, color: string) =>
        ffmpegFile(name, ['-f', 'lavfi', '-i', `color=c=${color}:s=320x180`, '-frames:v', '1']);
      const first = picture('暖场一.png', 'red');
      const second = picture('暖场二.png', 'blue');

      // An epilogue already holding 8 pictures offers a 9th slot.
      const epilogue: string[] = [];
      for (let i = 0; i < 8; i++) {
        const form = new FormData();
        form.append('file', new Blob([readFileSync(picture(`结束${i}.png`, 'green'))], { type: 'image/png' }), 'e.png');
        const response = await fetch(`${j.server.baseUrl}/api/activity/${id}/upload`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        epilogue.push(((await response.json()) as { filepath: string }).filepath);
      }
      await fetch(`${j.server.baseUrl}/api/activity/${id}/template`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ epiloguePaths: epilogue }),
      });

      const page = await j.open(`/board/${id}/template#access_token=${token}`);
      await page.getByTestId('phone-preview').waitFor();
      await page.getByTestId('slots-epiloguePaths-count').getByText('已上传 8/9 张').waitFor();
      await page.getByTestId('slots-epiloguePaths-upload').waitFor();
      await page.getByTestId('slots-prologuePaths-count').getByText('已上传 0/8 张').waitFor();

      await page.getByTestId('slots-prologuePaths').locator('input[type=file]').setInputFiles([first, second]);
      await page.getByTestId('slots-prologuePaths-slot-1').waitFor();
      await page.getByTestId('slots-prologuePaths-count').getByText('已上传 2/8 张').waitFor();
      const slotPath = (index: number) =>
        page.getByTestId(`slots-prologuePaths-slot-${index}`).getAttribute('data-path') as Promise<string>;
      const [a, b] = [await slotPath(0), await slotPath(1)];
      assert.match(a, /^activity\/\d+\/[^/]+\.png$/);
      // Not live: the phone preview shows the first prologue picture.
      assert.equal(await page.getByTestId('preview-prologue').getAttribute('data-path'), a);

      // The second moves to the front; the preview follows.
      await page.getByTestId('slots-prologuePaths-slot-1').getByRole('button', { name: '前移' }).click();
      assert.equal(await slotPath(0), b);
      assert.equal(await page.getByTestId('preview-prologue').getAttribute('data-path'), b);
      await page.getByTestId('preview-stage').getByText('已结束').click();
      assert.equal(await page.getByTestId('preview-epilogue').getAttribute('data-path'), epilogue[0]);
      await page.getByTestId('preview-stage').getByText('未开播').click();
      // A full-page shot of a scrolled page draws the fixed header halfway down.
      await page.evaluate(() => window.scrollTo(0, 0));
      await j.screenshot(page, 'page-template-slides');

      await page.getByTestId('template-save').click();
      await page.getByText('保存成功').first().waitFor();
      await page.reload();
      await page.getByTestId('slots-prologuePaths-slot-1').waitFor();
      assert.deepEqual([await slotPath(0), await slotPath(1)], [b, a]);
      await page.getByTestId('preview-prologue').waitFor();

      const saved = await api<{ prologuePaths: string[]; epiloguePaths: string[]; scenePaths: string[] }>(
        j,
        token,
        'GET',
        `/activity/${id}/template`,
      );
      assert.deepEqual(saved.prologuePaths, [b, a, '', '', '', '', '', '']);
      assert.deepEqual(saved.epiloguePaths, [...epilogue, '']);
      assert.deepEqual(saved.scenePaths, Array(8).fill(''));
      // The pictures are served where the console shows them.
      assert.equal((await fetch(`${j.server.baseUrl}/files/${b}`)).status, 200);

      // Removing one and saving keeps the rest in order.
      await page.getByTestId('slots-prologuePaths-remove-0').click();
      await page.getByTestId('template-save').click();
      await page.getByText('保存成功').first().waitFor();
      const after = await api<{ prologuePaths: string[] }>(j, token, 'GET', `/activity/${id}/template`);
      assert.deepEqual(after.prologuePaths, [a, '', '', '', '', '', '', '']);
      await page.context().close();
    },
  );

  journey(
    'page template: a corrupt picture says why in Chinese; unsaved changes ask before 返回看板 and reload',
    async () => {
      const { token } = await j.newAgent();
      const id = await newActivity(j, token, '未保存修改的直播');
      const page = await j.open(`/board/${id}/template#access_token=${token}`);
      await page.getByTestId('phone-preview').waitFor();

      // A file named .png that is no picture: the server's reason, in Chinese (issue 8).
      const corrupt = path.join(mkdtempSync(path.join(tmpdir(), 'yanbo-e2e-')), 'broken.png');
      writeFileSync(corrupt, 'this is not a picture at all');
      await page.getByTestId('img-logo').locator('input[type=file]').setInputFiles(corrupt);
      await page.getByText('文件不是有效的图片，请重新选择图片上传').waitFor();
      assert.equal(await page.getByText('提交的信息有误，请检查后重试').count(), 0);

      // An edit, then 返回看板: asked first; staying keeps the edit.
      await page.getByTestId('position-logo').getByText('左上').click();
      await page.getByText('有未保存的修改').first().waitFor();
      await page.getByRole('button', { name: '返回看板' }).click();
      const dialog = page.getByRole('dialog').filter({ hasText: '离开后，本页尚未保存的修改将会丢失' });
      await dialog.waitFor();
      await j.screenshot(page, 'page-template-unsaved-leave');
      await dialog.getByRole('button', { name: '留在此页' }).click();
      await dialog.waitFor({ state: 'hidden' });
      assert.match(new URL(page.url()).pathname, /\/template$/);

      // A reload asks through the browser's own prompt.
      const prompted = new Promise<string>((resolve) => {
        page.once('dialog', (prompt) => {
          resolve(prompt.type());
          void prompt.dismiss();
        });
      });
      void page.reload().catch(() => undefined);
      assert.equal(await prompted, 'beforeunload');

      // Leaving on purpose goes, and nothing was saved.
      await page.getByRole('button', { name: '返回看板' }).click();
      await dialog.getByRole('button', { name: /^离\s*开$/ }).click();
      await page.waitForURL(new RegExp(`/board/${id}$`));
      const saved = await api<{ positionLogo: string }>(j, token, 'GET', `/activity/${id}/template`);
      assert.notEqual(saved.positionLogo, 'leftTop');
      await page.context().close();
    },
  );
}
