import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import { api, type Journey, journey } from '../harness.ts';

// The post-event report from the statistics screen to the file: 生成报告 starts a task and shows the download tip,
// the download center shows it finish with its progress, 下载 saves a PDF whose text has the activity's name and its
// figures as the statistics answer them, and 删除 takes it away after a confirm.

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

export function downloadCenterJourneys(j: Journey) {
  journey(
    'download center: 生成报告 on the statistics makes a PDF that the download center lists and downloads',
    async () => {
      const agent = await j.newAgent();
      const name = '下载中心旅程发布会';
      const { id } = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name });
      for (const userAgent of [PHONE_UA, PHONE_UA]) {
        const visit = await fetch(`${j.server.baseUrl}/api/watch/${id}/visit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': userAgent },
          body: '{}',
        });
        assert.equal(visit.status, 200, await visit.text());
      }
      const overview = await api<{ pv: number; uv: number }>(j, agent.token, 'GET', `/activity/${id}/stats`);
      assert.deepEqual([overview.pv, overview.uv], [2, 2]);

      const page = await j.open(`/stats/${id}#access_token=${agent.token}`);
      await page.getByTestId('stats-activity-name').getByText(name).waitFor();
      await page.getByRole('button', { name: '生成报告' }).click();
      // Seed 001 §4: creating a task with label download shows a download tip.
      const tip = page.locator('.ant-notification-notice').filter({ hasText: '任务已创建' });
      await tip.waitFor();
      await j.screenshot(page, 'download-center-tip');
      await tip.getByRole('button', { name: '前往下载中心' }).click();
      await page.waitForURL('**/download');

      const row = page.locator('.ant-table-row').filter({ hasText: `${name}-数据报告.pdf` });
      await row.getByText('已完成').waitFor();
      await row.locator('.ant-progress-status-success').waitFor();
      await page
        .locator('.ant-list-item')
        .filter({ hasText: `${name}-数据报告.pdf` })
        .getByText('已完成')
        .waitFor();
      await j.screenshot(page, 'download-center-done');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: '下载' }).click(),
      ]);
      assert.equal(download.suggestedFilename(), `${name}-数据报告.pdf`);
      const file = await readFile((await download.path()) ?? '');
      assert.equal(file.subarray(0, 5).toString(), '%PDF-');
      const parser = new PDFParse({ data: new Uint8Array(file) });
      const { text } = await parser.getText();
      await parser.destroy();
      assert.ok(text.includes(`${name} 数据报告`), text.slice(0, 200));
      assert.match(text, /访问量（PV）\s+2\s/);
      assert.match(text, /访客数（UV）\s+2\s/);
      assert.match(text, /手机\s+2（100\.0%）/);

      await row.getByRole('button', { name: '删除' }).click();
      await page.locator('.ant-popconfirm').locator('.ant-btn-primary').click();
      await page.getByText('删除成功').waitFor();
      await row.waitFor({ state: 'detached' });
      await page.context().close();
    },
  );

  journey(
    'download center: queued tasks are polled until they end, and one whose activity was deleted says why it failed',
    async () => {
      const agent = await j.newAgent();
      const { id: busy } = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: '排队的报告' });
      const { id: gone } = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: '删除的活动' });
      const page = await j.open(`/download#access_token=${agent.token}`);
      await page.getByText('还没有下载任务').first().waitFor();
      // The worker runs one task at a time: the last task waits behind the others, and its activity is deleted first.
      for (let i = 0; i < 12; i++) await api(j, agent.token, 'POST', '/v3/task/', { kind: 'report', activityId: busy });
      const doomed = await api<{ id: number }>(j, agent.token, 'POST', '/v3/task/', {
        kind: 'report',
        activityId: gone,
      });
      await api(j, agent.token, 'DELETE', `/activity/${gone}`);
      await page.reload();
      const failed = page.getByTestId(`task-status-${doomed.id}`);
      // Each row follows its own task by id until it ends.
      await page.locator('.ant-table-row').nth(9).getByText('已完成').waitFor();
      await failed.filter({ hasText: /^失败$/ }).waitFor();
      const failedRow = page.locator('.ant-table-row').filter({ hasText: '删除的活动-数据报告.pdf' });
      await failedRow.getByText('失败原因：活动不存在或已删除').waitFor();
      await page.locator('.ant-pagination').getByText('共 13 个任务').waitFor();
      await j.screenshot(page, 'download-center-failed');
      await page.context().close();
    },
  );
}
