import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ADMIN, api, JOURNEY_LAN_HOST, type Journey, journey, newJourneyContext } from '../harness.ts';

// Create an activity in the modal, land on its board, push with ffmpeg and watch the board follow without a reload.

export function activityJourneys(j: Journey) {
  journey('create an activity, land on its board, and watch a push turn it live and back', async (t) => {
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
      // The picture: the preview plays frames of the push.
      await page.waitForFunction(
        () =>
          ((document.querySelector('[data-testid=live-player] video') as HTMLVideoElement | null)?.currentTime ?? 0) >
          0.5,
        undefined,
        { timeout: 15_000 },
      );
      await j.screenshot(page, 'board-pushing');
    } finally {
      ffmpeg.kill('SIGKILL');
    }
    await page.getByText('未推流').first().waitFor({ timeout: 10_000 });
    await page.context().close();
  });

  journey(
    'the board shows a sub-account’s credentials to the main account; a sub-account manages no groups',
    async () => {
      const agent = await j.newAgent();
      const username = `hall-${agent.id}`;
      const sub = await api<{ id: number }>(j, agent.token, 'POST', '/agent/subagent', {
        username,
        password: 'hall-pass-1',
      });
      const group = await api<{ id: number }>(j, agent.token, 'POST', '/agent/activity-group', { name: '发布会' });
      const activity = await api<{ id: number }>(j, agent.token, 'POST', '/activity', {
        name: '分配给会场的直播',
        subagentId: sub.id,
        groupId: group.id,
      });

      // The main account: the board names the sub-account and opens its credentials.
      const owner = await j.open(`/board/${activity.id}#access_token=${agent.token}`);
      await owner.getByTestId('board-activity-name').getByText('分配给会场的直播').waitFor();
      await owner.getByTestId('board-subagent').getByText(username).click();
      await owner.getByTestId('activity-subagent-password').getByText('hall-pass-1').waitFor();
      await j.screenshot(owner, 'board-subagent-credentials');
      await owner.goto('/');
      await owner.getByRole('tab', { name: /发布会/ }).waitFor();
      await owner.getByTestId('activity-groups-manage').waitFor();
      await owner.context().close();

      // The sub-account: the same board without credentials; the list filters by group but offers no management.
      const subToken = await j.apiLogin(username, 'hall-pass-1');
      const page = await j.open(`/board/${activity.id}#access_token=${subToken}`);
      await page.getByTestId('board-activity-name').getByText('分配给会场的直播').waitFor();
      await page.getByText('直播预览').first().waitFor();
      assert.equal(await page.getByTestId('board-subagent').count(), 0);
      assert.equal(await page.getByText('hall-pass-1').count(), 0);
      await page.goto('/');
      await page.getByText('分配给会场的直播').first().waitFor();
      await page.getByRole('tab', { name: /发布会/ }).click();
      await page.getByText('分配给会场的直播').first().waitFor();
      assert.equal(await page.getByTestId('activity-groups-manage').count(), 0);
      assert.equal(await page.getByText('分组管理').count(), 0);
      await j.screenshot(page, 'activities-subaccount-groups');

      // Its live configuration: the activity's own media lists save; the agent-wide ones are shown, not changed.
      await page.goto(`/board/${activity.id}/live`);
      await page.getByTestId('live-media-save').click();
      await page.getByText('保存成功').first().waitFor();
      for (const title of ['默认媒体', '全局媒体']) {
        const card = page
          .locator('.ant-card')
          .filter({ has: page.locator(':scope > .ant-card-head .ant-card-head-title', { hasText: title }) });
        await card.getByTestId('main-account-only').getByText('仅主账号可修改').waitFor();
        assert.equal(await card.getByRole('button', { name: '保存' }).count(), 0);
        const slots = card.locator('.ant-select');
        assert.ok((await slots.count()) > 0);
        assert.equal(await card.locator('.ant-select:not(.ant-select-disabled)').count(), 0);
      }
      await j.screenshot(page, 'live-config-subaccount-agent-wide');
      await page.context().close();
    },
  );
}

export function activityCopyJourneys(j: Journey) {
  journey('batch-create activities, save one as a new activity with its template, and copy its channel', async () => {
    const { token } = await j.newAgent();
    const page = await j.open(`/#access_token=${token}`);
    await page.getByRole('button', { name: /批量创建/ }).click();
    const dialog = page.getByRole('dialog', { name: '批量创建活动' });
    const names = dialog.getByLabel('活动名称');
    await names.fill('开幕式\n主论坛\n开幕式');
    await dialog.getByRole('button', { name: /创\s*建/ }).click();
    await dialog.getByText('第 3 行的名称「开幕式」重复').waitFor();
    await names.fill('开幕式\n主论坛\n闭幕式');
    await dialog.getByText('将创建 3 个活动').waitFor();
    await j.screenshot(page, 'activities-bulk-create');
    await dialog.getByRole('button', { name: /创\s*建/ }).click();
    await page.getByText('创建成功').first().waitFor();
    for (const name of ['开幕式', '主论坛', '闭幕式']) await page.getByRole('link', { name }).waitFor();

    // A name already taken is refused for the whole batch, and the line is named.
    await page.getByRole('button', { name: /批量创建/ }).click();
    await names.fill('分论坛\n主论坛');
    await dialog.getByRole('button', { name: /创\s*建/ }).click();
    await dialog.getByText('第 2 个名称「主论坛」已被其它活动使用').waitFor();
    await dialog.getByRole('button', { name: /取\s*消/ }).click();
    await page.getByRole('link', { name: '分论坛' }).waitFor({ state: 'detached' });

    // 主论坛 gets a page template, then is saved as a new activity that carries it.
    const list = (await (
      await fetch(`${j.server.baseUrl}/api/activity?name=主论坛`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { items: { id: number }[] };
    const sourceId = list.items[0]?.id;
    assert.ok(sourceId);
    const templateUrl = (id: number) => `${j.server.baseUrl}/api/activity/${id}/template`;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const template = await (await fetch(templateUrl(sourceId), { headers })).json();
    const saved = await fetch(templateUrl(sourceId), {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...template, colorBackground: '#0958d9' }),
    });
    assert.equal(saved.status, 200);

    const row = page.locator('.ant-table-row', { has: page.getByRole('link', { name: '主论坛', exact: true }) });
    await row.getByRole('button', { name: '更多' }).click();
    await page.getByRole('menuitem', { name: '另存为新活动' }).click();
    const duplicate = page.getByRole('dialog', { name: '另存为新活动' });
    await duplicate.getByRole('textbox').fill('主论坛（重播）');
    await duplicate.getByRole('button', { name: /另\s*存/ }).click();
    await page.getByText('复制成功').first().waitFor();
    await page.getByRole('link', { name: '主论坛（重播）' }).waitFor();
    const copies = (await (
      await fetch(`${j.server.baseUrl}/api/activity?name=主论坛（重播）`, { headers })
    ).json()) as { items: { id: number }[] };
    const copyId = copies.items[0]?.id;
    assert.ok(copyId);
    const copied = (await (await fetch(templateUrl(copyId), { headers })).json()) as { colorBackground: string };
    assert.equal(copied.colorBackground, '#0958d9');

    await row.getByRole('button', { name: '更多' }).click();
    await page.getByRole('menuitem', { name: '复制频道' }).click();
    await page.getByRole('link', { name: '主论坛 (副本 1)' }).waitFor();
    await j.screenshot(page, 'activities-copies');
    await page.context().close();
  });

  journey(
    'status words: schedule and stream apart in the list and on the board; the board has the watch address and QR',
    async () => {
      const agent = await j.newAgent();
      const hour = 3_600_000;
      const started = await api<{ id: number }>(j, agent.token, 'POST', '/activity', {
        name: '已开始未推流',
        startedAt: new Date(Date.now() - hour).toISOString(),
      });
      await api(j, agent.token, 'POST', '/activity', {
        name: '还没开始的活动',
        startedAt: new Date(Date.now() + hour).toISOString(),
      });
      const archived = await api<{ id: number }>(j, agent.token, 'POST', '/activity', {
        name: '归档的活动',
        startedAt: new Date(Date.now() - hour).toISOString(),
      });
      await api(j, agent.token, 'PUT', `/activity/${archived.id}/archive`, { isArchived: true });
      await api(j, agent.token, 'POST', `/agent/${agent.id}/promotion-channel`, {
        name: '朋友圈',
        activityId: started.id,
      });

      const page = await j.open(`/#access_token=${agent.token}`);
      const row = (name: string) => page.locator('.activity-table tr.ant-table-row').filter({ hasText: name });
      // Past its start without a push: 进行中 beside 未推流, never 直播中 (issue 8).
      await row('已开始未推流').getByTestId('activity-status').getByText('进行中').waitFor();
      await row('已开始未推流').getByTestId('activity-status').getByText('未推流').waitFor();
      await row('还没开始的活动').getByTestId('activity-status').getByText('未开始').waitFor();
      assert.equal(await page.locator('.activity-table').getByText('直播中').count(), 0);
      await j.screenshot(page, 'activity-list-status');
      await page.getByRole('tab', { name: /归档活动/ }).click();
      await row('归档的活动').getByTestId('activity-status').getByText('已归档').waitFor();
      assert.equal(await row('归档的活动').getByText('直播中').count(), 0);

      // The board: the same two labels, the watch address with its QR code, and the ditch's link.
      await page.goto(`/board/${started.id}`);
      await page.getByTestId('board-activity-name').getByText('已开始未推流').waitFor();
      await page.getByTestId('activity-status').getByText('进行中').waitFor();
      await page.getByTestId('activity-status').getByText('未推流').waitFor();
      const watchUrl = `${j.server.baseUrl}/watch/${started.id}`;
      assert.equal(await page.getByTestId('board-watch-url').inputValue(), watchUrl);
      await page.getByTestId('board-watch-qr').locator('canvas').waitFor();
      const ditch = page.getByTestId('board-ditch-link').filter({ hasText: '朋友圈' });
      await ditch.getByText(`${watchUrl}?ditch=`).waitFor();
      await ditch.getByRole('button', { name: '朋友圈二维码' }).click();
      await page.getByText('扫码打开「朋友圈」链接').waitFor();
      await page.locator('.ant-popover canvas').waitFor();
      await j.screenshot(page, 'board-watch-qr');
      await page.context().close();
    },
  );

  journey(
    'the board builds push and pull addresses from the host the console was opened on when no domain is set',
    async () => {
      const agent = await j.newAgent();
      const activity = await api<{ id: number; stream: { pushServer: string } }>(j, agent.token, 'POST', '/activity', {
        name: '局域网推流',
      });
      const rtmpPort = new URL(activity.stream.pushServer.replace('rtmp:', 'http:')).port;
      // The browser reaches this server by a name, as another machine on the network would.
      const host = JOURNEY_LAN_HOST;
      const port = new URL(j.server.baseUrl).port;
      const page = await (await newJourneyContext(j.browser, {})).newPage();
      await page.goto(`http://${host}:${port}/board/${activity.id}#access_token=${agent.token}`);
      await page.getByRole('textbox', { name: 'OBS 服务器' }).waitFor();
      assert.equal(
        await page.getByRole('textbox', { name: 'OBS 服务器' }).inputValue(),
        `rtmp://${host}:${rtmpPort}/live`,
      );
      assert.match(
        await page.getByRole('textbox', { name: 'FLV', exact: true }).inputValue(),
        new RegExp(`^http://${host.replaceAll('.', '\\.')}:${port}/live/`),
      );
      assert.equal(
        await page.getByTestId('board-watch-url').inputValue(),
        `http://${host}:${port}/watch/${activity.id}`,
      );
      await j.screenshot(page, 'board-push-host');
    },
  );
}
