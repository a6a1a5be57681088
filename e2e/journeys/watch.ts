import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { api, type Journey, journey, openPhone, PHONE, signInOnPhone } from '../harness.ts';

// The audience's side: a ditch link opened on a phone shows the page template, asks for the watch code, plays the
// push live; the console sees the viewer online and the visits counted on the ditch and the board.

const FFMPEG = '/usr/bin/ffmpeg';

/** A picture made by ffmpeg and uploaded for the activity's page; answers its address. */
async function picture(j: Journey, token: string, activityId: number, name: string, source: string) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'yanbo-e2e-')), name);
  execFileSync(FFMPEG, ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', source, '-frames:v', '1', file]);
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)], { type: 'image/png' }), name);
  const response = await fetch(`${j.server.baseUrl}/api/activity/${activityId}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload ${name}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { url: string }).url;
}

const currentTime = (page: Page) =>
  page.getByTestId('watch-video').evaluate((video) => (video as HTMLVideoElement).currentTime);

export function watchJourneys(j: Journey) {
  journey(
    'watch page: a ditch link on a phone shows the template, takes the watch code, plays the push, and the console counts it',
    async (t) => {
      if (!existsSync(FFMPEG)) return t.skip('ffmpeg is not installed');
      const agent = await j.newAgent();
      const startedAt = new Date(Date.now() + (26 * 3600 + 5 * 60) * 1000).toISOString();
      const activity = await api<{ id: number; stream: { pushUrl: string } }>(j, agent.token, 'POST', '/activity', {
        name: '观看页旅程发布会',
        startedAt,
      });
      const id = activity.id;
      const logo = await picture(j, agent.token, id, 'logo.png', 'color=c=orange:s=240x80');
      const cover = await picture(j, agent.token, id, 'cover.png', 'testsrc=size=640x360');
      await api(j, agent.token, 'PUT', `/activity/${id}/template`, {
        positionLogo: 'rightTop',
        imgLogo: logo,
        imgLogoScale: 70,
        imgLogoTransparency: 80,
        colorBackground: '#e6f4ff',
        imgCover: cover,
        countdownPosition: 'leftTop',
        commentStyleCustomized: { tabsColor: '#fa541c' },
        introTabs: [
          { title: '聊天室', key: 'chat', type: 'chatRoom' },
          {
            title: '活动简介',
            key: 'intro',
            type: 'richText',
            richText:
              '<h3 style="color:#1677ff">欢迎观看</h3><p onclick="window.hacked=1">本次发布会介绍新品。</p>' +
              '<script>window.hacked=1</script><img src="x" onerror="window.hacked=1">',
          },
          {
            title: '议程',
            key: 'agenda',
            type: 'schedule',
            schedule: [
              { time: '19:00', title: '开场致辞', description: '主持人' },
              { time: '19:30', title: '新品发布' },
            ],
          },
          { title: '官网', key: 'site', type: 'menuLocation', hyperLink: 'https://example.com/' },
        ],
      });
      await api(j, agent.token, 'PUT', `/activity/${id}/shareCard`, { title: '邀您观看', description: '新品发布直播' });
      const ditch = await api<{ sign: string; link: string }>(
        j,
        agent.token,
        'POST',
        `/agent/${agent.id}/promotion-channel`,
        { name: '公众号推文', activityId: id },
      );

      // The share link on a phone: template, cover and countdown before the start.
      const phone = await openPhone(j, ditch.link);
      await phone.getByTestId('watch-page').waitFor();
      assert.equal(await phone.title(), '观看页旅程发布会');
      await phone.getByTestId('watch-countdown').getByText('距离开播').waitFor();
      await phone.getByTestId('watch-cover').waitFor();
      await phone.getByTestId('watch-status').getByText('未开始').waitFor();
      const logoBox = await phone.getByTestId('watch-logo').boundingBox();
      assert.ok(
        logoBox && logoBox.x > PHONE.width / 2 && logoBox.y < 40,
        `logo at the right top: ${JSON.stringify(logoBox)}`,
      );
      assert.equal(Math.round(logoBox.height), Math.round((56 * 70) / 100));
      const pageStyle = await phone
        .getByTestId('watch-page')
        .evaluate((element) => getComputedStyle(element).backgroundColor);
      assert.equal(pageStyle, 'rgb(230, 244, 255)');
      assert.equal(await phone.getByTestId('watch-logo').evaluate((img) => getComputedStyle(img).opacity), '0.8');
      // The 聊天室 tab comes first: the chat connects and counts this viewer.
      await phone.getByTestId('chat-room').getByText('在线 1').waitFor();
      const html = await phone.content();
      assert.match(html, /og:title" content="邀您观看"/);
      await j.screenshot(phone, 'watch-phone-before-start');
      await phone.getByRole('tab', { name: '活动简介' }).click();
      await phone.getByText('本次发布会介绍新品。').waitFor();
      assert.equal(await phone.evaluate(() => (window as { hacked?: number }).hacked), undefined);
      assert.equal(await phone.locator('[role=tabpanel] script, [role=tabpanel] [onclick]').count(), 0);
      await phone.getByRole('tab', { name: '议程' }).click();
      await phone.getByText('新品发布').waitFor();
      await j.screenshot(phone, 'watch-phone-schedule');
      await phone.getByRole('tab', { name: '官网' }).click();
      await phone.getByRole('link', { name: /example\.com/ }).waitFor();

      // The watch code: asked for, a wrong one refused in Chinese, the right one lets the page in.
      await api(j, agent.token, 'PUT', `/activity/${id}/watchcode`, { enabled: true, code: '864209' });
      await phone.reload();
      await phone.getByTestId('watch-code-gate').getByText('本场直播需要观看码').waitFor();
      await phone.getByRole('button', { name: '进入观看' }).click();
      await phone.getByText('请输入观看码').first().waitFor();
      await phone.getByLabel('观看码').fill('111111');
      await phone.getByRole('button', { name: '进入观看' }).click();
      await phone.getByText('观看码错误，请重新输入').waitFor();
      await j.screenshot(phone, 'watch-phone-code');
      await phone.getByLabel('观看码').fill('864209');
      await phone.getByRole('button', { name: '进入观看' }).click();
      await phone.getByTestId('watch-countdown').waitFor();
      assert.equal(await phone.getByTestId('watch-code-gate').count(), 0);

      // The console's board, as the agent, next to it.
      const board = await j.open(`/board/${id}#access_token=${agent.token}`);
      const online = board
        .locator('.ant-statistic')
        .filter({ hasText: '在线人数' })
        .locator('.ant-statistic-content-value');
      await online.getByText('0', { exact: true }).waitFor();

      // A push: the page turns live by itself and plays.
      const ffmpeg = spawn(FFMPEG, [
        ...['-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25'],
        ...['-f', 'lavfi', '-i', 'sine', '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '25'],
        ...['-c:a', 'aac', '-t', '60', '-f', 'flv', activity.stream.pushUrl],
      ]);
      try {
        await phone.getByTestId('watch-status').getByText('直播中').waitFor({ timeout: 15_000 });
        await phone.getByTestId('watch-video').waitFor();
        await phone.waitForFunction(
          () =>
            ((document.querySelector('[data-testid=watch-video]') as HTMLVideoElement | null)?.currentTime ?? 0) > 1,
          undefined,
          { timeout: 20_000 },
        );
        const before = await currentTime(phone);
        // The video plays on.
        await phone.waitForFunction(
          (start) =>
            ((document.querySelector('[data-testid=watch-video]') as HTMLVideoElement | null)?.currentTime ?? 0) >
            start + 0.5,
          before,
          { timeout: 15_000 },
        );
        await j.screenshot(phone, 'watch-phone-playing');
        // The console sees the viewer.
        await online.getByText('1', { exact: true }).waitFor({ timeout: 15_000 });
        await j.screenshot(board, 'watch-board-online');
      } finally {
        ffmpeg.kill('SIGKILL');
      }
      await phone.getByTestId('watch-status').getByText('未开始').waitFor({ timeout: 15_000 });
      await phone.context().close();

      // Two page views through the ditch, by one viewer: the ditch and the board count them.
      await board.reload();
      await board.getByTestId('usage-visits').getByText('2', { exact: true }).waitFor();
      await board.getByTestId('usage-unique-viewers').getByText('1', { exact: true }).waitFor();
      await j.screenshot(board, 'watch-board-visits');
      await board.goto(`/ditch#access_token=${agent.token}`);
      const row = board.locator('.ant-table-row').filter({ hasText: '公众号推文' });
      await row.getByText('访问 2 次', { exact: true }).waitFor();
      await j.screenshot(board, 'watch-ditch-visits');
      await board.context().close();
    },
  );

  journey('watch page: a desktop shows the phone-wide column, and an unknown activity says it is missing', async () => {
    const agent = await j.newAgent();
    const activity = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: '桌面观看的直播' });
    const page = await j.open(`/watch/${activity.id}`);
    // No start time: not started, not 直播中.
    await page.getByTestId('watch-status').getByText('未开始').waitFor();
    await page.getByText('直播尚未开始，请稍候').waitFor();
    const box = await page.getByTestId('watch-page').boundingBox();
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    assert.ok(box && box.width === 480 && Math.abs(box.x + 240 - width / 2) < 2, `centred: ${JSON.stringify(box)}`);
    await j.screenshot(page, 'watch-desktop');
    await page.goto('/watch/999999');
    await page.getByText('活动不存在或已被删除').waitFor();
    await j.screenshot(page, 'watch-not-found');
    await page.context().close();
  });

  journey('watch page: prologue pictures while waiting for the push, epilogue pictures after the end', async (t) => {
    if (!existsSync(FFMPEG)) return t.skip('ffmpeg is not installed');
    const agent = await j.newAgent();
    const hour = 3_600_000;
    const waiting = await api<{ id: number }>(j, agent.token, 'POST', '/activity', {
      name: '等待开播的直播',
      startedAt: new Date(Date.now() - hour).toISOString(),
    });
    const prologue = await picture(j, agent.token, waiting.id, 'prologue.png', 'color=c=0x1677ff:s=640x360');
    await api(j, agent.token, 'PUT', `/activity/${waiting.id}/template`, { prologuePaths: [prologue] });
    const phone = await openPhone(j, `/watch/${waiting.id}`);
    await phone.getByTestId('watch-prologue').locator('img').waitFor();
    // Past its start with no push: the schedule (进行中) and the stream (未推流) apart, never 直播尚未开始.
    await phone.getByTestId('watch-stage-note').getByText('活动已开始，主播尚未推流，请稍候').waitFor();
    await phone.getByTestId('watch-status').getByText('进行中').waitFor();
    await phone.getByTestId('watch-stream').getByText('未推流').waitFor();
    await j.screenshot(phone, 'watch-phone-prologue');

    const ended = await api<{ id: number }>(j, agent.token, 'POST', '/activity', {
      name: '已经结束的直播',
      startedAt: new Date(Date.now() - 3 * hour).toISOString(),
      endedAt: new Date(Date.now() - hour).toISOString(),
    });
    const epilogue = await picture(j, agent.token, ended.id, 'epilogue.png', 'color=c=0x389e0d:s=640x360');
    await api(j, agent.token, 'PUT', `/activity/${ended.id}/template`, { epiloguePaths: [epilogue] });
    await phone.goto(`/watch/${ended.id}`);
    await phone.getByTestId('watch-epilogue').locator('img').waitFor();
    await phone.getByTestId('watch-stage-note').getByText('直播已结束，感谢观看').waitFor();
    await phone.getByTestId('watch-status').getByText('已结束').waitFor();
    await j.screenshot(phone, 'watch-phone-epilogue');
    await phone.context().close();
  });

  journey(
    'watch page: two phones chat through a ditch link: a nickname, a comment the other sees, a sensitive word refused, the history back after a reload',
    async () => {
      const agent = await j.newAgent();
      const { id } = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: '聊天室旅程直播' });
      await api(j, agent.token, 'PUT', `/activity/${id}/template`, {
        commentStyleCustomized: { tabsColor: '#fa541c', inputColor: '#fff2e8' },
        introTabs: [
          { title: '聊天室', key: 'chat', type: 'chatRoom' },
          { title: '活动简介', key: 'intro', type: 'richText', richText: '<p>聊天室旅程的简介</p>' },
        ],
      });
      await api(j, agent.token, 'POST', '/agent/sensitiveWord', { name: '诈骗词', words: ['骗子'], action: 'reject' });
      const ditch = await api<{ link: string }>(j, agent.token, 'POST', `/agent/${agent.id}/promotion-channel`, {
        name: '聊天旅程渠道',
        activityId: id,
      });

      const alice = await openPhone(j, ditch.link);
      const bob = await openPhone(j, ditch.link);
      const aliceChat = alice.getByTestId('chat-room');
      const bobChat = bob.getByTestId('chat-room');
      await aliceChat.getByText('在线 2').waitFor();
      await bobChat.getByText('在线 2').waitFor();
      await bobChat.getByText('还没有人发言，来说点什么吧').waitFor();

      // The first tap on the input asks for a nickname once, offering 观众 and four digits.
      const aliceInput = aliceChat.getByLabel('说点什么…');
      await aliceInput.click();
      const sheet = alice.getByRole('dialog', { name: '设置昵称' });
      assert.match(await sheet.getByLabel('昵称').inputValue(), /^观众\d{4}$/);
      await sheet.getByLabel('昵称').fill('小明');
      await sheet.getByRole('button', { name: '确定' }).click();
      await sheet.waitFor({ state: 'hidden' });
      // The server has taken the new name (a new hello).
      await aliceChat.getByRole('button', { name: '昵称：小明，点击修改' }).waitFor();
      assert.equal(await alice.evaluate(() => localStorage.getItem('yanbo.chatNickname')), '小明');

      await aliceInput.fill('大家好，我是小明');
      await aliceInput.press('Enter');
      const bobLine = bobChat.getByTestId('chat-comment').filter({ hasText: '大家好，我是小明' });
      await bobLine.getByText('小明', { exact: true }).waitFor();
      await aliceChat.getByTestId('chat-comment').filter({ hasText: '大家好，我是小明' }).waitFor();
      assert.equal(await aliceInput.inputValue(), '');

      // A reject list's word: refused with its Chinese reason, the text back in the input, nothing reaches the other.
      await aliceInput.fill('你是骗子');
      await aliceInput.press('Enter');
      await aliceChat.getByTestId('chat-refusal').getByText('评论包含敏感词，发送失败').waitFor();
      assert.equal(await aliceInput.inputValue(), '你是骗子');
      await aliceInput.fill('好的，换个说法');
      await aliceInput.press('Enter');
      await bobChat.getByText('好的，换个说法').waitFor();
      assert.equal(await bobChat.getByText('你是骗子').count(), 0);
      await j.screenshot(alice, 'watch-chat-refused');

      // The console pins a comment and turns check mode on: a bar on top, a notice, a held comment for its author only.
      const comments = await api<{ items: { id: number; text: string }[] }>(
        j,
        agent.token,
        'GET',
        `/activity/${id}/comment`,
      );
      const welcome = comments.items.find((comment) => comment.text === '大家好，我是小明');
      assert.ok(welcome);
      await api(j, agent.token, 'POST', `/v3/activity/${id}/comment/pin`, { commentId: welcome.id });
      await bobChat.getByTestId('chat-pinned').getByText('小明：大家好，我是小明').waitFor();
      await api(j, agent.token, 'PUT', `/activity/${id}/filter`, { checkMode: true });
      await aliceChat.getByText('评论需审核后显示').waitFor();
      await aliceInput.fill('这条要审核');
      await aliceInput.press('Enter');
      await aliceChat.getByTestId('chat-comment').filter({ hasText: '这条要审核' }).getByText('审核中').waitFor();
      await j.screenshot(alice, 'watch-chat-held');

      // Bob comes back: the history is there, in order, each comment once.
      await bob.reload();
      await bobChat.getByText('好的，换个说法').waitFor();
      await bobChat.getByTestId('chat-pinned').getByText('小明：大家好，我是小明').waitFor();
      // Each row is the nickname, then the text.
      assert.deepEqual(await bobChat.getByTestId('chat-comment').allTextContents(), [
        '小明大家好，我是小明',
        '小明好的，换个说法',
      ]);
      await bobChat.getByText('在线 2').waitFor();
      await j.screenshot(bob, 'watch-chat-history');
      await alice.context().close();
      await bob.context().close();
    },
  );

  journey(
    'watch page: a phone subscribes to the start reminder (预约) with its mobile and SMS code, and the console lists it',
    async () => {
      const agent = await j.newAgent();
      const startedAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
      const activity = await api<{ id: number }>(j, agent.token, 'POST', '/activity', {
        name: '预约旅程发布会',
        startedAt,
      });
      const mobile = `139${String(Date.now() % 100_000_000).padStart(8, '0')}`;
      const phone = await openPhone(j, `/watch/${activity.id}`);
      await phone.getByTestId('watch-countdown').waitFor();
      await phone.getByTestId('watch-subscribe').getByText('预约', { exact: true }).click();
      const sheet = phone.getByTestId('watch-subscribe-sheet');
      await sheet.getByText('开播时将以短信提醒您').waitFor();
      await sheet.getByLabel('手机号').fill('1390000');
      await sheet.getByRole('button', { name: '获取验证码' }).click();
      await sheet.getByText('请输入正确的 11 位手机号').waitFor();
      await sheet.getByLabel('手机号').fill(mobile);
      await sheet.getByRole('button', { name: '获取验证码' }).click();
      await sheet.getByRole('button', { name: /秒后重发/ }).waitFor();
      const code = await j.smsCode(mobile, 'subscribe');
      await sheet.getByLabel('短信验证码').fill(code);
      await j.screenshot(phone, 'watch-phone-subscribe');
      await sheet.getByRole('button', { name: '确认预约' }).click();
      await sheet.getByText('预约成功').waitFor();
      await j.screenshot(phone, 'watch-phone-subscribed');
      await sheet.getByRole('button', { name: '关闭' }).click();
      await phone.getByTestId('watch-subscribe').getByText('已预约').waitFor();
      // The page's icon and the one browsers ask for on their own are both there.
      const icon = await phone.locator('link[rel="icon"]').getAttribute('href');
      assert.equal((await phone.request.get(icon ?? '')).status(), 200);
      assert.equal((await phone.request.get('/favicon.ico')).status(), 200);
      await phone.context().close();

      const board = await j.open(`/board/${activity.id}/settings?tab=subscribers#access_token=${agent.token}`);
      await board.getByRole('cell', { name: mobile }).waitFor();
      await board.getByText('共 1 人').waitFor();
      await j.screenshot(board, 'settings-subscribers');
      await board.context().close();
    },
  );

  journey(
    'watch page: an activity for listed mobiles asks a phone to sign in by SMS; a listed mobile watches and chats as itself',
    async () => {
      const agent = await j.newAgent();
      const activity = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: '内部培训直播' });
      const listed = `137${String(Date.now() % 100_000_000).padStart(8, '0')}`;
      const other = `136${String(Date.now() % 100_000_000).padStart(8, '0')}`;
      await api(j, agent.token, 'PUT', `/activity/${activity.id}/template`, { allowedMobiles: [listed] });
      const phone = await openPhone(j, `/watch/${activity.id}`);
      const gate = phone.getByTestId('watch-mobile-gate');
      await gate.getByText('本场直播仅限受邀观众观看').waitFor();
      await phone.getByTestId('watch-tabs').getByText('使用受邀手机号登录后参与互动').waitFor();
      await j.screenshot(phone, 'watch-phone-mobile-gate');

      const signIn = async (mobile: string, admitted: boolean) => {
        await gate.getByRole('button').click();
        await signInOnPhone(j, phone, mobile);
        const sheet = phone.getByTestId('watch-sign-in-sheet');
        // Admitted, the page plays at once (the gate and its sheet go); refused, the sheet says it signed in.
        if (admitted) return gate.waitFor({ state: 'detached' });
        await sheet.getByText('登录成功').waitFor();
        await sheet.getByRole('button', { name: '关闭' }).click();
      };

      // A mobile not on the list is told so, and may switch to another.
      await signIn(other, false);
      await gate.getByText(`手机号 ${other.slice(0, 3)}****${other.slice(-4)} 不在本场直播的观看名单中`).waitFor();
      await gate.getByRole('button', { name: '更换手机号' }).waitFor();
      await signIn(listed, true);
      const masked = `${listed.slice(0, 3)}****${listed.slice(-4)}`;
      await phone.getByTestId('watch-viewer').getByText(masked).waitFor();

      // The chat opens for the signed-in viewer, and the console sees its comment.
      const chat = phone.getByTestId('chat-room');
      const input = chat.getByLabel('说点什么…');
      await input.click();
      await phone.getByRole('button', { name: '确定' }).click();
      await input.fill('我是受邀观众');
      await input.press('Enter');
      await chat.getByTestId('chat-comment').filter({ hasText: '我是受邀观众' }).waitFor();
      await j.screenshot(phone, 'watch-phone-signed-in');
      const comments = await api<{ items: { text: string; userId: string }[] }>(
        j,
        agent.token,
        'GET',
        `/activity/${activity.id}/comment`,
      );
      assert.equal(comments.items[0]?.text, '我是受邀观众');
      assert.match(comments.items[0]?.userId ?? '', /^m/);

      // Signing out brings the gate back.
      await phone.getByTestId('watch-viewer').getByRole('button', { name: '退出' }).click();
      await gate.getByText('请使用受邀手机号登录后观看').waitFor();
      await phone.context().close();
    },
  );
}
