import assert from 'node:assert/strict';
import { type ChatServerMessage, chatFrameMessages, VIEWER_COOKIE } from '@yanbo/contracts';
import { WebSocket } from 'ws';
import { api, type Journey, journey } from '../harness.ts';

// /board/:id/comments as a host moderates a live chat. The viewers are WebSocket clients from here, speaking the
// watch page's chat protocol (hello with a nickname, then comments), so the journey needs no watch page.

type Of<T extends ChatServerMessage['type']> = Extract<ChatServerMessage, { type: T }>;

interface Viewer {
  userId: string;
  comment(text: string): void;
  waitFor<T extends ChatServerMessage['type']>(type: T, match?: (message: Of<T>) => boolean): Promise<Of<T>>;
  close(): void;
}

/** A viewer's signed cookie, as the watch page gets it: from its visit. */
async function visit(j: Journey, activityId: number): Promise<{ cookie: string; userId: string }> {
  const response = await fetch(`${j.server.baseUrl}/api/watch/${activityId}/visit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const text = await response.text();
  assert.equal(response.status, 200, text);
  const cookie = new RegExp(`${VIEWER_COOKIE}=[^;]+`).exec(response.headers.get('set-cookie') ?? '')?.[0];
  assert.ok(cookie, 'the visit gives a viewer cookie');
  return { cookie, userId: (JSON.parse(text) as { viewerId: string }).viewerId };
}

async function joinChat(j: Journey, activityId: number, nickname: string): Promise<Viewer> {
  const { cookie, userId } = await visit(j, activityId);
  const ws = new WebSocket(`${j.server.baseUrl.replace(/^http/, 'ws')}/api/watch/${activityId}/chat`, {
    headers: { cookie },
  });
  const received: ChatServerMessage[] = [];
  const listeners = new Set<() => void>();
  ws.on('message', (data) => {
    received.push(...(chatFrameMessages(String(data)) as ChatServerMessage[]));
    for (const listener of listeners) listener();
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const waitFor = <T extends ChatServerMessage['type']>(type: T, match: (message: Of<T>) => boolean = () => true) =>
    new Promise<Of<T>>((resolve, reject) => {
      const check = () => {
        const found = received.find((message) => message.type === type && match(message as Of<T>));
        if (!found) return;
        done();
        resolve(found as Of<T>);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`${nickname} got no ${type} within 10 s; got ${JSON.stringify(received)}`));
      }, 10_000);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });
  ws.send(JSON.stringify({ type: 'hello', nickname }));
  await waitFor('welcome');
  return {
    userId,
    comment: (text) => ws.send(JSON.stringify({ type: 'comment', text })),
    waitFor,
    close: () => ws.close(),
  };
}

export function commentJourneys(j: Journey) {
  journey(
    'comments: check mode holds a viewer comment live under 待审核, 通过 reaches the viewer, 禁言 refuses the next, a pin and a robot comment show',
    async () => {
      const agent = await j.newAgent();
      const { id } = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: '评论审核发布会' });
      await api(j, agent.token, 'POST', '/v3/robot', {
        robots: [{ nickname: '小助手', avatar: '/robot-avatars/3.svg' }],
      });

      const page = await j.open(`/#access_token=${agent.token}`);
      // The console's event stream (opened by the board, kept by the comments screen) answers once the server listens
      // for this agent's events.
      const streaming = page.waitForResponse((response) => response.url().includes('/realtime/console'));
      await page.goto(`/board/${id}`);
      await page.getByRole('link', { name: /评论管理/ }).click();
      await page.waitForURL(`**/board/${id}/comments`);
      await streaming;
      await page.getByText('暂无评论', { exact: true }).waitFor();

      const checkMode = page.getByRole('switch', { name: '开启审核' });
      await checkMode.click();
      await page.getByText('设置成功').first().waitFor();
      assert.equal(await checkMode.getAttribute('aria-checked'), 'true');

      // A viewer's comment is held, and shows live under 待审核 (1).
      const viewer = await joinChat(j, id, '小明');
      viewer.comment('老师讲得真好');
      await viewer.waitFor('comment', (message) => message.comment.status === 'pending');
      const pendingTab = page.getByRole('tab', { name: '待审核 (1)' });
      await pendingTab.waitFor();
      await pendingTab.click();
      const row = page.getByRole('row', { name: /老师讲得真好/ });
      await row.getByText('待审核').waitFor();
      await row.getByText('小明').waitFor();
      await j.screenshot(page, 'comments-pending');

      // 通过: the viewers hear it.
      await row.getByRole('button', { name: /^通\s*过$/ }).click();
      await page.getByText('审核通过').first().waitFor();
      await viewer.waitFor(
        'comment',
        (message) => message.comment.text === '老师讲得真好' && message.comment.status === 'passed',
      );
      await page.getByRole('tab', { name: '待审核 (0)' }).waitFor();
      await page.getByRole('tab', { name: '全部' }).click();
      const passed = page.getByRole('row', { name: /老师讲得真好/ });
      await passed.getByText('已通过').waitFor();

      // 置顶: it shows in the pinned card.
      await passed.getByRole('button', { name: /^置\s*顶$/ }).click();
      await page.getByText('置顶成功').first().waitFor();
      await page.getByTestId('pinned-comments').getByText('老师讲得真好').waitFor();
      await viewer.waitFor('pinned', (message) => message.isPinned && message.comment.text === '老师讲得真好');

      // 禁言: the viewer's next comment is refused, and the ban list names the viewer.
      await passed.getByRole('button', { name: /^禁\s*言$/ }).click();
      await page.getByRole('button', { name: /^确\s*定$/ }).click();
      await page.getByText('禁言成功').first().waitFor();
      await page.getByTestId('restricted-viewers').getByText('小明').waitFor();
      viewer.comment('我还想说');
      const refused = await viewer.waitFor('refused');
      assert.equal(refused.code, 'CHAT_BANNED');

      // 机器人发言: a robot, a line from the default comment library, 发送; it shows with its robot tag.
      await page.getByLabel('机器人', { exact: true }).click();
      await page.locator('.ant-select-item-option').filter({ hasText: '小助手' }).click();
      await page.getByRole('combobox', { name: '选择评论' }).click();
      await page.locator('.ant-select-item-option').filter({ hasText: '来了来了' }).click();
      assert.equal(await page.getByPlaceholder('选择评论库中的评论，或直接输入').inputValue(), '来了来了');
      await page.getByRole('button', { name: /^发\s*送$/ }).click();
      await page.getByText('发送成功').first().waitFor();
      const robotRow = page.getByRole('row', { name: /来了来了/ });
      await robotRow.getByText('机器人', { exact: true }).waitFor();
      await robotRow.getByText('小助手').waitFor();
      await viewer.waitFor('robotComment', (message) => message.comment.text === '来了来了');
      await j.screenshot(page, 'comments-moderated');

      // 关闭实时显示: a new comment waits under 新消息 (1) until the host shows it.
      await page.getByRole('switch', { name: '关闭实时显示' }).click();
      await page.getByRole('switch', { name: '关闭实时显示', checked: true }).waitFor();
      const other = await joinChat(j, id, '小红');
      other.comment('什么时候有回放');
      await other.waitFor('comment', (message) => message.comment.text === '什么时候有回放');
      const waiting = page.getByRole('button', { name: /新消息 \(1\)/ });
      await waiting.waitFor();
      assert.equal(await page.getByRole('row', { name: /什么时候有回放/ }).count(), 0);
      await j.screenshot(page, 'comments-waiting');
      await waiting.click();
      await page
        .getByRole('row', { name: /什么时候有回放/ })
        .getByText('待审核')
        .waitFor();
      await waiting.waitFor({ state: 'detached' });

      other.close();
      viewer.close();
      await page.context().close();
    },
  );
}
