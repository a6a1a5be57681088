import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ADMIN, api, type Journey, journey } from '../harness.ts';

// Lower-level agents as an agent with a cooperation level manages them: create one with an area picked from the real
// library, find it by each search type, disable it while its own console is open (that console logs out), enable it
// again and open its console by impersonation, then see the impersonation recorded.

const CHILD = {
  mobile: '13655550001',
  password: 'child-pass-1',
  contact: '旅程代理',
  company: '旅程传媒有限公司',
  email: 'journey-agent@example.com',
};

async function search(page: Page, type: string, content: string) {
  await page.getByRole('combobox', { name: '搜索方式' }).click();
  await page.locator('.ant-select-dropdown:visible').getByText(type, { exact: true }).click();
  const input = page.getByPlaceholder(`按${type}搜索`);
  await input.fill(content);
  await input.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('content') === content);
}

const rows = (page: Page) => page.locator('.agent-table .ant-table-tbody tr.ant-table-row');

export function agentJourneys(j: Journey) {
  journey('agents: create one with an area from the library (Cascader), then find it by each search type', async () => {
    const token = await j.apiLogin(ADMIN.mobile, ADMIN.password);
    const page = await j.open(`/agent?status=disabled&content=zzz#access_token=${token}`);
    // Entering /agent resets the search.
    await page.waitForURL((url) => url.pathname === '/agent' && url.search === '');
    await page.getByText('全部状态').waitFor();
    await page.getByText('还没有下级代理').waitFor();
    await j.screenshot(page, 'agents-empty');

    await page
      .getByRole('button', { name: /新建下级代理/ })
      .first()
      .click();
    await page.waitForURL('**/agent/create');
    // The blank agent's area is 杭州市 (330100).
    await page.locator('.ant-cascader').getByText('浙江省 / 杭州市').waitFor();
    await page.getByPlaceholder('请输入 11 位手机号').fill(CHILD.mobile);
    await page.getByPlaceholder('8 至 64 位').fill(CHILD.password);
    await page.getByPlaceholder('请输入联系人姓名').fill(CHILD.contact);
    await page.getByPlaceholder('请输入公司名称').fill(CHILD.company);
    await page.getByPlaceholder('请输入邮箱').fill('not-an-email');
    await page.getByRole('button', { name: /创建代理/ }).click();
    await page.getByText('请输入正确的邮箱地址').waitFor();
    await page.getByPlaceholder('请输入邮箱').fill(CHILD.email);

    await page.locator('.ant-cascader').click();
    const menus = page.locator('.ant-cascader-dropdown:visible');
    await menus.getByText('浙江省', { exact: true }).click();
    await menus.getByText('杭州市', { exact: true }).click();
    await menus.getByText('西湖区', { exact: true }).click();
    await page.locator('.ant-cascader').getByText('浙江省 / 杭州市 / 西湖区').waitFor();
    await page.getByPlaceholder('街道、门牌号等').fill('文三路 90 号');
    await page.getByRole('combobox', { name: '所属行业' }).click();
    await page.locator('.ant-select-dropdown:visible').getByText('传媒', { exact: true }).click();
    await page.locator('input#coopLevel').fill('1');
    await j.screenshot(page, 'agents-create');
    await page.getByRole('button', { name: /创建代理/ }).click();
    await page.getByText('账号创建成功').waitFor();
    await page.waitForURL('**/agent/list');
    await rows(page).first().getByText(CHILD.contact).waitFor();
    await rows(page).first().getByText('浙江省 杭州市 西湖区').waitFor();
    await j.screenshot(page, 'agents-list');

    const created = await api<{ items: { id: number; extra: { area: number } }[] }>(
      j,
      token,
      'GET',
      `/agent/agent?searchType=mobile&content=${CHILD.mobile}`,
    );
    const id = created.items[0]?.id;
    assert.ok(id);
    assert.equal(created.items[0]?.extra.area, 330106);

    // A second agent, so that each search really narrows the list.
    await api(j, token, 'POST', '/agent/agent/', {
      mobile: '13655550002',
      password: 'other-pass-1',
      contact: '另一代理',
    });
    await page.reload();
    await rows(page).nth(1).waitFor();

    for (const [type, content] of [
      ['联系人', '旅程'],
      ['公司名称', '旅程传媒'],
      ['下级编号', String(id)],
      ['邮箱', 'journey-agent@'],
      ['手机号', CHILD.mobile],
    ] as const) {
      await search(page, type, content);
      await page.waitForFunction(
        () => document.querySelectorAll('.agent-table .ant-table-tbody tr.ant-table-row').length === 1,
      );
      await rows(page).first().getByText(CHILD.contact).waitFor();
    }
    await search(page, '联系人', '不存在的人');
    await page.getByText('没有符合条件的下级代理').waitFor();
    await j.screenshot(page, 'agents-search-empty');
    await page.context().close();
  });

  journey(
    'agents: disabling logs its open console out to /login; impersonation opens its console and is recorded',
    async () => {
      const token = await j.apiLogin(ADMIN.mobile, ADMIN.password);
      const childToken = await j.apiLogin(CHILD.mobile, CHILD.password);
      const childPage = await j.open(`/#access_token=${childToken}`);
      await childPage.getByText(CHILD.contact).first().waitFor();

      const page = await j.open(`/agent/list?searchType=mobile&content=${CHILD.mobile}#access_token=${token}`);
      await rows(page).first().getByText(CHILD.contact).waitFor();
      await rows(page).first().getByRole('button', { name: /状态/ }).click();
      await page.getByRole('menuitem', { name: '设为禁用' }).click();
      await page.getByText('禁用后该代理及其子账号将被立即登出').waitFor();
      await confirmStatus(page);
      await rows(page).first().locator('.ant-tag', { hasText: '禁用' }).waitFor();
      await j.screenshot(page, 'agents-disabled');

      // The agent's open console: its next request answers 403 Agent Disabled, and it lands on /login.
      await childPage.getByRole('menuitem', { name: '下级代理' }).click();
      await childPage.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
      await childPage.getByRole('tab', { name: '密码登录' }).waitFor();
      assert.equal(await childPage.evaluate(() => localStorage.getItem('yanbo.manageToken')), null);
      await j.screenshot(childPage, 'agents-disabled-logged-out');
      await childPage.context().close();

      // Enabled again, its console opens from the parent's screen in a new tab.
      await page.goto(`/agent/${await rowId(page)}/edit`);
      await page.getByRole('tab', { name: '基本信息' }).waitFor();
      await page.getByRole('button', { name: /状态/ }).click();
      await page.getByRole('menuitem', { name: '设为启用' }).click();
      await confirmStatus(page);
      await page.getByRole('button', { name: /登录后台/ }).click();
      const [popup] = await Promise.all([
        page.context().waitForEvent('page'),
        page.getByRole('button', { name: /打开后台/ }).click(),
      ]);
      await popup.waitForURL((url) => url.pathname === '/' && url.hash === '', { timeout: 15_000 });
      await popup.getByText(CHILD.contact).first().waitFor();
      await popup.getByText('代登录').first().waitFor();
      await j.screenshot(popup, 'agents-impersonated-console');

      // The opener is still the parent: the impersonated session lives in the new tab only.
      assert.equal(await page.evaluate(() => localStorage.getItem('yanbo.manageToken')), token);
      await page.reload();
      await page.getByText('管理员').first().waitFor();
      await page.getByRole('tab', { name: '登录记录' }).click();
      const record = page.getByRole('tabpanel', { name: '登录记录' }).locator('.ant-table-row');
      await record.first().getByText(ADMIN.mobile, { exact: false }).waitFor();
      assert.equal(await record.count(), 1);
      await j.screenshot(page, 'agents-impersonation-record');
      await page.context().close();
    },
  );
}

export function agentEditJourneys(j: Journey) {
  journey('agents: edit its information, cooperation and credit; the agency view lists it with its pager', async () => {
    const token = await j.apiLogin(ADMIN.mobile, ADMIN.password);
    const page = await j.open(`/agent/list?searchType=mobile&content=${CHILD.mobile}#access_token=${token}`);
    await rows(page).first().getByRole('button', { name: /编辑/ }).click();
    await page.waitForURL(/\/agent\/\d+\/edit$/);
    const contact = page.getByPlaceholder('请输入联系人姓名');
    await page.locator('.ant-cascader').getByText('浙江省 / 杭州市 / 西湖区').waitFor();
    // A taken mobile: the seed's catalogue text under the field, nothing saved.
    const mobile = page.getByPlaceholder('请输入 11 位手机号');
    await mobile.fill('13655550002');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-form-item-explain-error', { hasText: '该手机号已注册' }).waitFor();
    await mobile.fill(CHILD.mobile);
    await contact.fill('旅程代理（改）');
    await page.locator('.ant-cascader').click();
    const menus = page.locator('.ant-cascader-dropdown:visible');
    await menus.getByText('北京市', { exact: true }).first().click();
    await menus.locator('.ant-cascader-menu').nth(1).getByText('北京市', { exact: true }).click();
    await menus.getByText('海淀区', { exact: true }).click();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('编辑成功').waitFor();
    await page.getByText('北京市 北京市 海淀区').waitFor();

    await page.getByRole('tab', { name: '合作信息' }).click();
    const level = page.getByRole('tabpanel', { name: '合作信息' }).locator('input#coopLevel');
    await level.fill('5');
    await level.blur();
    // The input keeps the level below the caller's own (3).
    assert.equal(await level.inputValue(), '2');
    await page.getByRole('button', { name: /保存合作信息/ }).click();
    await page.getByText('保存成功').waitFor();

    await page.getByRole('tab', { name: '资源额度与用量' }).click();
    const panel = page.getByRole('tabpanel', { name: '资源额度与用量' });
    await panel.locator('input#fluxGb').fill('120');
    await panel.locator('input#smsCount').fill('500');
    await panel.getByRole('button', { name: /保存额度/ }).click();
    await page.getByText('设置成功').waitFor();
    await panel.getByText('额度 500').waitFor();
    await j.screenshot(page, 'agents-edit-resources');

    await page.goto('/agency');
    await page.locator('.agency-table .ant-table-row').nth(1).waitFor();
    await page.getByText('共 2 个代理商').waitFor();
    await page.locator('.agency-table .ant-table-row', { hasText: '旅程代理（改）' }).getByText('2 级').waitFor();
    await page.getByRole('combobox', { name: '搜索方式' }).click();
    await page.locator('.ant-select-dropdown:visible').getByText('手机号', { exact: true }).click();
    await page.getByPlaceholder('按手机号搜索').fill('13655550002');
    await page.getByPlaceholder('按手机号搜索').press('Enter');
    await page.getByText('共 1 个代理商').waitFor();
    await page.locator('.agency-table .ant-table-row', { hasText: '另一代理' }).waitFor();
    await j.screenshot(page, 'agency');
    await page.context().close();
  });

  journey(
    'agents: 停用 (pending) ends its console and refuses its sign-in in Chinese; enabled again it signs in to its data',
    async () => {
      const stopped = await j.newAgent();
      const adminToken = await j.apiLogin(ADMIN.mobile, ADMIN.password);
      const { mobile } = await api<{ mobile: string }>(j, adminToken, 'GET', `/agent/agent/${stopped.id}`);
      await api(j, stopped.token, 'POST', '/activity', { name: '停用期间保留的活动' });
      const agentPage = await j.open(`/#access_token=${stopped.token}`);
      await agentPage.getByText('停用期间保留的活动').first().waitFor();

      const page = await j.open(`/agent/list?searchType=mobile&content=${mobile}#access_token=${adminToken}`);
      await rows(page).first().getByText(`ID ${stopped.id}`).waitFor();
      await rows(page).first().getByRole('button', { name: /状态/ }).click();
      await page.getByRole('menuitem', { name: '设为停用' }).click();
      await page.getByText('其活动与数据保持不变，重新启用后即可继续使用', { exact: false }).waitFor();
      await j.screenshot(page, 'agents-pending-confirm');
      await confirmStatus(page);
      await rows(page).first().locator('.ant-tag', { hasText: '停用' }).waitFor();

      // Its open console: the next request ends the session and it lands on /login; signing in says why.
      await agentPage.reload();
      await agentPage.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
      await agentPage.getByRole('tab', { name: '密码登录' }).click();
      await agentPage
        .getByPlaceholder(/手机号|用户名/)
        .first()
        .fill(mobile);
      await agentPage.getByPlaceholder('密码').first().fill('journey-pass-1');
      await agentPage.getByRole('button', { name: /登\s*录/ }).click();
      await agentPage.getByText('账号已停用，请联系上级代理商恢复启用').first().waitFor();
      assert.equal(new URL(agentPage.url()).pathname, '/login');
      await j.screenshot(agentPage, 'agents-pending-login-refused');

      // Enabled again: the same sign-in works and its activity is still there.
      await rows(page).first().getByRole('button', { name: /状态/ }).click();
      await page.getByRole('menuitem', { name: '设为启用' }).click();
      await confirmStatus(page);
      await rows(page).first().locator('.ant-tag', { hasText: '启用' }).waitFor();
      await agentPage.getByRole('button', { name: /登\s*录/ }).click();
      await agentPage.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
      await agentPage.getByText('停用期间保留的活动').first().waitFor();
      await agentPage.context().close();
      await page.context().close();
    },
  );
}

/** Confirms the status change in its dialog: the server takes it, the toast says so, and the dialog closes. */
export function agentAccessJourneys(j: Journey) {
  journey(
    'agents: 合作等级 0 is told before any form; a negative 保证金 is refused; a sub-account gets a clean no-access page',
    async () => {
      // A lower agent of the admin is at 合作等级 0.
      const levelZero = await j.newAgent();
      const page = await j.open(`/agent#access_token=${levelZero.token}`);
      const create = page.getByRole('button', { name: /新建下级代理/ }).first();
      await create.waitFor();
      assert.equal(await create.isDisabled(), true);
      await create.hover({ force: true });
      await page.getByRole('tooltip').getByText('当前合作等级不能创建下级代理').waitFor();
      await page.goto('/agent/create');
      await page.getByTestId('agent-create-not-allowed').getByText('当前合作等级不能创建下级代理').waitFor();
      assert.equal(await page.getByRole('button', { name: '创建代理' }).count(), 0);
      await j.screenshot(page, 'agents-create-not-allowed');
      await page.context().close();

      // The admin may create: the form refuses −500 instead of clamping it to 0.
      const admin = await j.apiLogin(ADMIN.mobile, ADMIN.password);
      const form = await j.open(`/agent/create#access_token=${admin}`);
      const margin = form.getByLabel('保证金（元）');
      await margin.fill('-500');
      await margin.blur();
      await form.getByText('保证金不能为负数').waitFor();
      assert.equal(await margin.inputValue(), '-500.00');
      await j.screenshot(form, 'agents-margin-negative');
      await form.context().close();

      // A sub-account opening /agent by its address: a plain no-access page, no failed calls shown.
      const staff = { username: `agent-staff-${levelZero.id}`, password: 'staff-pass-1' };
      await api(j, levelZero.token, 'POST', '/agent/subagent', { ...staff, remark: '运营' });
      const staffToken = await j.apiLogin(staff.username, staff.password);
      const sub = await j.open(`/agent#access_token=${staffToken}`);
      await sub.getByTestId('no-access').getByText('无权访问').waitFor();
      await sub.goto('/agent/create');
      await sub.getByTestId('no-access').waitFor();
      assert.equal(await sub.locator('.ant-message-error').count(), 0);
      await j.screenshot(sub, 'agents-sub-account-no-access');
      await sub.context().close();
    },
  );
}

async function confirmStatus(page: Page) {
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      /^\/api\/agent\/agent\/\d+\/status$/.test(new URL(response.url()).pathname),
  );
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '确 定' }).click();
  assert.equal((await saved).status(), 200);
  await page.getByText('设置成功').last().waitFor();
  await page.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
}

async function rowId(page: Page): Promise<number> {
  const text = await rows(page)
    .first()
    .getByText(/^ID \d+$/)
    .textContent();
  return Number(text?.replace('ID ', ''));
}
