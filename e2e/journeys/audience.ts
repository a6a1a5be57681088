import assert from 'node:assert/strict';
import { api, type Journey, journey, journeyMobile, openPhone, signInOnPhone } from '../harness.ts';

// The audience CRM (issue 12): a phone viewer signs in by SMS on the watch page and comments; the console finds the
// person by mobile, its detail shows the visit and the comment; a tag added to it filters the list; blocking it makes
// the phone's next comment refused with the Chinese reason.

export function audienceJourneys(j: Journey) {
  journey(
    'audience: a phone viewer’s visit and comment on its CRM detail; a tag filters; blocking refuses its comment',
    async () => {
      const agent = await j.newAgent();
      const { id } = await api<{ id: number }>(j, agent.token, 'POST', '/activity', { name: 'CRM 旅程直播' });
      await api(j, agent.token, 'PUT', `/activity/${id}/template`, {
        introTabs: [{ title: '聊天室', key: 'chat', type: 'chatRoom' }],
      });
      await api(j, agent.token, 'POST', '/v3/user-tag', { name: '意向客户' });

      const phone = await openPhone(j, `/watch/${id}`, '小周');
      const chat = phone.getByTestId('chat-room');
      await chat.getByText(/在线 \d+/).waitFor();
      const mobile = journeyMobile('136');
      await phone.getByTestId('watch-sign-in').click();
      await signInOnPhone(j, phone, mobile);
      await phone
        .getByTestId('watch-viewer')
        .getByText(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`)
        .waitFor();
      const input = chat.getByLabel('说点什么…');
      await input.fill('想了解一下价格');
      await input.press('Enter');
      await chat.getByTestId('chat-comment').filter({ hasText: '想了解一下价格' }).waitFor();

      // The console finds the person by mobile.
      const page = await j.open(`/CRMUser#access_token=${agent.token}`);
      await page.getByLabel('手机号').fill(mobile);
      await page.getByRole('button', { name: /^查\s*询$/ }).click();
      const row = page.getByRole('row', { name: new RegExp(mobile) });
      await row.waitFor();
      assert.equal(await page.locator('.ant-table-tbody tr.ant-table-row').count(), 1);
      await j.screenshot(page, 'audience-list');

      // Its detail: the attribution path counts the visit; the 观看记录 and 评论记录 tabs list them.
      await row.getByRole('button', { name: /^详\s*情$/ }).click();
      await page
        .getByRole('cell', { name: mobile })
        .or(page.getByText(mobile, { exact: true }))
        .first()
        .waitFor();
      const path = page.getByTestId('audience-attribution');
      await path.getByText('CRM 旅程直播').waitFor();
      await page.getByRole('tabpanel').getByText('CRM 旅程直播').first().waitFor();
      await page.getByRole('tab', { name: '评论记录' }).click();
      await page.getByRole('tabpanel').getByText('想了解一下价格').waitFor();
      await j.screenshot(page, 'audience-detail');

      // A tag set on the person; the list filtered by it shows the person.
      await page.getByRole('button', { name: '设置标签' }).click();
      const tagDialog = page.getByRole('dialog', { name: '设置标签' });
      await tagDialog.getByTestId('audience-tag-select').click();
      await page.locator('.ant-select-item-option').filter({ hasText: '意向客户' }).click();
      // The multiple select keeps its list open: a click on the dialog's title closes it.
      await tagDialog.locator('.ant-modal-title').click();
      await page.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
      await tagDialog.getByRole('button', { name: /^确\s*定$/ }).click();
      await page.getByText('设置成功').first().waitFor();
      await page.locator('.ant-descriptions').getByText('意向客户').waitFor();

      await page.goto(`${j.server.baseUrl}/crmcreatTag`);
      const tagRow = page.getByRole('row', { name: /意向客户/ });
      await tagRow.getByRole('cell', { name: '1', exact: true }).waitFor();
      await j.screenshot(page, 'audience-tags');
      await tagRow.getByRole('button', { name: '查看用户' }).click();
      await page.getByRole('row', { name: new RegExp(mobile) }).waitFor();
      assert.equal(await page.locator('.ant-table-tbody tr.ant-table-row').count(), 1);
      await j.screenshot(page, 'audience-tag-filter');

      // The CRM form: a required 公司 field the agent collects.
      await page.getByRole('button', { name: 'CRM 表单' }).click();
      const formDialog = page.getByRole('dialog', { name: 'CRM 表单' });
      await formDialog.getByRole('button', { name: '添加字段' }).click();
      await formDialog.getByLabel('字段标识').fill('company');
      await formDialog.getByLabel('名称').fill('公司');
      await formDialog.getByLabel('必填').check();
      await j.screenshot(page, 'audience-crm-form');
      await formDialog.getByRole('button', { name: /^保\s*存$/ }).click();
      await page.getByText('保存成功').first().waitFor();
      await formDialog.waitFor({ state: 'hidden' });

      // The person edited with its name and the new field, and kept as a common referrer.
      await page
        .getByRole('row', { name: new RegExp(mobile) })
        .getByRole('button', { name: /^详\s*情$/ })
        .click();
      await page.getByRole('button', { name: /^编\s*辑$/ }).click();
      const editDialog = page.getByRole('dialog', { name: '编辑用户' });
      await editDialog.getByLabel('姓名').fill('周先生');
      await editDialog.getByLabel('公司').fill('演播科技');
      await editDialog.getByRole('button', { name: /^确\s*定$/ }).click();
      await page.getByText('保存成功').first().waitFor();
      const info = page.locator('.ant-descriptions').first();
      await info.getByText('周先生').waitFor();
      await info.getByText('演播科技').waitFor();
      await page.getByRole('button', { name: '设为常用推荐人' }).click();
      await page.getByText('添加成功').first().waitFor();
      await page.getByRole('button', { name: '取消常用推荐人' }).waitFor();
      await j.screenshot(page, 'audience-detail-edited');

      await page.goto(`${j.server.baseUrl}/CRMUser`);
      await page.getByRole('button', { name: '常用推荐人', exact: true }).click();
      const drawer = page.locator('.ant-drawer');
      await drawer.getByRole('row', { name: /周先生/ }).waitFor();
      await j.screenshot(page, 'audience-fav-inviters');
      await drawer.locator('.ant-drawer-close').click();
      await drawer.waitFor({ state: 'hidden' });

      // Blocking (拉黑): the phone's next comment is refused with the Chinese reason.
      const blocked = page.getByRole('row', { name: new RegExp(mobile) });
      await blocked.getByRole('button', { name: '拉黑' }).click();
      await page.getByRole('button', { name: /^确\s*定$/ }).click();
      await page.getByText('已拉黑').first().waitFor();
      await blocked.getByText('已拉黑').waitFor();
      await input.fill('还能说话吗');
      await input.press('Enter');
      await chat.getByText('你已被加入黑名单，无法参与互动').waitFor();
      await j.screenshot(phone, 'audience-phone-blocked');
      await j.screenshot(page, 'audience-blocked');

      // Reloaded, the blocked phone's page plays nothing and says why.
      await phone.reload();
      await phone
        .getByTestId('watch-mobile-gate')
        .getByText(/已被主办方禁止观看/)
        .waitFor();
      await j.screenshot(phone, 'audience-phone-gate');
      await phone.context().close();
      await page.context().close();

      // Seed 001 §6: a sub-account has no CRM: no menu item, and a no-access page at its addresses.
      const staff = { username: `crm-staff-${agent.id}`, password: 'staff-pass-1' };
      await api(j, agent.token, 'POST', '/agent/subagent', { ...staff, remark: '运营' });
      const staffToken = await j.apiLogin(staff.username, staff.password);
      const sub = await j.open(`/CRMUser#access_token=${staffToken}`);
      await sub.getByTestId('no-access').getByText('无权访问').waitFor();
      assert.equal(await sub.getByRole('menuitem', { name: 'CRM 用户' }).count(), 0);
      await sub.goto(`${j.server.baseUrl}/crmcreatTag`);
      await sub.getByTestId('no-access').waitFor();
      assert.equal(await sub.locator('.ant-message-error').count(), 0);
      await j.screenshot(sub, 'audience-sub-account-no-access');
      await sub.context().close();
    },
  );
}
