import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { parseCsv } from '../../apps/server/test/exports/parse-csv.ts';
import { api, type Journey, journey } from '../harness.ts';

// The data-statistics tab (数据统计) and the exports, from the statistics screen to the file: each tab shows its rows
// with its total, its 下载 saves a file (a link with the export token, streamed by the browser) whose rows are the
// API's, and an export started from the data export panel runs in the download center, which downloads it.

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116 Mobile Safari/537.36 MicroMessenger/8.0.47';

/** A downloaded CSV file read back as a spreadsheet reads it, after its BOM. */
function readCsv(text: string): string[][] {
  assert.ok(text.startsWith('\uFEFF'), 'a UTF-8 BOM first');
  return parseCsv(text.slice(1));
}

async function savedRows(download: Download): Promise<string[][]> {
  return readCsv(await readFile((await download.path()) ?? '', 'utf8'));
}

interface DataPage {
  columns: { label: string }[];
  items: string[][];
  pager: { total: number };
}

/**
 * The rows a file holds for an API page: its headings, then its cells as written, where one a spreadsheet would run as
 * a formula (=, +, -, @ first: a viewer id may start with -) is kept as text with a leading apostrophe.
 */
function fileRowsOf(data: DataPage, labels = data.columns.map((column) => column.label)): string[][] {
  const asWritten = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);
  return [labels, ...data.items.map((row) => row.map(asWritten))];
}

async function downloadFrom(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}

export function exportJourneys(j: Journey) {
  journey('exports: the data-statistics tabs show their rows and download the same rows as files', async () => {
    const agent = await j.newAgent();
    const name = '数据统计旅程发布会';
    const { id } = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name });
    // Three visits by three viewers (one inside WeChat), and the template's mobiles.
    for (const userAgent of [PHONE_UA, PHONE_UA, WECHAT_UA]) {
      const visit = await fetch(`${j.server.baseUrl}/api/watch/${id}/visit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': userAgent },
        body: JSON.stringify({ referrer: 'https://mp.weixin.qq.com/s/x' }),
      });
      assert.equal(visit.status, 200, await visit.text());
    }
    await api(j, agent.token, 'PUT', `/activity/${id}/template`, {
      allowedMobiles: ['13900000001', '13900000002', '13900000003'],
      subscribedMobileList: ['13800000001', '13800000002'],
    });

    const page = await j.open(`/stats/${id}?tab=data#access_token=${agent.token}`);
    await page.getByTestId('stats-activity-name').getByText(name).waitFor();
    await page.getByTestId('data-stats').waitFor();

    // 白名单手机: its three mobiles, its total, and a download of the same rows.
    await page.getByTestId('data-stats-tab-allowed-mobiles').click();
    const mobiles = page.getByTestId('data-stats-table-allowed-mobiles');
    await mobiles.getByText('13900000003').waitFor();
    await page.getByTestId('data-stats-total-allowed-mobiles').getByText('共 3 条').waitFor();
    await j.screenshot(page, 'exports-allowed-mobiles');
    const mobilesApi = await api<DataPage>(j, agent.token, 'GET', `/v3/activity/${id}/data-stats/allowed-mobiles`);
    const mobilesFile = await downloadFrom(page, () => page.getByTestId('data-stats-download-allowed-mobiles').click());
    assert.match(mobilesFile.suggestedFilename(), new RegExp(`^白名单手机-${id}-\\d{8}\\.csv$`));
    assert.deepEqual(await savedRows(mobilesFile), fileRowsOf(mobilesApi));

    // 用户观看: one row a viewer, with its visits and watch time.
    await page.getByTestId('data-stats-tab-users').click();
    await page.getByTestId('data-stats-total-users').getByText('共 3 条').waitFor();
    await page.getByTestId('data-stats-table-users').locator('.ant-table-row').nth(2).waitFor();
    await j.screenshot(page, 'exports-users');
    const usersApi = await api<DataPage>(j, agent.token, 'GET', `/v3/activity/${id}/data-stats/users`);
    const usersFile = await downloadFrom(page, () => page.getByTestId('data-stats-download-users').click());
    assert.deepEqual(await savedRows(usersFile), fileRowsOf(usersApi));

    // 微信用户: only the viewer who watched inside WeChat.
    await page.getByTestId('data-stats-tab-wechat-users').click();
    await page.getByTestId('data-stats-total-wechat-users').getByText('共 1 条').waitFor();

    // 预约手机: the two mobiles typed in the template.
    await page.getByTestId('data-stats-tab-subscribers').click();
    await page.getByTestId('data-stats-table-subscribers').getByText('13800000002').waitFor();
    await page.getByTestId('data-stats-total-subscribers').getByText('共 2 条').waitFor();

    // The data export panel: 用户访问 with two fields, as a task in the download center.
    await page.getByTestId('export-panel-open').click();
    const panel = page.getByTestId('export-panel');
    await panel.getByTestId('export-panel-kind').click();
    await panel.getByTestId('export-panel-kind').locator('input').fill('用户访问');
    await page.locator('.ant-select-item-option').filter({ hasText: '用户访问' }).click();
    await panel.getByTestId('export-panel-rows').getByText('共 3 条数据').waitFor();
    await panel.getByRole('checkbox', { name: '全选' }).uncheck();
    await panel.getByRole('checkbox', { name: '访问时间' }).check();
    await panel.getByRole('checkbox', { name: '终端' }).check();
    await j.screenshot(page, 'exports-panel');
    await panel.getByTestId('export-panel-task').click();
    const tip = page.locator('.ant-notification-notice').filter({ hasText: '任务已创建' });
    await tip.waitFor();
    await tip.getByRole('button', { name: '前往下载中心' }).click();
    await page.waitForURL('**/download');
    const row = page.locator('.ant-table-row').filter({ hasText: `用户访问-${id}-` });
    await row.getByText('已完成').waitFor();
    await j.screenshot(page, 'exports-download-center');
    const taskFile = await downloadFrom(page, () => row.getByRole('button', { name: '下载' }).click());
    const visitsApi = await api<DataPage>(
      j,
      agent.token,
      'GET',
      `/v3/activity/${id}/data-stats/user-visits?fields=visitAt,device`,
    );
    const taskRows = await savedRows(taskFile);
    assert.deepEqual(taskRows, fileRowsOf(visitsApi, ['访问时间', '终端']));
    assert.equal(taskRows.length, 4);
    await page.context().close();
  });
}
