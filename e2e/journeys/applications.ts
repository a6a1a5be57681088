import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { PNG } from '../../apps/server/test/upload-form.ts';
import { answerTo, api, type Journey, journey, journeyMobile, openPhone, signInOnPhone } from '../harness.ts';

// Issue 14, the applications hub (应用中心, /application): each application's card counts what the agent has; a vote
// made for an activity on /application/vote reaches a viewer's phone as one from the board does, and its results come
// back; a form's data view opens. Documents (/application/document): an uploaded PDF and picture are bound to an
// activity; a phone reads them, may download only once 允许下载 is set, and must sign in by SMS when the document
// asks for it; a file that is not a document is refused.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const spaced = (text: string) => new RegExp(`^${[...text].join('\\s*')}$`);

/** Picks an activity in one of the screens' activity selects by searching its name. */
async function pickActivity(page: Page, testId: string, name: string) {
  const select = page.getByTestId(testId);
  await select.click();
  await select.locator('input').fill(name);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first().click();
}

/** The count on a card of the hub. */
const hubCount = (page: Page, key: string) =>
  page.getByTestId(`application-${key}`).locator('.ant-statistic-content-value');

export function applicationJourneys(j: Journey) {
  journey(
    'applications: the hub counts each application; a vote made on /application/vote reaches a phone and its result comes back; a form’s data opens',
    async () => {
      const agent = await j.newAgent();
      const { id } = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: '应用中心发布会' });
      await api(j, agent.token, 'PUT', `/activity/${id}/template`, {
        introTabs: [{ title: '聊天室', key: 'chat', type: 'chatRoom' }],
      });
      const form = await api<{ id: number }>(j, agent.token, 'POST', '/v3/registration', {
        kind: 'form',
        name: '会后满意度',
      });

      // The hub: five applications, each with its count.
      const page = await j.open(`/application#access_token=${agent.token}`);
      for (const title of ['投票', '商品', '图片直播', '文档', '表单']) {
        await page.getByRole('heading', { name: title, exact: true }).waitFor();
      }
      await hubCount(page, 'vote').getByText('0', { exact: true }).waitFor();
      await hubCount(page, 'document').getByText('0', { exact: true }).waitFor();
      await hubCount(page, 'form').getByText('1', { exact: true }).waitFor();
      await j.screenshot(page, 'applications-hub');

      // 投票 → 新建投票: the activity, the question and its options, saved and published at once.
      await page
        .getByTestId('application-vote')
        .getByRole('button', { name: spaced('进入') })
        .click();
      await page.waitForURL(/\/application\/vote$/);
      await page.getByText('还没有投票，新建一个吧').waitFor();
      await page.getByRole('button', { name: /新建投票/ }).click();
      await page.waitForURL(/\/application\/vote\/create$/);
      await pickActivity(page, 'vote-activity', '应用中心发布会');
      await page.getByTestId('vote-title').fill('下一场想看什么？');
      await page.getByTestId('vote-option-0').fill('产品演示');
      await page.getByTestId('vote-option-1').fill('嘉宾访谈');
      const created = answerTo(page, 'POST', new RegExp(`^/v3/activity/${id}/vote$`));
      await page.getByRole('button', { name: '保存并发布' }).click();
      assert.equal((await created).status(), 200);
      await page.getByText('发布成功').first().waitFor();
      await page.waitForURL(/\/application\/vote\/edit\?id=\d+/);
      const voteId = Number(new URL(page.url()).searchParams.get('id'));
      await page.getByText('投票已发布，题目和选项不能再修改').waitFor();
      await j.screenshot(page, 'applications-vote-edit');

      // The viewer is asked, as by a vote published from the board, and votes.
      const phone = await openPhone(j, `/watch/${id}`);
      const sheet = phone.getByTestId('vote-sheet');
      await sheet.getByText('下一场想看什么？').waitFor();
      await sheet.getByRole('button', { name: '嘉宾访谈' }).click();
      await sheet.getByRole('button', { name: '提交投票' }).click();
      await sheet.getByText('你已投票，当前结果').waitFor();
      await j.screenshot(phone, 'applications-vote-phone');

      // The result comes back to the edit screen; closing it ends the vote for everyone.
      const results = page.getByTestId(`vote-results-${voteId}`);
      await results.getByText('1 人参与').waitFor();
      await results.getByText('1 票 · 100%').waitFor();
      await page.getByRole('button', { name: '结束投票' }).click();
      await page.getByRole('button', { name: spaced('确定') }).click();
      await page.getByText('投票已结束').first().waitFor();
      await page.locator('.ant-tag').filter({ hasText: '已结束' }).waitFor();
      await j.screenshot(page, 'applications-vote-closed');

      // The list across activities names the activity; the board's own list has the same vote.
      await page.goto('/application/vote');
      const row = page.getByRole('row', { name: /下一场想看什么/ });
      await row.getByText('应用中心发布会').waitFor();
      await row.getByText('已结束').waitFor();
      await j.screenshot(page, 'applications-vote-list');
      const board = await api<{ items: { id: number; status: string; voters: number }[] }>(
        j,
        agent.token,
        'GET',
        `/v3/activity/${id}/vote`,
      );
      assert.deepEqual(
        board.items.map((vote) => [vote.id, vote.status, vote.voters]),
        [[voteId, 'closed', 1]],
      );

      // The hub counts the vote; the form application's card leads to its data view.
      await page.goto('/application');
      await hubCount(page, 'vote').getByText('1', { exact: true }).waitFor();
      await page.goto(`/application/form/data?id=${form.id}`);
      await page.getByRole('tab', { name: '表单数据' }).waitFor();
      await j.screenshot(page, 'applications-form-data');
    },
  );

  journey(
    'applications: documents are uploaded and bound; a phone reads them, downloads one once allowed, and signs in for one kept to signed-in viewers',
    async () => {
      const agent = await j.newAgent();
      const { id } = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: '资料分享会' });
      const page = await j.open(`/application/document#access_token=${agent.token}`);
      await page.getByText('还没有文档，上传一个吧').waitFor();

      // Upload: a PDF and a picture land in the library; a file that is no document is refused before it is sent,
      // and one that only claims to be a PDF is refused by the server.
      const upload = page.locator('input[type=file]');
      await upload.setInputFiles({ name: '会议手册.pdf', mimeType: 'application/pdf', buffer: PDF });
      await page.getByText('上传成功').first().waitFor();
      await page
        .getByRole('row', { name: /会议手册\.pdf/ })
        .getByText('仅在线阅读')
        .waitFor();
      await upload.setInputFiles({ name: '现场海报.png', mimeType: 'image/png', buffer: PNG });
      await page.getByRole('row', { name: /现场海报\.png/ }).waitFor();
      await upload.setInputFiles({
        name: 'setup.exe',
        mimeType: 'application/octet-stream',
        buffer: Buffer.from('MZ'),
      });
      await page.getByText('仅支持 PDF、Word、Excel、PowerPoint 和图片文件').waitFor();
      await upload.setInputFiles({
        name: '假文档.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('MZ not a pdf'),
      });
      await page.getByText('文件内容与类型不符，请上传真实的文档文件').waitFor();
      await page.getByTestId('document-uploading').first().waitFor({ state: 'detached' });
      await j.screenshot(page, 'applications-documents-uploaded');

      // Both bound to the activity.
      for (const name of ['会议手册.pdf', '现场海报.png']) {
        await page
          .getByRole('row', { name: new RegExp(name.replace('.', '\\.')) })
          .getByRole('button', { name: /绑定活动/ })
          .click();
        await pickActivity(page, 'document-activities', '资料分享会');
        const dialog = page.getByRole('dialog', { name: '绑定活动' });
        // Clicking the dialog's text closes the picker's list, which lies over the footer.
        await dialog.getByText('选择可以查看该文档的活动（可多选）').click();
        await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'detached' });
        await dialog.getByRole('button', { name: spaced('确定') }).click();
        await page.getByText('保存成功').first().waitFor();
        await page
          .getByRole('row', { name: new RegExp(name.replace('.', '\\.')) })
          .getByText('资料分享会')
          .waitFor();
      }
      await j.screenshot(page, 'applications-documents-bound');
      // The agent downloads its own document from the library, whatever viewers may do.
      const [own] = await Promise.all([
        page.waitForEvent('download'),
        page
          .getByRole('row', { name: /会议手册\.pdf/ })
          .getByRole('button', { name: /下载/ })
          .click(),
      ]);
      assert.equal(own.suggestedFilename(), '会议手册.pdf');

      // A phone: both listed, read online only (no 下载); the picture opens in the browser.
      const phone = await openPhone(j, `/watch/${id}`);
      const section = phone.getByTestId('watch-documents');
      const pdfItem = section.locator('li').filter({ hasText: '会议手册.pdf' });
      await pdfItem.getByText('仅在线阅读').waitFor();
      assert.equal(await section.getByRole('link', { name: '下载' }).count(), 0);
      await j.screenshot(phone, 'applications-documents-phone');
      const [picture] = await Promise.all([
        phone.waitForEvent('popup'),
        section.locator('li').filter({ hasText: '现场海报.png' }).getByRole('link', { name: '阅读' }).click(),
      ]);
      await picture.locator('img').waitFor();
      await j.screenshot(picture, 'applications-documents-phone-read');
      const readUrl = (await pdfItem.getByRole('link', { name: '阅读' }).getAttribute('href')) ?? '';
      const read = await phone.request.get(readUrl);
      assert.equal(read.status(), 200);
      assert.equal(read.headers()['content-type'], 'application/pdf');
      assert.match(read.headers()['content-disposition'] ?? '', /^inline;/);
      assert.equal((await phone.request.get(`${readUrl}?download=1`)).status(), 403);

      // 允许下载: the phone now downloads the PDF under its name.
      const pdfRow = page.getByRole('row', { name: /会议手册\.pdf/ });
      await pdfRow.getByRole('button', { name: /权限设置/ }).click();
      const permission = page.getByRole('dialog', { name: '权限设置' });
      await permission.getByTestId('document-permission').getByText('允许下载').click();
      await permission.getByRole('button', { name: spaced('确定') }).click();
      await page.getByText('保存成功').first().waitFor();
      await pdfRow.getByText('允许下载').waitFor();
      await phone.reload();
      const [download] = await Promise.all([
        phone.waitForEvent('download'),
        section.locator('li').filter({ hasText: '会议手册.pdf' }).getByRole('link', { name: '下载' }).click(),
      ]);
      assert.equal(download.suggestedFilename(), '会议手册.pdf');
      await j.screenshot(phone, 'applications-documents-phone-download');

      // Kept to signed-in viewers: the phone signs in by SMS first, then reads it.
      await pdfRow.getByRole('button', { name: /权限设置/ }).click();
      await permission.getByTestId('document-sign-in').click();
      await permission.getByRole('button', { name: spaced('确定') }).click();
      await page.getByText('保存成功').first().waitFor();
      await pdfRow.getByText('仅登录观众').waitFor();
      await j.screenshot(page, 'applications-documents-permission');
      await phone.reload();
      assert.equal((await phone.request.get(readUrl)).status(), 403);
      await section
        .locator('li')
        .filter({ hasText: '会议手册.pdf' })
        .getByRole('button', { name: '登录后查看' })
        .click();
      await signInOnPhone(j, phone, journeyMobile('137'));
      await section.locator('li').filter({ hasText: '会议手册.pdf' }).getByRole('link', { name: '阅读' }).waitFor();
      assert.equal((await phone.request.get(readUrl)).status(), 200);
      await j.screenshot(phone, 'applications-documents-phone-signed-in');

      // Deleted with its confirmation: gone from the library and from the phone.
      await page
        .getByRole('row', { name: /现场海报\.png/ })
        .getByRole('button', { name: /删除/ })
        .click();
      await page.getByRole('button', { name: spaced('确定') }).click();
      await page.getByText('删除成功').first().waitFor();
      await page.getByRole('row', { name: /现场海报\.png/ }).waitFor({ state: 'detached' });
      await phone.reload();
      await section.locator('li').filter({ hasText: '会议手册.pdf' }).waitFor();
      assert.equal(await section.locator('li').filter({ hasText: '现场海报.png' }).count(), 0);
    },
  );
}
