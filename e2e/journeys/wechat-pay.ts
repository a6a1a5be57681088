import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { wechatCallback, wechatPayStandIn } from '../../apps/server/test/providers/stand-ins.ts';
import { ADMIN, createJourney, type Journey, journey } from '../harness.ts';
import { freePort, startServer } from '../start-server.ts';

// Buy a package on /price with WeChat Pay (PAY_PROVIDER=wechat) against a local stand-in of its API v3: the console
// shows the order's code_url as a QR code, and once WeChat Pay notifies the server the page shows it paid.

const MCHID = '1900000109';
const APPID = 'wxd678efh567hg6787';
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PLATFORM_KEY_ID = 'PUB_KEY_ID_0119000001234567890';
const API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz012345';

export function wechatPayJourneys(j: Journey) {
  journey('buy a package with WeChat Pay: scan the QR code on /price, and the page shows it paid', async () => {
    const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const dir = await mkdtemp(path.join(tmpdir(), 'yanbo-e2e-wechatpay-'));
    const privateKeyPath = path.join(dir, 'apiclient_key.pem');
    const platformKeyPath = path.join(dir, 'pub_key.pem');
    await writeFile(privateKeyPath, merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    await writeFile(platformKeyPath, platform.publicKey.export({ type: 'spki', format: 'pem' }));
    const gateway = await wechatPayStandIn({
      mchid: MCHID,
      merchantSerial: MERCHANT_SERIAL,
      merchantPublicKey: merchant.publicKey,
      platformPrivateKey: platform.privateKey,
      platformSerial: PLATFORM_KEY_ID,
      answer: (request) =>
        request.path === '/v3/pay/transactions/native'
          ? { status: 200, body: { code_url: 'weixin://wxpay/bizpayurl?pr=journey0' } }
          : { status: 404, body: { code: 'ORDER_NOT_EXIST', message: '订单不存在' } },
    });
    const server = await startServer({
      ADMIN_MOBILE: ADMIN.mobile,
      ADMIN_PASSWORD: ADMIN.password,
      RTMP_PORT: String(await freePort()),
      RTMP_HOST: '127.0.0.1',
      PAY_PROVIDER: 'wechat',
      WECHAT_PAY_MCHID: MCHID,
      WECHAT_PAY_APPID: APPID,
      WECHAT_PAY_SERIAL_NO: MERCHANT_SERIAL,
      WECHAT_PAY_PRIVATE_KEY_PATH: privateKeyPath,
      WECHAT_PAY_API_V3_KEY: API_V3_KEY,
      WECHAT_PAY_PLATFORM_KEY_PATH: platformKeyPath,
      WECHAT_PAY_PLATFORM_SERIAL: PLATFORM_KEY_ID,
      WECHAT_PAY_NOTIFY_URL: 'https://console.example.com/api/pay/notify/wechat',
      WECHAT_PAY_BASE_URL: gateway.url,
    });
    try {
      const w = createJourney(server, j.browser);
      const buyer = await w.newAgent();
      const page = await w.open(`/price#access_token=${buyer.token}`);
      await page.getByTestId('package-100001').getByRole('button', { name: '立即购买' }).click();
      await page.getByRole('button', { name: '提交订单' }).click();

      // No redirect: the QR code of the order's code_url, over the result step that polls the order.
      const dialog = page.getByRole('dialog', { name: '微信扫码支付' });
      await dialog.getByTestId('pay-qr').waitFor();
      await dialog.getByText(/^应付金额 ¥\d+\.\d{2}，请使用微信扫一扫完成支付$/).waitFor();
      await page.getByText('等待支付结果…').waitFor();
      await w.screenshot(page, 'price-wechat-qr');
      assert.equal(gateway.refusals.length, 0, gateway.refusals.join(', '));
      const placed = gateway.received.find((request) => request.path === '/v3/pay/transactions/native');
      const order = placed?.body as { out_trade_no: string; amount: { total: number } };
      assert.equal(Number(order.out_trade_no), Number(new URL(page.url()).searchParams.get('orderId')));

      // The payer scans and pays: WeChat Pay notifies the server, and the page sees the order paid.
      const notification = wechatCallback(
        {
          mchid: MCHID,
          appid: APPID,
          out_trade_no: order.out_trade_no,
          transaction_id: '4200000000202611230000009999',
          trade_type: 'NATIVE',
          trade_state: 'SUCCESS',
          success_time: '2026-11-23T21:00:05+08:00',
          payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
          amount: { total: order.amount.total, payer_total: order.amount.total, currency: 'CNY' },
        },
        { apiV3Key: API_V3_KEY, platformPrivateKey: platform.privateKey, platformSerial: PLATFORM_KEY_ID },
      );
      const notified = await fetch(`${server.baseUrl}/api/pay/notify/wechat`, {
        method: 'POST',
        headers: { ...notification.headers, 'content-type': 'application/json' },
        body: notification.body,
      });
      assert.equal(notified.status, 200, await notified.clone().text());
      await page.getByText('支付成功').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await w.screenshot(page, 'price-wechat-paid');
    } finally {
      await server.stop();
      await gateway.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
}
