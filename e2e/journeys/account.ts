import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ADMIN, type Journey, journey } from '../harness.ts';

// Sign-up, sign-in (password and SMS), the seed's messages, the 401 redirect with returnUrl, sign-out, lost password,
// and the user page — as a person does them, in one browser.

const NEW_MOBILE = '13611112222';
const NEW_PASSWORD = 'new-pass-123';

async function expectPath(page: Page, pathname: string) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 });
}

async function passwordLogin(page: Page, username: string, password: string) {
  await page.getByRole('tab', { name: '密码登录' }).click();
  await page
    .getByPlaceholder(/手机号|用户名/)
    .first()
    .fill(username);
  await page.getByPlaceholder('密码').first().fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

export function accountJourneys(j: Journey) {
  journey('an unauthenticated visit to / lands on /login', async () => {
    const page = await j.open('/');
    await expectPath(page, '/login');
    await page.getByRole('tab', { name: '密码登录' }).waitFor();
    await j.screenshot(page, 'login');
    await page.context().close();
  });

  journey('sign up with the SMS code from the outbox, then sign out', async () => {
    const page = await j.open('/signup');
    await page.getByPlaceholder(/手机号/).fill(NEW_MOBILE);
    await page.getByRole('button', { name: /获取验证码/ }).click();
    await page.getByText('短信验证码已发送到你的手机，请注意查收！').waitFor();
    const code = await j.smsCode(NEW_MOBILE, 'signup');
    await page.getByPlaceholder(/验证码/).fill(code);
    await page
      .getByPlaceholder(/^(设置)?密码/)
      .first()
      .fill(NEW_PASSWORD);
    await page.getByPlaceholder(/确认密码|再次输入/).fill(NEW_PASSWORD);
    await j.screenshot(page, 'signup');
    await page.getByRole('button', { name: /注\s*册/ }).click();
    await page.getByText('注册成功').waitFor();
    await expectPath(page, '/');
    await page.getByText('活动列表').first().waitFor();
    await j.screenshot(page, 'home-after-signup');

    await page.getByText(NEW_MOBILE).first().click();
    await page.getByText('退出登录').click();
    await expectPath(page, '/login');
    await page.context().close();
  });

  journey('a wrong password shows the seed message; the right one signs in', async () => {
    const page = await j.open('/login');
    await passwordLogin(page, ADMIN.mobile, 'not-the-password');
    await page.getByText('用户名或密码错误').first().waitFor();
    await j.screenshot(page, 'login-wrong-password');
    await passwordLogin(page, ADMIN.mobile, ADMIN.password);
    await expectPath(page, '/');
    await page.context().close();
  });

  journey('sign in by SMS code; an unregistered mobile gets the seed message', async () => {
    const page = await j.open('/login');
    await page.getByRole('tab', { name: '验证码登录' }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByPlaceholder(/手机号/).fill('13900009999');
    await panel.getByRole('button', { name: /获取验证码/ }).click();
    await page.getByText('该手机未注册 请先注册').first().waitFor();

    await panel.getByPlaceholder(/手机号/).fill(NEW_MOBILE);
    await panel.getByRole('button', { name: /获取验证码/ }).click();
    const code = await j.smsCode(NEW_MOBILE, 'login');
    await panel.getByPlaceholder(/验证码/).fill(code === '000000' ? '111111' : '000000');
    await panel.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByText('验证码输入错误').first().waitFor();
    await panel.getByPlaceholder(/验证码/).fill(code);
    await panel.getByRole('button', { name: /登\s*录/ }).click();
    await expectPath(page, '/');
    await page.context().close();
  });

  journey('a stale token on a deep link goes to /login with returnUrl, and back there after signing in', async () => {
    const page = await j.open('/login');
    await page.evaluate(() => localStorage.setItem('yanbo.manageToken', 'stale-token-value'));
    await page.goto('/user');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('returnUrl') === '/user');
    await passwordLogin(page, ADMIN.mobile, ADMIN.password);
    await expectPath(page, '/user');
    await page.getByText(ADMIN.mobile).first().waitFor();
    await j.screenshot(page, 'user');
    await page.context().close();
  });

  journey('reset a lost password, then sign in with the new one', async () => {
    const page = await j.open('/lostpass');
    await page.getByPlaceholder(/手机号/).fill(NEW_MOBILE);
    await page.getByRole('button', { name: /获取验证码/ }).click();
    const code = await j.smsCode(NEW_MOBILE, 'lostpass');
    await page.getByPlaceholder(/验证码/).fill(code);
    await page.getByRole('button', { name: /下一步/ }).click();
    await page
      .getByPlaceholder(/新密码/)
      .first()
      .fill('reset-pass-456');
    await page.getByPlaceholder(/确认/).fill('reset-pass-456');
    await j.screenshot(page, 'lostpass');
    await page.getByRole('button', { name: /确\s*认|提\s*交|重置/ }).click();
    await expectPath(page, '/login');
    await passwordLogin(page, NEW_MOBILE, 'reset-pass-456');
    await expectPath(page, '/');
    await page.context().close();
  });

  journey('edit the profile on /user with the seed toast', async () => {
    const token = await j.apiLogin(ADMIN.mobile, ADMIN.password);
    const page = await j.open(`/user#access_token=${token}`);
    await page.getByText(ADMIN.mobile).first().waitFor();
    const contact = page.getByLabel(/联系人/);
    await contact.fill('演播管理员');
    await page
      .getByRole('button', { name: /保\s*存/ })
      .first()
      .click();
    await page.getByText('账号信息保存成功').waitFor();
    const me = await fetch(`${j.server.baseUrl}/api/agent/me`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(((await me.json()) as { contact: string }).contact, '演播管理员');
    await page.context().close();
  });

  journey(
    'upload an avatar through its policy, and bind then unbind WeChat through the sandbox authorize page',
    async () => {
      const token = await j.apiLogin(ADMIN.mobile, ADMIN.password);
      const page = await j.open(`/user#access_token=${token}`);
      await page.getByText(ADMIN.mobile).first().waitFor();
      await page.locator('input[type=file]').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: PNG });
      await page.getByText('账号信息保存成功').waitFor();
      const me = (await (
        await fetch(`${j.server.baseUrl}/api/agent/me`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as { avatar: string };
      assert.match(me.avatar, /^\/files\/agent\/\d+\/avatar\/.+\.png$/);
      assert.equal((await fetch(`${j.server.baseUrl}${me.avatar}`)).status, 200);

      await page.getByRole('tab', { name: '微信绑定' }).click();
      await page.getByRole('button', { name: /绑定微信/ }).click();
      await page.waitForURL(/\/sandbox\/wechat\/authorize/);
      await page.getByLabel('微信昵称').fill('演播测试号');
      await page.getByRole('button', { name: '同意授权' }).click();
      await page.getByText('设置成功').waitFor();
      await page.getByRole('tab', { name: '微信绑定' }).click();
      await page.getByText('已绑定微信：演播测试号').waitFor();
      assert.equal(new URL(page.url()).searchParams.get('code'), null);
      await j.screenshot(page, 'user-wechat-bound');
      await page.getByRole('button', { name: /解除绑定/ }).click();
      await page.getByRole('button', { name: /确\s*定/ }).click();
      await page.getByText('删除成功').waitFor();
      await page.getByRole('button', { name: /绑定微信/ }).waitFor();
      await page.context().close();
    },
  );
}

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
