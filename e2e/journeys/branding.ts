import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import type { DnsStandIn } from '../../apps/server/test/branding/dns-stand-in.ts';
import { ADMIN, answerTo, JOURNEY_CUSTOM_HOST, type Journey, journey } from '../harness.ts';

// The settings tabs as an agent uses them — the activity template, the login-page template, the customisation with
// a write-only secret and a payment certificate, the official account, promotion and the server IPs — and then /login
// opened on the agent's custom host showing that template, once its DNS TXT record has proved the host is the agent's
// (the browser maps the host to 127.0.0.1; the journeys' DNS stand-in answers the TXT lookup).

const SECRET = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
const PFX = path.join(import.meta.dirname, '../../apps/server/test/branding/apiclient_cert.p12');
export const BRANDING_SERVER_IPS = '203.0.113.10,203.0.113.11';
/** The DNS server the journeys' server asks (DNS_RESOLVER); run.ts starts it. */
export const brandingDns: { standIn?: DnsStandIn } = {};

/** A square PNG logo: a purple field with a white ring, made here so the journey needs no image files. */
function logoPng(size = 96): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) {
      const r = Math.hypot(x - size / 2, y - size / 2);
      const ring = r > size * 0.22 && r < size * 0.34;
      rows.push(...(ring ? [255, 255, 255] : [114, 46, 209]));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
}

export function brandingJourneys(j: Journey) {
  journey(
    'branding (设置): templates, customization with a write-only secret and certificate, authorisation, promotion and server IPs',
    async () => {
      const token = await j.apiLogin(ADMIN.mobile, ADMIN.password);
      const page = await j.open(`/settings#access_token=${token}`);

      // Activity template: the page title follows it.
      await page.getByLabel('平台名称').fill('星河直播平台');
      await page
        .getByRole('button', { name: /保\s*存/ })
        .first()
        .click();
      await page.getByText('保存成功').first().waitFor();
      await page.waitForFunction(() => document.title === '星河直播平台');
      // The header's brand says the same (issue 8: only the tab title changed).
      await page.getByTestId('header-brand').getByText('星河直播平台').waitFor();
      await j.screenshot(page, 'branding-template');

      // The template activity: chosen from the agent's activities by name.
      const created = await fetch(`${j.server.baseUrl}/api/activity`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: '星河样板活动' }),
      });
      assert.equal(created.status, 200);
      await page.getByRole('combobox').click();
      await page.keyboard.type('样板');
      await page.getByTitle(/星河样板活动/).click();
      await page.getByRole('button', { name: '设为模板活动' }).click();
      await page.getByText('设置成功').first().waitFor();
      await page
        .getByTestId('template-activity')
        .getByText(/星河样板活动/)
        .waitFor();

      // Login-page template: title, slogan, an uploaded logo and a colour; the preview follows the form.
      await openTab(page, '登录页模板');
      await page.getByLabel('登录页标题').fill('星河直播');
      await page.getByLabel('宣传语').fill('每一场都值得被看见');
      await page
        .locator('.ant-form-item')
        .filter({ hasText: '登录页 Logo' })
        .locator('input[type=file]')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
      await page.waitForFunction(() =>
        (document.querySelector('[data-testid="login-logo"]') as HTMLInputElement | null)?.value.includes('/files/'),
      );
      await page.locator('.ant-color-picker-trigger').click();
      const hex = page.locator('.ant-color-picker-input input').first();
      await hex.fill('722ED1');
      await hex.press('Enter');
      await page.keyboard.press('Escape');
      await page.getByTestId('login-preview').getByText('星河直播', { exact: true }).waitFor();
      // Its own answer, not the activity template's toast, which may still be showing.
      const saving = answerTo(page, 'PUT', /^\/agent\/template$/);
      await page
        .getByRole('button', { name: /保\s*存/ })
        .first()
        .click();
      assert.equal((await saving).status(), 200);
      await page.getByText('保存成功').first().waitFor();
      await j.screenshot(page, 'branding-login-template');

      // Customisation: each section answers in its own slot.
      await openTab(page, '自定义配置');
      const hostCard = page.getByTestId('custom-host');
      const hostInput = hostCard.getByPlaceholder('例如 live.example.com');
      const saveHost = () => hostCard.getByRole('button', { name: /保\s*存/ }).click();
      // localhost (or an IP address, or the platform's own host) would restyle the platform's own /login: refused.
      await hostInput.fill('localhost');
      await saveHost();
      await page.getByTestId('slot-host').getByText('自定义域名不能是 IP 地址、localhost 或平台自身的域名').waitFor();
      await hostInput.fill(JOURNEY_CUSTOM_HOST);
      await saveHost();
      await page.getByTestId('slot-host').getByText('保存成功').waitFor();
      // 待验证 until the TXT record the page shows is in DNS.
      await page.getByTestId('host-state').getByText('待验证').waitFor();
      await page.getByTestId('host-record-name').getByText(`_yanbo-verify.${JOURNEY_CUSTOM_HOST}`).waitFor();
      const verifyButton = hostCard.getByRole('button', { name: /验\s*证/ });
      await verifyButton.click();
      await page.getByTestId('slot-host').getByText('未查到验证用的 DNS TXT 记录', { exact: false }).waitFor();
      const recordValue = (await page.getByTestId('host-record-value').innerText()).trim();
      assert.match(recordValue, /^yanbo-verify=/);
      brandingDns.standIn?.records.set(`_yanbo-verify.${JOURNEY_CUSTOM_HOST}`, [[recordValue]]);
      await verifyButton.click();
      await page.getByTestId('slot-host').getByText('域名验证成功').waitFor();
      await page.getByTestId('host-state').getByText('已验证').waitFor();
      await j.screenshot(page, 'branding-custom-host-verified');

      const app = page.getByTestId('custom-apiAppId');
      await app.getByPlaceholder('wx 开头的 18 位 AppID').fill('wx0123456789abcdef');
      await app.getByPlaceholder('请输入 AppSecret').fill(SECRET);
      await app.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByTestId('slot-apiAppId').getByText('保存成功').waitFor();
      await page.getByTestId('secret-state').getByText('AppSecret 已设置').waitFor();
      await page.getByTestId('flag-login').getByText('已自定义').waitFor();
      assert.equal(await app.locator('input[type=password]').inputValue(), '');
      assert.equal(await app.getByPlaceholder('已设置，留空则保持不变').count(), 1);

      // A wrong certificate file: the error goes to the certificate's slot, not to a toast.
      const pfxInput = page.getByTestId('custom-payPfx').locator('input[type=file]');
      await pfxInput.setInputFiles({
        name: 'notes.p12',
        mimeType: 'application/x-pkcs12',
        buffer: Buffer.from('hello'),
      });
      await page.getByTestId('slot-payPfx').getByText('证书文件不是有效的 PKCS#12（.p12）文件').waitFor();
      assert.equal(await page.locator('.ant-message-error').count(), 0);
      await pfxInput.setInputFiles({
        name: 'apiclient_cert.p12',
        mimeType: 'application/x-pkcs12',
        buffer: await readFile(PFX),
      });
      await page.getByTestId('slot-payPfx').getByText('保存成功').waitFor();
      await page
        .getByTestId('pfx-state')
        .getByText(/已上传：apiclient_cert\.p12/)
        .waitFor();

      await page
        .getByTestId('custom-data')
        .getByPlaceholder(/模板 ID/)
        .fill('Tmpl_Xinghe-01');
      await page
        .getByTestId('custom-data')
        .getByRole('button', { name: /保\s*存/ })
        .click();
      await page.getByTestId('slot-data').getByText('保存成功').waitFor();
      await page.getByTestId('flag-template').getByText('已自定义').waitFor();
      await j.screenshot(page, 'branding-customization-slots');

      // After a reload the secret still shows as set, never its value.
      await page.reload();
      await page.getByTestId('secret-state').getByText('AppSecret 已设置').waitFor();
      assert.ok(!(await page.content()).includes(SECRET), 'the secret is never sent back');
      await j.screenshot(page, 'branding-customization');

      // Authorisation: the official account tab is the default one.
      await openTab(page, '授权设置');
      assert.equal(
        await page.getByRole('tab', { name: '公众号授权' }).getAttribute('aria-selected'),
        'true',
        'weChatAuth is the default tab',
      );
      await page.getByLabel('公众号名称').fill('星河直播服务号');
      await page.getByLabel('公众号 AppID').fill('wx00112233445566aa');
      await page.getByLabel('公众号 AppSecret').fill(SECRET);
      await page.getByRole('button', { name: /保存授权/ }).click();
      await page.getByText('配置成功').first().waitFor();
      await page.getByTestId('wechat-auth-status').getByText('已授权').waitFor();
      await j.screenshot(page, 'branding-auth');
      await page.getByRole('tab', { name: '观众信息授权' }).click();
      await page.getByRole('checkbox', { name: '手机号' }).check();
      await page
        .getByRole('button', { name: /保\s*存/ })
        .last()
        .click();
      await page.getByText('设置成功').first().waitFor();

      // Promotion: a link and its QR code.
      await openTab(page, '推广');
      await page
        .getByTestId('promote-link')
        .getByText(/\/signup\?promoter=/)
        .waitFor();
      await page.locator('#promote-qr canvas').waitFor();
      await j.screenshot(page, 'branding-promote');

      // Server IPs, each with a copy button.
      await openTab(page, '服务器 IP');
      const ips = page.getByTestId('server-ip');
      await ips.nth(BRANDING_SERVER_IPS.split(',').length - 1).waitFor();
      assert.deepEqual(await ips.allInnerTexts(), BRANDING_SERVER_IPS.split(','));
      await ips.first().getByRole('button').click();
      await page.getByText('复制成功').first().waitFor();
      await j.screenshot(page, 'branding-server-ips');
      await page.context().close();
    },
  );

  journey(
    '/login on the agent’s custom host shows its login template; the platform host shows the product’s own',
    async () => {
      const port = new URL(j.server.baseUrl).port;
      const page = await j.open('/login');
      await page.locator('[data-login-template="default"]').waitFor();
      await page.getByRole('heading', { name: '演播' }).waitFor();

      await page.goto(`http://${JOURNEY_CUSTOM_HOST}:${port}/login`);
      const layout = page.locator('[data-login-template="custom"]');
      await layout.waitFor();
      await page.getByRole('heading', { name: '星河直播' }).waitFor();
      await page.getByText('每一场都值得被看见').waitFor();
      const logo = await layout.locator('img').first().getAttribute('src');
      assert.match(logo ?? '', /^\/files\//);
      const button = await page
        .getByRole('button', { name: /登\s*录/ })
        .evaluate((node) => getComputedStyle(node).backgroundColor);
      assert.equal(button, 'rgb(114, 46, 209)');
      assert.equal(await page.title(), '星河直播');
      await j.screenshot(page, 'login-custom-host');
      await page.context().close();
    },
  );

  journey(
    'branding (设置): a sub-account sees every settings tab read-only, with a notice and no save buttons',
    async () => {
      const agent = await j.newAgent();
      const api = async (path: string, body: unknown) => {
        const response = await fetch(`${j.server.baseUrl}/api${path}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${agent.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        assert.equal(response.status, 200, await response.clone().text());
      };
      await api('/agent/activity/template', { title: '子账号看到的平台' });
      const staff = { username: `settings-staff-${agent.id}`, password: 'staff-pass-1' };
      const created = await fetch(`${j.server.baseUrl}/api/agent/subagent`, {
        method: 'POST',
        headers: { authorization: `Bearer ${agent.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...staff, remark: '运营同事' }),
      });
      assert.equal(created.status, 200, await created.text());
      const staffToken = await j.apiLogin(staff.username, staff.password);

      const page = await j.open(`/settings#access_token=${staffToken}`);
      await page.getByText('子账号只能查看设置，如需修改请使用主账号登录。').waitFor();
      // The parent's values are shown, in disabled fields, with nothing to save or reset.
      const title = page.getByLabel('平台名称');
      await title.waitFor();
      assert.equal(await title.inputValue(), '子账号看到的平台');
      assert.equal(await title.isDisabled(), true);
      for (const tab of ['活动模板', '登录页模板', '自定义配置', '授权设置']) {
        await openTab(page, tab);
        await page.getByRole('tab', { name: tab, exact: true, selected: true }).waitFor();
        // The tab's own fields have loaded, shown disabled, before anything is counted (a hidden tab's are not visible).
        await page.locator('.ant-card input[disabled], .ant-card textarea[disabled]').first().waitFor();
        assert.equal(await page.getByRole('button', { name: /保\s*存|重\s*置|恢复默认/ }).count(), 0, tab);
        const enabledInputs = await page
          .locator('.ant-card input:not([disabled]):not([type="hidden"]), .ant-card textarea:not([disabled])')
          .count();
        assert.equal(enabledInputs, 0, `${tab}: an input is editable`);
        if (tab === '活动模板') await j.screenshot(page, 'branding-subaccount-readonly');
      }
      await page.context().close();
    },
  );
}
