import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { answerTo, api, type Journey, journey, journeyMobile, openPhone, signInOnPhone } from '../harness.ts';

// Registration (报名, issue 12): the console builds a form with a mobile field and approval required, with its live
// preview, and binds it to an activity; a phone viewer opens the watch page, proves its mobile by SMS, fills the form
// and sees 提交成功 and 等待审核; the console approves (the viewer is texted), and the viewer's page plays the push.

const FFMPEG = '/usr/bin/ffmpeg';
/** A 1×1 PNG, as a phone's photo would arrive. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
/** antd spaces a two-character Chinese button's label (确 定): match either way. */
const spaced = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`);

export function registrationJourneys(j: Journey) {
  journey(
    'registration: a phone viewer registers, waits for review, the console approves and the viewer plays',
    async (t) => {
      const agent = await j.newAgent();
      const activity = await api<{ id: number; stream: { pushUrl: string } }>(j, agent.token, 'POST', '/activity', {
        name: '报名旅程直播',
      });

      // The field builder with its live preview.
      const page = await j.open(`/Enroll/edit#access_token=${agent.token}`);
      await page.getByPlaceholder('如：春季发布会报名').fill('发布会报名');
      const addField = async (type: string) => {
        await page.getByRole('button', { name: '添加字段' }).click();
        await page.getByRole('menuitem', { name: type }).click();
      };
      await addField('文本');
      await page.getByLabel('字段名称').first().fill('姓名');
      await addField('手机号（短信验证）');
      await page.getByRole('switch', { name: '需要审核' }).click();
      const preview = page.getByTestId('registration-preview');
      await preview.getByText('姓名').waitFor();
      await preview.getByPlaceholder('请输入手机号').waitFor();
      await preview.getByRole('button', { name: '获取验证码' }).waitFor();
      await j.screenshot(page, 'registration-builder');
      const created = answerTo(page, 'POST', /^\/v3\/registration$/);
      await page.getByRole('button', { name: spaced('保存') }).click();
      assert.equal((await created).status(), 200);
      await page.waitForURL(/\/Enroll\/edit\?id=\d+/);

      // Bound to the activity.
      await page.getByRole('button', { name: '报名记录' }).click();
      await page.waitForURL(/\/Enroll\/record\?id=\d+/);
      await page.getByRole('tab', { name: '绑定活动' }).click();
      await page.getByRole('button', { name: '绑定活动' }).click();
      const picker = page.getByRole('dialog', { name: '选择活动' });
      await picker.getByRole('combobox').click();
      await page.getByTitle(`报名旅程直播（${activity.id}）`).click();
      await picker.locator('.ant-select-selection-item').filter({ hasText: '报名旅程直播' }).waitFor();
      // The multiple select keeps its list open: closed by a click beside it, so 确定 is not under it.
      await picker.locator('.ant-modal-title').click();
      const bound = answerTo(page, 'POST', /^\/v3\/registration\/\d+\/bind$/);
      await picker.getByRole('button', { name: spaced('确定') }).click();
      assert.equal((await bound).status(), 200);
      await page.locator('.ant-table-row').filter({ hasText: '报名旅程直播' }).waitFor();
      await j.screenshot(page, 'registration-bindings');

      // The viewer: the form before the stream, the mobile proved by SMS, 提交成功 and 等待审核.
      const phone = await openPhone(j, `/watch/${activity.id}`);
      const gate = phone.getByTestId('watch-registration-gate');
      await gate.getByText('报名后观看').waitFor();
      await gate.getByRole('button', { name: '立即报名' }).click();
      const sheet = phone.getByTestId('watch-registration-sheet');
      await sheet.getByRole('button', { name: '验证手机号' }).click();
      const mobile = journeyMobile('135');
      await signInOnPhone(j, phone, mobile);
      const masked = `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
      await sheet.getByText(`${masked}（已验证）`).waitFor();
      await sheet.getByLabel('姓名').fill('周晓');
      await j.screenshot(phone, 'registration-phone-form');
      await sheet.getByRole('button', { name: '提交' }).click();
      await gate.getByRole('status').getByText('提交成功').waitFor();
      await gate.getByText('等待审核').waitFor();
      assert.equal(await phone.getByTestId('watch-video').count(), 0);
      await j.screenshot(phone, 'registration-phone-pending');

      // The console approves; the person is texted.
      await page.getByRole('tab', { name: '报名记录' }).click();
      await page.reload();
      const row = page.locator('.ant-table-row').filter({ hasText: mobile });
      await row.getByText('待审核').waitFor();
      await row.getByText('周晓').waitFor();
      const reviewed = answerTo(page, 'POST', /^\/v3\/registration\/\d+\/review$/);
      await row.getByRole('button', { name: spaced('通过') }).click();
      assert.equal((await reviewed).status(), 200);
      await row.getByText('已通过').waitFor();
      await j.screenshot(page, 'registration-records-approved');
      const outbox = await readFile(path.join(j.server.dataDir, 'sms-outbox.jsonl'), 'utf8');
      assert.ok(
        outbox.split('\n').some((line) => line.includes(`"mobile":"${mobile}"`) && line.includes('"result":"已通过"')),
        'the approval is texted',
      );
      // The list counts the binding and the record, none waiting.
      await page.goto('/enroll');
      const listed = page.locator('.ant-table-row').filter({ hasText: '发布会报名' });
      await listed.getByText('需审核').waitFor();
      await j.screenshot(page, 'registration-enroll-list');

      // The viewer's page plays once the push starts.
      await phone.reload();
      await phone.getByTestId('watch-status').waitFor();
      assert.equal(await gate.count(), 0);
      if (!existsSync(FFMPEG)) return t.skip('ffmpeg is not installed: the gate opened, nothing to play');
      const ffmpeg = spawn(FFMPEG, [
        ...['-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25'],
        ...['-f', 'lavfi', '-i', 'sine', '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '25'],
        ...['-c:a', 'aac', '-t', '60', '-f', 'flv', activity.stream.pushUrl],
      ]);
      try {
        await phone.getByTestId('watch-status').getByText('直播中').waitFor({ timeout: 15_000 });
        await phone.waitForFunction(
          () =>
            ((document.querySelector('[data-testid=watch-video]') as HTMLVideoElement | null)?.currentTime ?? 0) > 1,
          undefined,
          { timeout: 20_000 },
        );
        await j.screenshot(phone, 'registration-phone-playing');
      } finally {
        ffmpeg.kill('SIGKILL');
      }
    },
  );

  journey(
    'registration: the form application is built, bound, filled on a phone, and its data shows the answer',
    async () => {
      const agent = await j.newAgent();
      const activity = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: '表单旅程直播' });

      const page = await j.open(`/application/form#access_token=${agent.token}`);
      await page.getByText('还没有表单，新建一个吧').waitFor();
      await page.getByRole('button', { name: '新建表单' }).click();
      await page.waitForURL(/\/application\/form\/create$/);
      await page.getByPlaceholder('如：春季发布会报名').fill('满意度调查');
      await page.getByRole('button', { name: '添加字段' }).click();
      await page.getByRole('menuitem', { name: '单选' }).click();
      await page.getByLabel('字段名称').fill('您的评价');
      await page.getByLabel('选项（每行一个）').fill('满意\n一般\n不满意');
      await page.getByRole('button', { name: '添加字段' }).click();
      await page.getByRole('menuitem', { name: '文件' }).click();
      await page.getByLabel('字段名称').nth(1).fill('现场照片');
      await page.getByTestId('registration-preview').getByText('现场照片').waitFor();
      await page.getByTestId('registration-preview').getByRole('radio', { name: '不满意' }).waitFor();
      const created = answerTo(page, 'POST', /^\/v3\/registration$/);
      await page.getByRole('button', { name: spaced('保存') }).click();
      assert.equal((await created).status(), 200);
      await page.waitForURL(/\/application\/form\/edit\?id=\d+/);
      const formId = Number(new URL(page.url()).searchParams.get('id'));
      await api(j, agent.token, 'POST', `/v3/registration/${formId}/bind`, { activityIds: [activity.id] });

      const phone = await openPhone(j, `/watch/${activity.id}`);
      await phone.getByTestId('watch-form-open').click();
      const sheet = phone.getByTestId('watch-registration-sheet');
      await sheet.getByRole('radio', { name: '满意', exact: true }).check();
      await sheet.getByLabel('现场照片').setInputFiles({ name: 'scene.png', mimeType: 'image/png', buffer: PNG });
      await sheet.getByText('已上传 scene.png').waitFor();
      await sheet.getByRole('button', { name: '提交' }).click();
      await phone.getByRole('status').getByText('提交成功').waitFor();
      await j.screenshot(phone, 'registration-form-phone-sent');

      await page.goto(`/application/form/data?id=${formId}`);
      const row = page.locator('.ant-table-row').filter({ hasText: '满意' });
      await row.getByRole('link', { name: /\.png$/ }).waitFor();
      await row.waitFor();
      await page.getByRole('tab', { name: '表单数据' }).waitFor();
      await j.screenshot(page, 'registration-form-data');
      await page.goto('/application/form');
      await page.locator('.ant-table-row').filter({ hasText: '满意度调查' }).waitFor();
      await j.screenshot(page, 'registration-form-list');
    },
  );
}
