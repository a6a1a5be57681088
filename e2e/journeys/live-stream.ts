import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, type Journey, journey } from '../harness.ts';

// The live screen (/board/:id/live): the media library with a real transcode, live media slots, the live mode and
// its relay jobs.

export const FFMPEG = '/usr/bin/ffmpeg';

export async function newActivity(j: Journey, token: string, name: string): Promise<number> {
  const response = await fetch(`${j.server.baseUrl}/api/activity`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  return ((await response.json()) as { id: number }).id;
}

export function ffmpegFile(name: string, args: string[]): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'yanbo-e2e-')), name);
  execFileSync(FFMPEG, ['-loglevel', 'error', '-y', ...args, file]);
  return file;
}

export function liveStreamJourneys(j: Journey) {
  journey(
    'live configuration: upload a video, see its transcode become ready, put it in a prologue slot and save',
    async (t) => {
      if (!existsSync(FFMPEG)) return t.skip('ffmpeg is not installed');
      const { token } = await j.newAgent();
      const id = await newActivity(j, token, '直播配置的直播');
      const video = ffmpegFile('片头视频.mp4', [
        ...['-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=25'],
        ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'veryfast'],
      ]);
      const page = await j.open(`/board/${id}/live?tab=library#access_token=${token}`);
      await page.getByTestId('storage-usage').waitFor();
      await page.locator('input[type=file]').setInputFiles(video);
      await page.getByText('上传成功，正在转码').first().waitFor();
      const row = page.getByTestId('library-table').locator('tr', { hasText: '片头视频' });
      await row.locator('[data-status=ready]').waitFor({ timeout: 60_000 });
      // The transcoded output now counts in the storage bar.
      await page
        .getByTestId('storage-usage')
        .getByText(/转码媒体 [1-9]/)
        .waitFor();
      await j.screenshot(page, 'live-config-library');

      // A file that is no video is refused at upload with the reason in Chinese, and no row is made for it (a
      // transcode that fails later, and its retry, are the media API tests' part).
      const broken = path.join(path.dirname(video), '损坏的视频.mp4');
      writeFileSync(broken, Buffer.alloc(4096, 7));
      await page.locator('input[type=file]').setInputFiles(broken);
      await page.getByText('文件内容不是有效的视频，请检查文件后重新上传').first().waitFor();
      assert.equal(await page.getByTestId('library-table').locator('tr', { hasText: '损坏的视频' }).count(), 0);
      await row.getByText('片头视频').click();
      const drawer = page.locator('.ant-drawer');
      await drawer.getByText('转码次数').waitFor();
      await drawer.getByText('可用', { exact: true }).waitFor();
      await j.screenshot(page, 'live-config-media-detail');
      await page.locator('.ant-drawer .ant-drawer-close').click();

      await page.getByRole('tab', { name: '直播媒体' }).click();
      await page.getByTestId('live-media-0-slot-0').click();
      await page.locator('.ant-select-dropdown:visible').getByText('片头视频').click();
      await page.getByTestId('live-media-save').click();
      await page.getByText('保存成功').first().waitFor();
      await j.screenshot(page, 'live-config-media');
      const saved = await api<{ isDefault: boolean; lists: { '0': ({ name: string; status: string } | null)[] } }>(
        j,
        token,
        'GET',
        `/v3/agent/media?activityId=${id}`,
      );
      if (saved.isDefault || saved.lists['0'][0]?.name !== '片头视频' || saved.lists['0'][0]?.status !== 'ready') {
        throw new Error(`prologue not kept: ${JSON.stringify(saved)}`);
      }
      await page.reload();
      await page.getByTestId('live-media-0-slot-0').getByText('片头视频').waitFor();

      // What the media server really receives shows on the live mode tab while a push runs.
      const activity = await api<{ stream: { pushUrl: string } }>(j, token, 'GET', `/activity/${id}`);
      await page.getByRole('tab', { name: '直播方式' }).click();
      await page.getByText('媒体服务器当前没有收到推流').waitFor();
      const ffmpeg = spawn(FFMPEG, [
        ...['-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '25', '-t', '20'],
        ...['-f', 'flv', activity.stream.pushUrl],
      ]);
      try {
        await page.getByTestId('ingest-table').getByText('640×360').waitFor({ timeout: 15_000 });
        await page
          .getByTestId('ingest-table')
          .getByText(/\d+ kbps/)
          .waitFor({ timeout: 15_000 });
        await j.screenshot(page, 'live-config-stream');
      } finally {
        ffmpeg.kill('SIGKILL');
      }

      // Relay mode: the source address is checked, then the server's relay job shows (and fails with its reason).
      await page.getByTestId('live-mode').getByText('拉流转推').click();
      await page.getByTestId('relay-url').fill('ftp://nowhere');
      await page
        .getByRole('button', { name: /保\s*存/ })
        .first()
        .click();
      await page.getByText('请输入 rtmp、rtmps、http、https 或 srt 地址').waitFor();
      // A source on this server's own network is refused (issue 8: no relay reaches loopback or private addresses).
      await page.getByTestId('relay-url').fill('rtmp://127.0.0.1:1/live/missing');
      await page
        .getByRole('button', { name: /保\s*存/ })
        .first()
        .click();
      await page.getByText('源地址不可用：不允许使用内网、本机、保留或云服务元数据地址').waitFor();
      // A public source that does not answer: the job fails within the no-data deadline and says why in Chinese.
      await page.getByTestId('relay-url').fill('rtmp://93.184.215.14:1/live/missing');
      await page
        .getByRole('button', { name: /保\s*存/ })
        .first()
        .click();
      await page.getByText('设置成功').first().waitFor();
      await page.getByText('rtmp://93.184.215.14:1/live/missing', { exact: true }).first().waitFor();
      await page.getByText('失败', { exact: true }).waitFor({ timeout: 40_000 });
      await page.getByText(/无法连接源站|源站长时间没有发送数据|源站拒绝访问/).waitFor();
      await j.screenshot(page, 'live-config-relay');
      await page.context().close();
    },
  );
}
