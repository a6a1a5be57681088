import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { answerTo, api, type Journey, journey } from '../harness.ts';

// The activity list's filters and paging, an activity's settings screen, ditches, destroy, and the board's live
// online count — each journey as an agent of its own, so what it counts is only its own.

const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';

interface Agent {
  id: number;
  token: string;
}

async function openAs(j: Journey, agent: Agent, pathname: string): Promise<Page> {
  const page = await j.open(`${pathname}#access_token=${agent.token}`);
  return page;
}

/** Picks a status in the segmented filter and waits until it shows as picked. */
async function pickStatus(page: Page, label: string) {
  await page.locator('.ant-segmented-item').filter({ hasText: label }).click();
  await page.locator('.ant-segmented-item-selected').filter({ hasText: label }).waitFor();
}

const rows = (page: Page) => page.locator('.activity-table tbody tr.ant-table-row');

async function waitForRows(page: Page, count: number) {
  await page.waitForFunction(
    (n) => document.querySelectorAll('.activity-table tbody tr.ant-table-row').length === n,
    count,
    { timeout: 10_000 },
  );
}

export function activitySettingsJourneys(j: Journey) {
  journey('the activity list filters by status and group, searches by name, loads more and destroys', async () => {
    const agent = await j.newAgent();
    const first = await api<{ id: number }>(j, agent.token, 'POST', '/agent/activity-group', { name: '第一组' });
    const second = await api<{ id: number }>(j, agent.token, 'POST', '/agent/activity-group', { name: '第二组' });
    const past = new Date(Date.now() - 3_600_000).toISOString();
    await api(j, agent.token, 'POST', '/v3/activity/bulk-activity', {
      activities: Array.from({ length: 20 }, (_, index) => {
        const n = index + 1;
        return {
          name: `列表活动 ${String(n).padStart(2, '0')}`,
          groupId: n <= 6 ? first.id : n <= 9 ? second.id : null,
          // Every fourth one has started: 进行中 (enabled and OnGoing), not 直播中 while nothing is pushed.
          startedAt: n % 4 === 0 ? past : null,
        };
      }),
    });
    const page = await openAs(j, agent, '/');
    await waitForRows(page, 15);
    await page.getByText('已加载 15 / 20 个活动').waitFor();
    await page.getByRole('button', { name: '加载更多' }).click();
    await waitForRows(page, 20);
    await page.getByText('已加载全部 20 个活动').waitFor();
    await j.screenshot(page, 'activity-list-all');

    await pickStatus(page, '进行中');
    await waitForRows(page, 5);
    await pickStatus(page, '未开始');
    await waitForRows(page, 15);
    await pickStatus(page, '全部');
    // The unfiltered list still holds both pages it loaded.
    await waitForRows(page, 20);

    await page.getByRole('tab', { name: /第一组/ }).click();
    await waitForRows(page, 6);
    await page.getByText('已加载全部 6 个活动').waitFor();
    await page.getByRole('tab', { name: /第二组/ }).click();
    await waitForRows(page, 3);
    await pickStatus(page, '进行中');
    await waitForRows(page, 1);
    await j.screenshot(page, 'activity-list-group-status');
    await pickStatus(page, '全部');
    await page.getByRole('tab', { name: /^全部/ }).click();
    // The unfiltered list still holds both pages it loaded.
    await waitForRows(page, 20);

    const search = page.getByPlaceholder('搜索活动名称');
    await search.fill('列表活动 1');
    await search.press('Enter');
    await waitForRows(page, 10);
    await search.fill('列表活动 20');
    await search.press('Enter');
    await waitForRows(page, 1);

    // Destroy for good: the name has to be typed first.
    await rows(page).first().getByRole('button', { name: '更多' }).click();
    await page.getByRole('menuitem', { name: '彻底销毁' }).click();
    const dialog = page.getByRole('dialog');
    const destroy = dialog.getByRole('button', { name: '彻底销毁' });
    assert.equal(await destroy.isDisabled(), true);
    await dialog.getByLabel('活动名称').fill('列表活动 2');
    assert.equal(await destroy.isDisabled(), true);
    await dialog.getByLabel('活动名称').fill('列表活动 20');
    await destroy.and(page.locator(':enabled')).waitFor();
    await j.screenshot(page, 'activity-destroy-confirm');
    await destroy.click();
    await page.getByText('删除成功').waitFor();
    await page.getByText('没有符合条件的活动').waitFor();
    const left = await api<{ pager: { total: number } }>(j, agent.token, 'GET', '/activity?pageSize=100');
    assert.equal(left.pager.total, 19);
    await page.context().close();
  });

  journey(
    'activity settings: change the watch code, save a share card, end a meeting, configure an extension',
    async () => {
      const agent = await j.newAgent();
      const activity = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: '设置旅程活动' });
      const page = await openAs(j, agent, `/board/${activity.id}/settings`);
      await page.getByTestId('subpage-activity-name').getByText('设置旅程活动').waitFor();

      // Watch code.
      await page.getByLabel('启用观看码').click();
      await page.getByPlaceholder('4-16 位字母或数字，留空自动生成').fill('ab');
      await page.getByRole('button', { name: '更新观看码' }).click();
      await page.getByText('观看码为 4-16 位字母或数字').waitFor();
      await page.getByPlaceholder('4-16 位字母或数字，留空自动生成').fill('Live2026');
      await page.getByRole('button', { name: '更新观看码' }).click();
      await page.getByText('更新成功').waitFor();
      await page.getByTestId('watch-code-current').getByText('Live2026').waitFor();
      await j.screenshot(page, 'settings-watch-code');
      const code = await api<{ enabled: boolean; code: string }>(
        j,
        agent.token,
        'GET',
        `/activity/${activity.id}/watchcode`,
      );
      assert.deepEqual(code, { enabled: true, code: 'Live2026' });

      // Share card.
      await page.getByRole('tab', { name: '分享卡片' }).click();
      await page.getByLabel('分享标题').fill('周年庆直播');
      await page.getByLabel('分享描述').fill('今晚八点，不见不散');
      await page.getByLabel('分享图片').fill('not a url');
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('请输入以 http(s):// 或 / 开头的图片地址').waitFor();
      await page.getByLabel('分享图片').fill('/favicon.svg');
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('保存成功').waitFor();
      await j.screenshot(page, 'settings-share-card');
      const card = await api<{ title: string }>(j, agent.token, 'GET', `/activity/${activity.id}/shareCard`);
      assert.equal(card.title, '周年庆直播');

      // Meeting: one is going on; ending it reloads the details (state back to idle); ending again fails.
      await api(j, agent.token, 'POST', `/v3/activity/${activity.id}/meeting/join`);
      await page.getByRole('tab', { name: '会议' }).click();
      await page.getByTestId('meeting-state').getByText('会议中').waitFor();
      await page.getByRole('button', { name: '结束会议' }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      await page.getByText('结束会议成功').waitFor();
      await page.getByTestId('meeting-state').getByText('空闲').waitFor();
      await page.locator('.ant-table-row').filter({ hasText: '已结束' }).first().waitFor();
      await j.screenshot(page, 'settings-meeting');
      await page.getByRole('button', { name: '结束会议' }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      await page.getByText('结束会议失败').waitFor();

      // An extension: configure the lottery and switch it on.
      await page.getByRole('tab', { name: '扩展应用' }).click();
      const lottery = page.getByTestId('extension-lottery');
      await lottery.getByText('尚未配置').waitFor();
      await lottery.getByRole('button', { name: /配\s*置/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('奖品名称').fill('蓝牙耳机');
      await dialog.getByLabel('中奖人数').fill('3');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('配置成功').waitFor();
      await lottery.getByRole('switch').click();
      await page.getByText('设置成功').waitFor();
      await lottery.getByText('已开启').waitFor();
      await j.screenshot(page, 'settings-extensions');
      const state = await api<{ enabled: boolean; settings: { prizeName: string; winnerCount: number } }>(
        j,
        agent.token,
        'GET',
        `/v3/activity/${activity.id}/extension/lottery`,
      );
      assert.equal(state.enabled, true);
      assert.equal(state.settings.prizeName, '蓝牙耳机');
      assert.equal(state.settings.winnerCount, 3);

      // The menu: add an entry and save.
      await page.getByRole('tab', { name: '页面菜单' }).click();
      await page.getByRole('button', { name: '添加菜单' }).click();
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('保存成功').first().waitFor();
      const menu = await api<{ items: { title: string }[] }>(j, agent.token, 'GET', `/activity/${activity.id}/menu`);
      assert.deepEqual(
        menu.items.map((item) => item.title),
        ['聊天室', '活动简介', '新菜单'],
      );
      await j.screenshot(page, 'settings-menu');

      for (const [tab, shot] of [
        ['活动管理员', 'settings-manager'],
        ['短信', 'settings-sms'],
        ['预约用户', 'settings-subscribers'],
      ] as const) {
        await page.getByRole('tab', { name: tab }).click();
        await page.locator('.ant-skeleton').first().waitFor({ state: 'detached' });
        await j.screenshot(page, shot);
      }
      await page.context().close();
    },
  );

  journey('ditches: create with an activity, copy the link, edit, delete, and reload on page 1', async () => {
    const agent = await j.newAgent();
    const activity = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: '渠道旅程活动' });
    const page = await openAs(j, agent, '/ditch');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: j.server.baseUrl });
    await page.getByText('还没有渠道，新建一个推广渠道吧').waitFor();

    await page.getByRole('button', { name: '新建渠道' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /创\s*建/ }).click();
    await dialog.getByText('请输入渠道名称').waitFor();
    await dialog.getByLabel('渠道名称').fill('公众号推文');
    await dialog.getByLabel('绑定活动').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '渠道旅程活动' }).click();
    await dialog.getByRole('button', { name: /创\s*建/ }).click();
    await page.getByText('创建成功').waitFor();
    const row = page.locator('.ant-table-row').filter({ hasText: '公众号推文' });
    await row.getByText('渠道旅程活动').waitFor();
    const link = (await row.getByTestId('ditch-link').textContent()) ?? '';
    const ditches = await api<{ items: { sign: string }[] }>(
      j,
      agent.token,
      'GET',
      `/agent/${agent.id}/promotion-channel`,
    );
    const sign = ditches.items[0]?.sign ?? '';
    assert.equal(link, `${j.server.baseUrl}/watch/${activity.id}?ditch=${sign}`);
    await row.getByRole('button', { name: '复制链接' }).click();
    await page.getByText('复制成功').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
    await row.getByRole('button', { name: '二维码' }).click();
    await page.locator('.ant-popover .ant-qrcode canvas').waitFor();
    await j.screenshot(page, 'ditches-created');
    await page.keyboard.press('Escape');

    await row.getByRole('button', { name: /编\s*辑/ }).click();
    await dialog.getByLabel('渠道名称').fill('公众号推文（改）');
    const editing = answerTo(page, 'PUT', /^\/agent\/\d+\/promotion-channel\/[^/]+$/);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    const editAnswer = await editing;
    assert.equal(editAnswer.status(), 200, await editAnswer.text());
    await page.getByText('编辑成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('.ant-table-row').filter({ hasText: '公众号推文（改）' }).waitFor();

    // Eleven more: page 2 holds two; deleting there reloads the list on page 1.
    for (let i = 1; i <= 11; i++) {
      await api(j, agent.token, 'POST', `/agent/${agent.id}/promotion-channel`, { name: `批量渠道 ${i}` });
    }
    await page.reload();
    await page.getByText('共 12 个渠道').waitFor();
    await page.locator('.ant-pagination-item-2').click();
    const edited = page.locator('.ant-table-row').filter({ hasText: '公众号推文（改）' });
    await edited.waitFor();
    await edited.getByRole('button', { name: /删\s*除/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('删除成功').waitFor();
    await page.getByText('共 11 个渠道').waitFor();
    await page.locator('.ant-pagination-item-1.ant-pagination-item-active').waitFor();
    await page.locator('.ant-table-row').filter({ hasText: '批量渠道 11' }).waitFor();

    // Filter by activity: the unbound ditches get that activity's link.
    await page.locator('.ant-select').filter({ hasText: '按活动筛选' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '渠道旅程活动' }).click();
    await page
      .locator('.ant-table-row')
      .first()
      .getByTestId('ditch-link')
      .getByText(`/watch/${activity.id}?ditch=`)
      .waitFor();
    await page.keyboard.press('Escape');
    await j.screenshot(page, 'ditches-filtered');
    await page.context().close();
  });

  journey("the board's online count goes to 1 while a player is open and the usage card follows", async (t) => {
    if (!existsSync('/usr/bin/ffmpeg')) return t.skip('ffmpeg is not installed');
    const agent = await j.newAgent();
    const activity = await api<{ id: number; stream: { stream: string; pushUrl: string } }>(
      j,
      agent.token,
      'POST',
      '/activity',
      { name: '在线人数旅程' },
    );
    const page = await openAs(j, agent, `/board/${activity.id}`);
    const online = page
      .locator('.ant-statistic')
      .filter({ hasText: '在线人数' })
      .locator('.ant-statistic-content-value');
    await online.getByText('0').waitFor();
    const ffmpeg = spawn('/usr/bin/ffmpeg', [
      ...['-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine', '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '25'],
      ...['-c:a', 'aac', '-t', '40', '-f', 'flv', activity.stream.pushUrl],
    ]);
    const player = new AbortController();
    try {
      await page.getByText('推流中').first().waitFor({ timeout: 10_000 });
      // The board's own preview is playing now, and is not counted: the console is not audience.
      await page.waitForFunction(
        () =>
          ((document.querySelector('[data-testid=live-player] video') as HTMLVideoElement | null)?.currentTime ?? 0) >
          0.5,
        undefined,
        { timeout: 15_000 },
      );
      await online.getByText('0', { exact: true }).waitFor();
      const response = await fetch(`${j.server.baseUrl}/live/live/${activity.stream.stream}.flv`, {
        signal: player.signal,
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      await reader.read();
      await online.getByText('1', { exact: true }).waitFor({ timeout: 15_000 });
      await j.screenshot(page, 'board-online');
      player.abort();
      await online.getByText('0', { exact: true }).waitFor({ timeout: 15_000 });
      await page.locator('.ant-statistic').filter({ hasText: '观看峰值' }).getByText('1', { exact: true }).waitFor();
    } finally {
      player.abort();
      ffmpeg.kill('SIGKILL');
    }
    await page.getByText('未推流').first().waitFor({ timeout: 10_000 });
    await page.context().close();
  });

  journey(
    'activity settings: upload the share card picture and the manager avatar, or keep typing an address',
    async () => {
      const agent = await j.newAgent();
      const activity = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: '上传图片的活动' });
      const picture = path.join(mkdtempSync(path.join(tmpdir(), 'yanbo-e2e-')), '分享图.png');
      writeFileSync(picture, Buffer.from(PNG_BASE64, 'base64'));
      const page = await openAs(j, agent, `/board/${activity.id}/settings?tab=shareCard`);
      await page.getByLabel('分享标题').waitFor();

      await page.getByTestId('share-card-image').locator('input[type=file]').setInputFiles(picture);
      await page.getByText('上传成功').first().waitFor();
      const uploaded = await page.getByLabel('分享图片').inputValue();
      assert.match(uploaded, /^\/files\/activity\/\d+\/[^/]+\.png$/);
      // Each save waits for its own answer: the toast of an earlier save may still be showing.
      const savingCard = answerTo(page, 'PUT', /^\/activity\/\d+\/shareCard$/);
      await page
        .getByRole('button', { name: /保\s*存/ })
        .first()
        .click();
      assert.equal((await savingCard).status(), 200);
      await j.screenshot(page, 'settings-share-card-upload');
      const card = await api<{ image: string }>(j, agent.token, 'GET', `/activity/${activity.id}/shareCard`);
      assert.equal(card.image, uploaded);
      assert.equal((await fetch(`${j.server.baseUrl}${uploaded}`)).status, 200);

      await page.getByRole('tab', { name: '活动管理员' }).click();
      await page.getByTestId('manager-avatar').locator('input[type=file]').setInputFiles(picture);
      await page.locator('.ant-avatar img[src^="/files/activity/"]').waitFor();
      await page.getByLabel('昵称').fill('主持人小蓝');
      const savingManager = answerTo(page, 'PUT', /^\/activity\/\d+\/manager$/);
      await page
        .getByRole('button', { name: /保\s*存/ })
        .last()
        .click();
      assert.equal((await savingManager).status(), 200);
      const manager = await api<{ avatar: string; nickname: string }>(
        j,
        agent.token,
        'GET',
        `/activity/${activity.id}/manager`,
      );
      assert.match(manager.avatar, /^\/files\/activity\/\d+\//);
      assert.equal(manager.nickname, '主持人小蓝');
      await j.screenshot(page, 'settings-manager-avatar');

      // An address still works instead of an upload.
      await page.getByLabel('头像').fill('https://example.com/avatar.png');
      const saving = page.waitForResponse(
        (response) =>
          response.url().endsWith(`/activity/${activity.id}/manager`) && response.request().method() === 'PUT',
      );
      await page
        .getByRole('button', { name: /保\s*存/ })
        .last()
        .click();
      assert.equal((await saving).status(), 200);
      const typed = await api<{ avatar: string }>(j, agent.token, 'GET', `/activity/${activity.id}/manager`);
      assert.equal(typed.avatar, 'https://example.com/avatar.png');
      await page.context().close();
    },
  );

  journey('加入会议 opens the meeting room; a settings tab with unsaved changes asks before it is left', async () => {
    const agent = await j.newAgent();
    const activity = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: '会议室旅程活动' });
    const page = await openAs(j, agent, `/board/${activity.id}/settings?tab=meeting`);
    await page.getByRole('button', { name: '加入会议' }).click();
    const joinDialog = page.getByRole('dialog').filter({ hasText: '会议入口' });
    await joinDialog.waitFor();
    const [room] = await Promise.all([
      page.context().waitForEvent('page'),
      joinDialog.getByTestId('meeting-open').click(),
    ]);
    // The link leads to a real room, not the console's 404: the activity, its state, the camera preview, 进入会议.
    await room.getByTestId('meeting-activity-name').getByText('会议室旅程活动').waitFor();
    await room.getByTestId('meeting-state').getByText('会议进行中').waitFor();
    await room.getByTestId('meeting-enter').getByText('进入会议').waitFor();
    await room.getByText('主持人').first().waitFor();
    await room.waitForFunction(
      () => (document.querySelector<HTMLVideoElement>('[data-testid="meeting-local-video"]')?.videoWidth ?? 0) > 0,
      undefined,
      { timeout: 20_000 },
    );
    assert.equal(await room.getByText('抱歉，您访问的页面不存在').count(), 0);
    await j.screenshot(room, 'meeting-room');
    const link = new URL(room.url());
    // Ended, the link's room says so.
    await api(j, agent.token, 'POST', `/activity/${activity.id}/meeting/end`);
    await room.reload();
    await room.getByText('会议已结束').waitFor();
    await j.screenshot(room, 'meeting-room-ended');
    // A tampered link says so.
    await room.goto(`${link.pathname}?token=${encodeURIComponent(`x${link.searchParams.get('token')}`)}`);
    await room.getByText('会议链接无效或已过期').waitFor();
    await room.close();
    await joinDialog.getByRole('button', { name: /Close|关闭/ }).click();

    // Unsaved changes: an edited share card asks before another tab or 返回看板 drops it.
    await page.getByRole('tab', { name: '分享卡片' }).click();
    await page.getByLabel('分享标题').fill('还没保存的标题');
    await page.getByRole('tab', { name: '观看码' }).click();
    const leave = page.getByRole('dialog').filter({ hasText: '离开后，本页尚未保存的修改将会丢失' });
    await leave.waitFor();
    await leave.getByRole('button', { name: '留在此页' }).click();
    await leave.waitFor({ state: 'hidden' });
    assert.equal(await page.getByLabel('分享标题').inputValue(), '还没保存的标题');
    await page.getByRole('button', { name: '返回看板' }).click();
    await leave.waitFor();
    await j.screenshot(page, 'settings-unsaved-leave');
    await leave.getByRole('button', { name: /^离\s*开$/ }).click();
    await page.waitForURL(new RegExp(`/board/${activity.id}$`));
    // The menu editor keeps its rows outside a form: an edited title asks too.
    await page.goto(`/board/${activity.id}/settings?tab=menu`);
    const firstTitle = page.getByRole('textbox', { name: '菜单名称' }).first();
    const original = await firstTitle.inputValue();
    await firstTitle.fill('改过的菜单');
    await page.getByRole('button', { name: '返回看板' }).click();
    await leave.waitFor();
    await leave.getByRole('button', { name: '留在此页' }).click();
    await leave.waitFor({ state: 'hidden' });
    assert.equal(await firstTitle.inputValue(), '改过的菜单');
    // Put back as it was, it has nothing unsaved and leaves without a question.
    await firstTitle.fill(original);
    await page.getByRole('button', { name: '返回看板' }).click();
    await page.waitForURL(new RegExp(`/board/${activity.id}$`));
    // Saved changes leave without a question.
    await page.goto(`/board/${activity.id}/settings?tab=shareCard`);
    await page.getByLabel('分享标题').fill('保存过的标题');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('保存成功').waitFor();
    await page.getByRole('button', { name: '返回看板' }).click();
    await page.waitForURL(new RegExp(`/board/${activity.id}$`));
    await page.context().close();
  });
}
