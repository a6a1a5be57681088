import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { api, type Journey, journey } from '../harness.ts';

// The meeting room (issue 10): the console invites two guests, each opens its link in a browser of its own (Chromium's
// fake camera and microphone), both enter the room and see each other's video over WebRTC; the console's details list
// both with their time in the room, and 结束会议 closes both rooms.

/** 邀请嘉宾 in the console: answers the guest's link as a path. */
async function invite(page: Page, nickname: string): Promise<string> {
  await page.getByTestId('meeting-invite').click();
  const form = page.getByRole('dialog').filter({ hasText: '邀请嘉宾加入会议' });
  await form.getByTestId('meeting-invite-nickname').fill(nickname);
  await form.getByRole('button', { name: '生成邀请链接' }).click();
  const linkDialog = page.getByRole('dialog').filter({ hasText: `${nickname} 的邀请链接` });
  const url = new URL(await linkDialog.getByTestId('meeting-link').inputValue());
  await linkDialog.getByRole('button', { name: /Close|关闭/ }).click();
  await linkDialog.waitFor({ state: 'hidden' });
  return `${url.pathname}${url.search}`;
}

/** Waits until a remote participant's video in the room plays frames. */
async function seesRemoteVideo(page: Page, nickname: string) {
  await page.getByTestId('meeting-remote').filter({ hasText: nickname }).waitFor({ timeout: 20_000 });
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll<HTMLVideoElement>('[data-testid="meeting-remote-video"]')].some(
        (video) => video.videoWidth > 0 && video.readyState >= 2,
      ),
    undefined,
    { timeout: 30_000 },
  );
}

export function meetingJourneys(j: Journey) {
  journey(
    'meeting: two guests join the meeting room and see each other’s video; 结束会议 closes both rooms',
    async () => {
      const agent = await j.newAgent();
      const activity = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: '嘉宾连线活动' });
      const console_ = await j.open(`/board/${activity.id}/settings?tab=meeting#access_token=${agent.token}`);
      await console_.getByTestId('meeting-state').getByText('空闲').waitFor();

      const linkA = await invite(console_, '嘉宾甲');
      await console_.getByTestId('meeting-state').getByText('会议中').waitFor();
      const linkB = await invite(console_, '嘉宾乙');

      const guestA = await j.open(linkA);
      const guestB = await j.open(linkB);
      for (const guest of [guestA, guestB]) {
        await guest.getByTestId('meeting-activity-name').getByText('嘉宾连线活动').waitFor();
        // The camera preview plays before entering.
        await guest.waitForFunction(
          () => (document.querySelector<HTMLVideoElement>('[data-testid="meeting-local-video"]')?.videoWidth ?? 0) > 0,
          undefined,
          { timeout: 20_000 },
        );
        await guest.getByTestId('meeting-enter').click();
      }
      await seesRemoteVideo(guestA, '嘉宾乙');
      await seesRemoteVideo(guestB, '嘉宾甲');
      await guestA.getByTestId('meeting-count').getByText('2/6 人在会议中').waitFor();
      await j.screenshot(guestA, 'meeting-room-live');

      // 静音 on one side shows on the other's tile.
      await guestA.getByTestId('meeting-toggle-audio').click();
      await guestA.getByTestId('meeting-toggle-audio').getByText('取消静音').waitFor();
      await guestB
        .getByTestId('meeting-remote')
        .filter({ hasText: '嘉宾甲' })
        .locator('.anticon-audio-muted')
        .waitFor();
      await j.screenshot(guestB, 'meeting-room-muted');

      // The console's details list both, in the room now.
      const attendees = console_.locator('[data-testid^="meeting-attendees-"]').first();
      await attendees.locator('.ant-table-row').filter({ hasText: '嘉宾甲' }).filter({ hasText: '会议中' }).waitFor();
      await attendees.locator('.ant-table-row').filter({ hasText: '嘉宾乙' }).filter({ hasText: '会议中' }).waitFor();
      await j.screenshot(console_, 'meeting-console-details');

      // 结束会议: both rooms close with 会议已结束; the details reload, each with a leave time.
      await console_.getByRole('button', { name: '结束会议' }).click();
      await console_
        .getByRole('dialog')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      await console_.getByText('结束会议成功').waitFor();
      for (const guest of [guestA, guestB]) await guest.getByTestId('meeting-notice').getByText('会议已结束').waitFor();
      await j.screenshot(guestB, 'meeting-room-closed');
      await console_.getByTestId('meeting-state').getByText('空闲').waitFor();
      const details = await api<{
        items: { attendees: { nickname: string; leftAt: string | null; online: boolean; durationSeconds: number }[] }[];
      }>(j, agent.token, 'GET', `/activity/${activity.id}/meeting`);
      const lines = details.items[0]?.attendees ?? [];
      assert.deepEqual(lines.map((line) => line.nickname).sort(), ['嘉宾乙', '嘉宾甲'].sort());
      assert.ok(lines.every((line) => !line.online && line.leftAt !== null && line.durationSeconds >= 0));
      await console_.locator('.ant-table-row-expand-icon').first().click();
      await console_.locator('.ant-table-expanded-row').getByText('嘉宾甲').waitFor();
      await j.screenshot(console_, 'meeting-console-ended');
      for (const page of [guestA, guestB, console_]) await page.context().close();
    },
  );
}
