import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type Journey, journey } from '../harness.ts';

// Live transcoding on the 直播方式 tab: push with ffmpeg, turn transcoding on, see the transcode job run and the watch
// page offer 清晰度 (原画 / 标清), turn it off and see the job stopped.

const FFMPEG = '/usr/bin/ffmpeg';

async function api<T>(j: Journey, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${j.server.baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

type Jobs = { items: { kind: string; status: string }[] };

export function liveTranscodeJourneys(j: Journey) {
  journey(
    'live transcoding: push, turn it on, see the transcode job run and 标清 on the watch page, turn it off',
    async (t) => {
      if (!existsSync(FFMPEG)) return t.skip('ffmpeg is not installed');
      const agent = await j.newAgent();
      const activity = await api<{ id: number; stream: { pushUrl: string } }>(j, agent.token, 'POST', '/activity', {
        name: '转码旅程直播',
      });
      const id = activity.id;
      const ffmpeg = spawn(FFMPEG, [
        ...[
          '-loglevel',
          'error',
          '-re',
          '-f',
          'lavfi',
          '-i',
          'testsrc=size=1280x720:rate=25',
          '-f',
          'lavfi',
          '-i',
          'sine',
        ],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '25', '-c:a', 'aac', '-t', '90'],
        ...['-f', 'flv', activity.stream.pushUrl],
      ]);
      try {
        const page = await j.open(`/board/${id}/live?tab=stream#access_token=${agent.token}`);
        await page.getByTestId('live-transcode').waitFor();
        await page.getByText('推流中').first().waitFor({ timeout: 10_000 });
        await page.getByTestId('live-transcode-state').getByText('未开启，观众只能观看原画').waitFor();

        await page.getByTestId('live-transcode').click();
        await page.getByText('设置成功').first().waitFor();
        await page.getByTestId('live-transcode-state').getByText('转码中：原画 + 标清').waitFor({ timeout: 15_000 });
        const jobs = page.getByTestId('stream-jobs');
        await jobs.getByText('直播转码').first().waitFor();
        await jobs.getByText('运行中').first().waitFor();
        const running = await api<Jobs>(j, agent.token, 'GET', `/v3/activity/${id}/stream-jobs`);
        assert.deepEqual(
          running.items.map((job) => [job.kind, job.status]),
          [['transcode', 'running']],
        );
        type Detail = { isPushing: boolean; stream: { pullSource: { renditions: { name: string }[] } } };
        // The rendition is listed once ffmpeg really publishes it.
        let detail = await api<Detail>(j, agent.token, 'GET', `/activity/${id}`);
        for (let tries = 0; detail.stream.pullSource.renditions.length < 2 && tries < 60; tries++) {
          await page.waitForTimeout(250);
          detail = await api<Detail>(j, agent.token, 'GET', `/activity/${id}`);
        }
        assert.equal(detail.isPushing, true);
        assert.deepEqual(
          detail.stream.pullSource.renditions.map((r) => r.name),
          ['origin', 'sd'],
        );
        await j.screenshot(page, 'live-transcode-running');
        // The board lists the 标清 playback addresses beside the original's.
        const board = await j.open(`/board/${id}#access_token=${agent.token}`);
        await board.getByText('标清 FLV').waitFor();
        await board.getByText('标清 HLS').waitFor();
        await board.context().close();

        // The audience picks 标清 and the player plays it.
        const watch = await j.open(`/watch/${id}`);
        const quality = watch.getByTestId('watch-quality');
        await quality.waitFor({ timeout: 15_000 });
        await quality.getByRole('button', { name: '标清' }).click();
        await watch.waitForFunction(
          () => (document.querySelector('[data-testid=watch-video]') as HTMLVideoElement | null)?.videoHeight === 360,
          undefined,
          { timeout: 15_000 },
        );
        assert.equal(await quality.getByRole('button', { name: '标清' }).getAttribute('aria-pressed'), 'true');
        await watch.waitForFunction(
          () =>
            ((document.querySelector('[data-testid=watch-video]') as HTMLVideoElement | null)?.currentTime ?? 0) > 1,
          undefined,
          { timeout: 15_000 },
        );
        await watch.getByText('正在连接直播…').waitFor({ state: 'hidden' });
        await j.screenshot(watch, 'live-transcode-watch-sd');
        await watch.context().close();

        await page.getByTestId('live-transcode').click();
        await page.getByText('设置成功').first().waitFor();
        await page.getByTestId('live-transcode-state').getByText('未开启，观众只能观看原画').waitFor();
        await jobs.getByText('已停止').first().waitFor({ timeout: 10_000 });
        const stopped = await api<Jobs>(j, agent.token, 'GET', `/v3/activity/${id}/stream-jobs`);
        assert.deepEqual(
          stopped.items.map((job) => [job.kind, job.status]),
          [['transcode', 'stopped']],
        );
        await page.getByText('推流中').first().waitFor();
        await j.screenshot(page, 'live-transcode-stopped');
        await page.context().close();
      } finally {
        ffmpeg.kill('SIGKILL');
      }
    },
  );
}
