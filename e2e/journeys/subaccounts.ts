import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ADMIN, api, type Journey, journey } from '../harness.ts';

// Sub-accounts as the main account manages them (/subaccount, /subaccount/creatson) and as a sub-account sees the
// console: the same /login, a reduced menu and only its own activities.

const SUB = { username: 'room-operator', password: 'room-pass-123', remark: '直播间运营' };

async function expectPath(page: Page, pathname: string) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 });
}

async function createGroupInUi(page: Page, name: string) {
  await page.getByRole('button', { name: /新建分组/ }).click();
  const dialog = page.getByRole('dialog', { name: '新建分组' });
  await dialog.getByPlaceholder('请输入分组名称').fill(name);
  await dialog.getByRole('button', { name: /创\s*建/ }).click();
  return dialog;
}

export function subaccountJourneys(j: Journey) {
  journey(
    'sub-account groups: create, rename, delete, a taken name, and the 21st refused with the seed message',
    async () => {
      const token = await j.apiLogin(ADMIN.mobile, ADMIN.password);
      const page = await j.open(`/#access_token=${token}`);
      await page.goto('/subaccount');
      const panel = page.getByRole('menu', { name: '子账号分组' });
      await panel.getByText('默认分组').waitFor();
      await page.getByText('还没有子账号').waitFor();

      let dialog = await createGroupInUi(page, '华东运营');
      await page.getByText('创建成功').first().waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await panel.getByText('华东运营').waitFor();
      await page.getByTestId('subaccount-group-usage').getByText('1/20').waitFor();

      // A taken name: 分组名称已存在, under the field and as a toast.
      dialog = await createGroupInUi(page, '华东运营');
      await dialog.getByText('分组名称已存在').waitFor();
      await dialog.getByRole('button', { name: /取\s*消/ }).click();

      // Rename, then delete with confirmation; the panel reloads after each.
      await panel.getByRole('button', { name: '分组操作 华东运营' }).click();
      await page.getByRole('menuitem', { name: /重命名/ }).click();
      dialog = page.getByRole('dialog', { name: '重命名分组' });
      await dialog.getByPlaceholder('请输入分组名称').fill('华东直播');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('编辑成功').first().waitFor();
      await panel.getByText('华东直播').waitFor();
      await panel.getByRole('button', { name: '分组操作 华东直播' }).click();
      await page.getByRole('menuitem', { name: /删除/ }).click();
      await page.locator('.ant-modal-confirm-title', { hasText: '确定删除分组「华东直播」吗？' }).waitFor();
      await page
        .getByRole('button', { name: /删\s*除/ })
        .last()
        .click();
      await page.getByText('删除成功').first().waitFor();
      await panel.getByText('华东直播').waitFor({ state: 'detached' });

      // Up to the limit: 19 through the API, the 20th in the screen, then the 21st is refused.
      for (let i = 1; i <= 19; i++) await api(j, token, 'POST', '/v3/subagent-group', { name: `分组${i}` });
      await page.reload();
      await panel.getByText('分组19').waitFor();
      dialog = await createGroupInUi(page, '第二十个');
      await dialog.waitFor({ state: 'hidden' });
      await page.getByTestId('subaccount-group-usage').getByText('20/20').waitFor();
      dialog = await createGroupInUi(page, '第二十一个');
      await page.locator('.ant-message').getByText('子账号分组数量不能超过20个').waitFor();
      await dialog.getByText('子账号分组数量不能超过20个').waitFor();
      await j.screenshot(page, 'subaccount-groups-limit');
      await dialog.getByRole('button', { name: /取\s*消/ }).click();
      const groups = (await api(j, token, 'GET', '/v3/subagent-group')) as { items: unknown[] };
      assert.equal(groups.items.length, 20);
      await page.context().close();
    },
  );

  journey(
    'create a sub-account in /subaccount/creatson, see it listed with its password, and sign its sessions out',
    async () => {
      const token = await j.apiLogin(ADMIN.mobile, ADMIN.password);
      const groups = (await api(j, token, 'GET', '/v3/subagent-group')) as { items: { name: string }[] };
      if (!groups.items.some((group) => group.name === '分组1')) {
        await api(j, token, 'POST', '/v3/subagent-group', { name: '分组1' });
      }
      const page = await j.open(`/#access_token=${token}`);
      await page.goto('/subaccount/creatson');
      await page.getByTestId('subaccount-quota').getByText('已创建 0 / 5 个').waitFor();
      // The form says what is wrong in Chinese before asking the server.
      await page.getByRole('button', { name: /创\s*建/ }).click();
      await page.getByText('请输入用户名').waitFor();
      await page.getByText('请输入密码').waitFor();
      await page.getByPlaceholder(/3-32 位/).fill('13912345678');
      await page.getByText('用户名不能是手机号').waitFor();

      await page.getByPlaceholder(/3-32 位/).fill(SUB.username);
      await page.getByLabel('密码').fill(SUB.password);
      await page.getByPlaceholder('例如：直播运营、客服').fill(SUB.remark);
      await page.getByLabel('所属分组').click();
      await page.getByTitle('分组1', { exact: true }).click();
      await j.screenshot(page, 'subaccount-create');
      await page.getByRole('button', { name: /创\s*建/ }).click();
      await page.getByText('账号创建成功').first().waitFor();
      await expectPath(page, '/subaccount');

      const row = page.locator('.subaccount-table tr', { hasText: SUB.username });
      await row.getByText(SUB.remark).waitFor();
      await row.getByText('分组1').waitFor();
      await page.getByTestId('subaccount-quota').getByText('已创建 1 / 5 个').waitFor();
      assert.equal(await row.getByText(SUB.password).count(), 0);
      await row.getByRole('button', { name: '显示密码' }).click();
      await row.getByText(SUB.password).waitFor();

      // Search by username and filter by group, 默认分组 included.
      await page.getByPlaceholder('搜索用户名').fill('nobody');
      await page.getByPlaceholder('搜索用户名').press('Enter');
      await page.getByText('没有符合条件的子账号').waitFor();
      await page.getByPlaceholder('搜索用户名').fill('room');
      await page.getByPlaceholder('搜索用户名').press('Enter');
      await row.waitFor();
      const panel = page.getByRole('menu', { name: '子账号分组' });
      await panel.getByText('默认分组').click();
      await page.getByText('没有符合条件的子账号').waitFor();
      await panel.getByText('分组1', { exact: true }).click();
      await row.waitFor();
      await panel.getByText('全部子账号').click();
      await page.getByPlaceholder('搜索用户名').fill('');
      await row.waitFor();
      await page.waitForURL((url) => url.pathname === '/subaccount' && url.search === '');
      await j.screenshot(page, 'subaccount-list');

      // Edit in the modal: the list reloads with the new remark.
      await row.getByRole('button', { name: '编辑' }).click();
      const edit = page.getByRole('dialog', { name: '编辑子账号' });
      await edit.getByPlaceholder('例如：直播运营、客服').fill('直播间运营主管');
      await j.screenshot(page, 'subaccount-edit');
      await edit.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('编辑成功').first().waitFor();
      await row.getByText('直播间运营主管').waitFor();
      await edit.getByRole('button', { name: /保\s*存/ }).waitFor({ state: 'hidden' });

      // Delete with confirmation: gone from the list, and the quota frees a place.
      await api(j, token, 'POST', '/agent/subagent', { username: 'temp-staff', password: 'temp-pass-123' });
      await page.reload();
      const temp = page.locator('.subaccount-table tr', { hasText: 'temp-staff' });
      await temp.getByRole('button', { name: '删除' }).click();
      await page.locator('.ant-modal-confirm-content', { hasText: '确定删除子账号「temp-staff」吗？' }).waitFor();
      await page
        .getByRole('button', { name: /删\s*除/ })
        .last()
        .click();
      await page.getByText('删除成功').first().waitFor();
      await temp.waitFor({ state: 'detached' });
      await page.getByTestId('subaccount-quota').getByText('已创建 1 / 5 个').waitFor();

      // The token refresh signs every session of the sub-account out.
      const subToken = await j.apiLogin(SUB.username, SUB.password);
      await row.getByRole('button', { name: /刷新令牌/ }).click();
      await page.locator('.ant-modal-confirm-title', { hasText: '刷新子账号「直播间运营主管」的登录令牌？' }).waitFor();
      await page
        .getByRole('button', { name: /确\s*定/ })
        .last()
        .click();
      await page.getByText('更新成功').first().waitFor();
      const me = await fetch(`${j.server.baseUrl}/api/agent/me`, { headers: { authorization: `Bearer ${subToken}` } });
      assert.equal(me.status, 401);

      // Beyond the quota the server refuses, and the console says so in Chinese.
      const extra = [];
      for (let i = 1; i <= 4; i++) {
        extra.push(
          await api(j, token, 'POST', '/agent/subagent', { username: `extra-${i}`, password: 'extra-pass-1' }),
        );
      }
      await page.goto('/subaccount/creatson');
      await page.getByTestId('subaccount-quota').getByText('剩余 0 个').waitFor();
      await page.getByPlaceholder(/3-32 位/).fill('one-too-many');
      await page.getByLabel('密码').fill('extra-pass-1');
      await page.getByRole('button', { name: /创\s*建/ }).click();
      await page.locator('.ant-message').getByText('子账号数量已达上限，请升级套餐后再创建').waitFor();
      await j.screenshot(page, 'subaccount-quota-full');
      await expectPath(page, '/subaccount/creatson');
      for (const made of extra) await api(j, token, 'DELETE', `/agent/subagent/${made.id}`);
      await page.context().close();
    },
  );

  journey('a sub-account signs in at /login and sees only its own activities and a reduced menu', async () => {
    const token = await j.apiLogin(ADMIN.mobile, ADMIN.password);
    const subs = (await api(j, token, 'GET', '/agent/subagent?username=room-operator')) as {
      items: { id: number }[];
    };
    // Made by the journey before; made here when this one runs alone.
    const subId = subs.items[0]?.id ?? ((await api(j, token, 'POST', '/agent/subagent', SUB)).id as number);
    const sibling = await api(j, token, 'POST', '/agent/subagent', {
      username: 'room-sibling',
      password: 'sibling-pass-1',
    });
    const parentOnly = await api(j, token, 'POST', '/activity', { name: '主账号自己的活动' });
    const granted = await api(j, token, 'POST', '/activity', { name: '分配给运营的活动', subagentId: subId });
    await api(j, token, 'POST', '/activity', { name: '兄弟账号的活动', subagentId: sibling.id });

    // The owner sees who each activity belongs to, with the credentials.
    const owner = await j.open(`/#access_token=${token}`);
    const grantedRow = owner.locator('.activity-table tr', { hasText: '分配给运营的活动' });
    await grantedRow.getByTestId('activity-subagent').getByText(SUB.username).click();
    await owner.getByTestId('activity-subagent-password').getByText(SUB.password).waitFor();
    await j.screenshot(owner, 'subaccount-activity-credentials');
    await owner.context().close();

    const page = await j.open('/login');
    await page.getByRole('tab', { name: '密码登录' }).click();
    await page
      .getByPlaceholder(/手机号|用户名/)
      .first()
      .fill(SUB.username);
    await page.getByPlaceholder('密码').first().fill(SUB.password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expectPath(page, '/');
    await page.getByText('分配给运营的活动').first().waitFor();
    assert.equal(await page.getByText('主账号自己的活动').count(), 0);
    assert.equal(await page.getByText('兄弟账号的活动').count(), 0);
    // A reduced menu: no sub-accounts, agents, agency or packages; no sub-account filter; no credentials shown.
    const menu = page.getByRole('menu').first();
    await menu.getByText('活动列表').waitFor();
    for (const hidden of ['子账号', '下级代理', '套餐']) {
      assert.equal(await menu.getByText(hidden, { exact: true }).count(), 0, `${hidden} is hidden`);
    }
    assert.equal(await page.getByTestId('activity-subagent').count(), 0);
    await j.screenshot(page, 'subaccount-signed-in');

    // What it creates is its own.
    await page
      .getByRole('button', { name: /创建活动/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    assert.equal(await dialog.getByText('所属子账号').count(), 0);
    await dialog.getByPlaceholder('请输入活动名称').fill('运营自己建的活动');
    await dialog.getByRole('button', { name: /创\s*建/ }).click();
    await page.getByText('创建成功').first().waitFor();
    await page.waitForURL(/\/board\/\d+$/);
    const mine = (await api(j, token, 'GET', '/activity?name=运营自己建的活动')) as {
      items: { subagentId: number }[];
    };
    assert.equal(mine.items[0].subagentId, subId);

    // Its parent's other activity answers 404 Activity Not Found: the console's dialog, and back home.
    await page.goto(`/board/${parentOnly.id}`);
    await page.getByRole('dialog').getByText('该直播活动不存在或已被删除').waitFor();
    await j.screenshot(page, 'subaccount-activity-not-found');
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expectPath(page, '/');

    // The sub-account area by its address: not for a sub-account.
    await page.goto('/subaccount');
    await page.getByTestId('no-access').getByText('无权访问').waitFor();
    assert.ok(granted.id);
    await page.context().close();
  });
}
