import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { ADMIN, type Journey } from '../harness.ts';

// Create an activity in the modal, land on its board, push with ffmpeg and watch the board follow without a reload.

export function activityJourneys(j: Journey) {
  test('create an activity, land on its board, and watch a push turn it live and back', async (t) => {
    const token = await j.apiLogin(ADMIN.mobile, ADMIN.password);
    const page = await j.open(`/#access_token=${token}`);
    await page
      .getByRole('button', { name: /创建活动/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByPlaceholder('请输入活动名称').fill('浏览器创建的直播');
    await dialog.getByRole('button', { name: /创\s*建/ }).click();
    await page.getByText('创建成功').waitFor();
    await page.waitForURL(/\/board\/\d+$/);
    await page.getByText('浏览器创建的直播').first().waitFor();
    await page.getByText('等待推流').first().waitFor();
    await j.screenshot(page, 'board-waiting');

    if (!existsSync('/usr/bin/ffmpeg')) return t.skip('ffmpeg is not installed');
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const activity = (await (
      await fetch(`${j.server.baseUrl}/api/activity/${id}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { stream: { pushUrl: string } };
    const ffmpeg = spawn('/usr/bin/ffmpeg', [
      ...[
        '-loglevel',
        'error',
        '-re',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=640x360:rate=25',
        '-f',
        'lavfi',
        '-i',
        'sine',
      ],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '25', '-c:a', 'aac', '-t', '20'],
      ...['-f', 'flv', activity.stream.pushUrl],
    ]);
    try {
      await page.getByText('推流中').first().waitFor({ timeout: 10_000 });
      await page.waitForTimeout(2_500);
      await j.screenshot(page, 'board-pushing');
    } finally {
      ffmpeg.kill('SIGKILL');
    }
    await page.getByText('未推流').first().waitFor({ timeout: 10_000 });
    await page.context().close();
  });
}
