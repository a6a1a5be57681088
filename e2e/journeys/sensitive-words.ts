import assert from 'node:assert/strict';
import { api, type Journey, journey } from '../harness.ts';

// /sensitive-words as an agent keeps it: a list made in the form, the check box showing what a viewer's comment
// becomes, a list switched off and on, a taken name refused in Chinese; and a sub-account seeing it read-only.

export function sensitiveWordJourneys(j: Journey) {
  journey(
    'sensitive words: a list made, checked, masked across width and case, switched off, and a taken name refused',
    async () => {
      const agent = await j.newAgent();
      const page = await j.open(`/#access_token=${agent.token}`);
      await page.goto('/sensitive-words');
      await page.getByText('还没有词库，新建一个敏感词库吧').waitFor();

      await page.getByRole('button', { name: /新建词库/ }).click();
      let dialog = page.getByRole('dialog', { name: '新建敏感词库' });
      await dialog.getByPlaceholder('如：广告引流、辱骂').fill('广告引流');
      await dialog.getByLabel('敏感词').fill('加微信\nVX，代购、加微信');
      await dialog.getByText('已识别 3 个词').waitFor();
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('词库已创建').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      const row = page.getByRole('row', { name: /广告引流/ });
      await row.getByText('屏蔽为 *').waitFor();
      await row.getByText('共 3 个').waitFor();

      // Full-width and upper case still match; the viewer sees asterisks in their place.
      await page.getByLabel('检测文本').fill('快来加微信ｖｘ买代购');
      await page.getByRole('button', { name: /检\s*测/ }).click();
      const result = page.getByTestId('sensitive-check-result');
      await result.getByText('命中，敏感词将显示为 *').waitFor();
      await result.getByText('命中 3 处').waitFor();
      assert.equal(await page.getByTestId('sensitive-masked').textContent(), '快来*****买**');
      await j.screenshot(page, 'sensitive-words-check');

      // A second list that refuses, then switched off: the same text passes.
      await page.getByRole('button', { name: /新建词库/ }).click();
      dialog = page.getByRole('dialog', { name: '新建敏感词库' });
      await dialog.getByPlaceholder('如：广告引流、辱骂').fill('辱骂');
      await dialog.getByText('禁止发送').click();
      await dialog.getByLabel('敏感词').fill('笨蛋');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByLabel('检测文本').fill('你这个笨蛋');
      await page.getByRole('button', { name: /检\s*测/ }).click();
      await result.getByText('命中，评论将被拒绝发送').waitFor();
      await page.getByRole('switch', { name: '启用 辱骂' }).click();
      await page.getByText('词库已停用').first().waitFor();
      await page.getByRole('button', { name: /检\s*测/ }).click();
      await result.getByText('未命中，可以正常发送').waitFor();

      // A taken name is refused with the Chinese text, and nothing is added.
      await page.getByRole('button', { name: /新建词库/ }).click();
      dialog = page.getByRole('dialog', { name: '新建敏感词库' });
      await dialog.getByPlaceholder('如：广告引流、辱骂').fill('辱骂');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('词库名称已存在').first().waitFor();
      await dialog.getByRole('button', { name: /取\s*消/ }).click();
      const lists = await api<{ pager: { total: number } }>(j, agent.token, 'GET', '/agent/sensitiveWord');
      assert.equal(lists.pager.total, 2);
      await j.screenshot(page, 'sensitive-words-lists');
      await page.context().close();
    },
  );

  journey('sensitive words: a sub-account sees the lists and checks texts, without editing', async () => {
    const agent = await j.newAgent();
    await api(j, agent.token, 'POST', '/agent/sensitiveWord', { name: '广告', words: ['代购'] });
    const staff = { username: `words-staff-${agent.id}`, password: 'staff-pass-1' };
    await api(j, agent.token, 'POST', '/agent/subagent', { ...staff, remark: '客服' });
    const token = await j.apiLogin(staff.username, staff.password);
    const page = await j.open(`/#access_token=${token}`);
    await page.goto('/sensitive-words');
    await page.getByText('子账号可以查看词库和检测文本，新建和修改请使用主账号。').waitFor();
    await page.getByRole('row', { name: /广告/ }).waitFor();
    assert.equal(await page.getByRole('button', { name: /新建词库/ }).count(), 0);
    assert.equal(await page.getByRole('switch', { name: '启用 广告' }).isDisabled(), true);
    await page.getByLabel('检测文本').fill('帮你代购');
    await page.getByRole('button', { name: /检\s*测/ }).click();
    await page.getByTestId('sensitive-check-result').getByText('命中，敏感词将显示为 *').waitFor();
    await page.context().close();
  });
}
