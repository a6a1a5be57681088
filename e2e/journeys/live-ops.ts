import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { api, type Journey, journey, openPhone } from '../harness.ts';

// The virtual audience and the live operations screen (issue 10): the console sets a live activity's virtual audience
// and the phone's viewer sees the shown online count rise, while the console shows real and virtual apart; and one
// page shows the player, the moderated chat, the online curve and the stream's health of a push.

export const FFMPEG = '/usr/bin/ffmpeg';

/** An ffmpeg test picture pushed to the activity for up to `seconds`. */
export function push(pushUrl: string, seconds: number): ChildProcess {
  return spawn(FFMPEG, [
    ...['-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine', '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '25'],
    ...['-c:a', 'aac', '-t', String(seconds), '-f', 'flv', pushUrl],
  ]);
}

/** A statistic's shown value on the live operations screen. */
const statistic = (page: Page, testId: string) => page.getByTestId(testId).locator('.ant-statistic-content-value');

export function liveOpsJourneys(j: Journey) {
  journey('virtual audience: a robot raises the virtual count but not the real one', async (t) => {
    if (!existsSync(FFMPEG)) return t.skip('ffmpeg is not installed');
    const agent = await j.newAgent();
    const activity = await api<{ id: number; stream: { pushUrl: string } }>(j, agent.token, 'POST', '/activity', {
      name: '虚拟观众发布会',
    });
    await api(j, agent.token, 'POST', '/v3/robot', {
      robots: [
        { nickname: '小鱼', avatar: '/robot-avatars/1.svg' },
        { nickname: '阿花', avatar: '/robot-avatars/2.svg' },
      ],
    });
    const ffmpeg = push(activity.stream.pushUrl, 120);
    try {
      // The phone's viewer, in the chat: one viewer online, nobody virtual yet.
      const phone = await openPhone(j, `/watch/${activity.id}`);
      await phone.getByTestId('watch-status').getByText('直播中').waitFor({ timeout: 20_000 });
      await phone.getByTestId('chat-online').getByText('在线 1', { exact: true }).waitFor({ timeout: 20_000 });

      // The console's live operations screen sets the virtual audience: 200 at once, no jitter.
      const ops = await j.open(`/board/${activity.id}/live-ops#access_token=${agent.token}`);
      await ops.getByTestId('live-ops-pushing').getByText('直播中').waitFor({ timeout: 20_000 });
      const card = ops.getByTestId('virtual-audience-card');
      await card.getByTestId('virtual-enabled').click();
      await card.getByLabel('目标虚拟人数').fill('200');
      await card.getByLabel('爬升时长（分钟）').fill('0');
      await card.getByLabel('随机波动（±%）').fill('0');
      await card.getByTestId('virtual-save').click();
      await ops.getByText('虚拟观众设置已保存').waitFor();

      // The viewer is shown 1 + 200; the console keeps them apart.
      await phone.getByTestId('chat-online').getByText('在线 201', { exact: true }).waitFor({ timeout: 20_000 });
      await j.screenshot(phone, 'live-ops-phone-shown');
      await statistic(ops, 'online-virtual').getByText('200', { exact: true }).waitFor({ timeout: 30_000 });
      await statistic(ops, 'online-real').getByText('1', { exact: true }).waitFor({ timeout: 30_000 });
      await statistic(ops, 'online-shown').getByText('201', { exact: true }).waitFor();
      // The phone's player reports how far behind live it plays in its next heartbeat (every 30 s).
      const latency = statistic(ops, 'health-latency');
      await latency.getByText(/秒/).waitFor({ timeout: 30_000 });
      const seconds = Number.parseFloat((await latency.textContent()) ?? '');
      assert.ok(seconds >= 0 && seconds < 15, `the viewer's measured latency: ${seconds} s`);
      await j.screenshot(ops, 'live-ops-virtual-apart');

      // Statistics count the one real visit, never the robots.
      const stats = await api<{ pv: number; uv: number }>(j, agent.token, 'GET', `/activity/${activity.id}/stats`);
      assert.equal(stats.pv, 1);
      assert.equal(stats.uv, 1);
      await phone.context().close();
    } finally {
      ffmpeg.kill('SIGKILL');
    }
  });

  journey(
    'live operations: one page shows the player, the chat, the online curve and the stream’s health of a push',
    async (t) => {
      if (!existsSync(FFMPEG)) return t.skip('ffmpeg is not installed');
      const agent = await j.newAgent();
      const activity = await api<{ id: number; stream: { pushUrl: string } }>(j, agent.token, 'POST', '/activity', {
        name: '直播运营发布会',
      });
      await api(j, agent.token, 'POST', '/v3/robot', {
        robots: [{ nickname: '场控', avatar: '/robot-avatars/5.svg' }],
      });
      await api(j, agent.token, 'PUT', `/v3/activity/${activity.id}/virtual-audience`, {
        enabled: true,
        target: 80,
        rampMinutes: 1,
        jitterPercent: 5,
        commentsEnabled: true,
        libraryId: 0,
        commentIntervalSeconds: 5,
      });
      const ffmpeg = push(activity.stream.pushUrl, 120);
      try {
        // Reached from the board.
        const page = await j.open(`/board/${activity.id}#access_token=${agent.token}`);
        await page.getByRole('link', { name: /直播运营/ }).click();
        await page.waitForURL(`**/board/${activity.id}/live-ops`);
        await page.getByTestId('live-ops-pushing').getByText('直播中').waitFor({ timeout: 20_000 });
        // The player plays the push.
        await page.locator('[data-testid=live-player][data-state=playing]').waitFor({ timeout: 30_000 });
        // The robots speak from the default library, in the moderated chat.
        await page.getByText('场控').first().waitFor({ timeout: 30_000 });
        // The curve has samples, and the health is measured from the ingest.
        await page.locator('[data-testid=online-curve]').waitFor({ timeout: 30_000 });
        await page.waitForFunction(
          () => Number(document.querySelector('[data-testid=online-curve]')?.getAttribute('data-points') ?? 0) >= 2,
          undefined,
          { timeout: 40_000 },
        );
        await statistic(page, 'health-bitrate')
          .getByText(/kbps|Mbps/)
          .waitFor({ timeout: 30_000 });
        const fps = Number(await statistic(page, 'health-fps').textContent());
        assert.ok(fps > 10 && fps < 40, `frames per second near the push's 25: ${fps}`);
        const virtual = Number(await statistic(page, 'online-virtual').textContent());
        assert.ok(virtual > 0, `the virtual audience ramps up: ${virtual}`);
        assert.equal(await statistic(page, 'online-real').textContent(), '0');
        await j.screenshot(page, 'live-ops-screen');
      } finally {
        ffmpeg.kill('SIGKILL');
      }
    },
  );
}
