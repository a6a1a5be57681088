import { fenToYuan } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hmac, randomToken, safeEqual } from '../crypto.ts';
import { signToken, verifyToken } from '../signed-token.ts';
import { type PayProvider, payNotifyPath } from './pay-provider.ts';

// A stand-in for a WeChat-style pay gateway that behaves like one: a hosted pay page for each order (its link signed
// and expiring with the order), and on confirm or cancel a notification to the server, signed with an HMAC over the
// raw body exactly as a gateway's notify is, delivered before the payer is sent back to the console.

const CHECKOUT_PATH = '/sandbox/pay/checkout';
const CHECKOUT_PURPOSE = 'sandbox-pay-checkout';
const NOTIFY_PURPOSE = 'sandbox-pay-notify';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-pay-signature';

const checkoutPayload = z.object({
  orderId: z.number().int(),
  amount: z.number().int(),
  subject: z.string(),
  returnPath: z.string().startsWith('/'),
});

/** The body a sandbox notification carries, in the gateway's own field names. */
export const sandboxNotificationBody = z.object({
  outTradeNo: z.string().regex(/^\d{1,10}$/),
  tradeNo: z.string().min(8).max(64),
  tradeStatus: z.enum(['SUCCESS', 'CLOSED']),
  totalFee: z.number().int().positive(),
  timeEnd: z.string(),
});
export type SandboxNotificationBody = z.infer<typeof sandboxNotificationBody>;

/** The signature the sandbox gateway puts on a notification body. */
export const signSandboxNotification = (secretKey: string, rawBody: string) =>
  hmac(secretKey, `${NOTIFY_PURPOSE}:${rawBody}`);

export function createSandboxPayProvider(secretKey: string): PayProvider {
  return {
    name: 'sandbox',
    async checkoutUrl(checkout) {
      const { orderId, amount, subject, returnPath } = checkout;
      // The link lives as long as the order may be paid.
      const ttl = checkout.expiresAt.getTime() - Date.now();
      const { token } = signToken(secretKey, CHECKOUT_PURPOSE, { orderId, amount, subject, returnPath }, ttl);
      return `${CHECKOUT_PATH}?t=${encodeURIComponent(token)}`;
    },
    verifyNotification(headers, rawBody) {
      const signature = headers[SANDBOX_SIGNATURE_HEADER];
      if (typeof signature !== 'string' || !safeEqual(signature, signSandboxNotification(secretKey, rawBody))) {
        return null;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        return null;
      }
      const body = sandboxNotificationBody.safeParse(parsed);
      if (!body.success) return null;
      return {
        orderId: Number(body.data.outTradeNo),
        tradeNo: body.data.tradeNo,
        status: body.data.tradeStatus === 'SUCCESS' ? 'paid' : 'failed',
        amount: body.data.totalFee,
      };
    },
  };
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;background:#ededed;margin:0;display:flex;justify-content:center}
main{background:#fff;margin-top:8vh;padding:32px;border-radius:8px;width:340px;text-align:center}
h1{font-size:18px;margin:0 0 8px}p{color:#666;font-size:14px;margin:6px 0}.amount{font-size:34px;color:#111;margin:20px 0}
button{border:0;border-radius:4px;padding:11px;width:100%;font-size:16px;cursor:pointer;margin-top:12px}
.pay{background:#07c160;color:#fff}.cancel{background:#f2f2f2;color:#333}`;

function page(title: string, body: string) {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><style>${PAGE_STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const checkoutForm = z.object({ t: z.string().max(2000), action: z.enum(['pay', 'cancel']) });

/** The hosted pay page, and its form: confirm or cancel, notify the server, then return the payer to the console. */
export function registerSandboxPayPages(app: FastifyInstance, secretKey: string) {
  const invalid = page('支付（沙箱）', '<h1>支付链接无效或已过期</h1><p>请返回控制台重新下单</p>');

  app.get(CHECKOUT_PATH, { config: { auth: false }, schema: { hide: true } }, async (request, reply) => {
    const token = (request.query as { t?: unknown }).t;
    const payload = typeof token === 'string' ? verifyToken(secretKey, CHECKOUT_PURPOSE, token) : null;
    const checkout = checkoutPayload.safeParse(payload);
    if (!checkout.success) return reply.status(400).type('text/html; charset=utf-8').send(invalid);
    const { orderId, amount, subject } = checkout.data;
    return reply.type('text/html; charset=utf-8').send(
      page(
        '微信支付（沙箱）',
        `<h1>微信支付（沙箱）</h1><p>${escapeHtml(subject)}</p><p>订单号 ${orderId}</p>
<div class="amount">¥${fenToYuan(amount)}</div>
<form method="post" action="${CHECKOUT_PATH}"><input type="hidden" name="t" value="${escapeHtml(String(token))}">
<button class="pay" type="submit" name="action" value="pay">确认支付</button>
<button class="cancel" type="submit" name="action" value="cancel">取消支付</button></form>`,
      ),
    );
  });

  app.post(CHECKOUT_PATH, { config: { auth: false }, schema: { hide: true } }, async (request, reply) => {
    const form = checkoutForm.safeParse(request.body);
    const payload = form.success ? verifyToken(secretKey, CHECKOUT_PURPOSE, form.data.t) : null;
    const checkout = checkoutPayload.safeParse(payload);
    if (!form.success || !checkout.success) return reply.status(400).type('text/html; charset=utf-8').send(invalid);
    const { orderId, amount, returnPath } = checkout.data;
    const body = JSON.stringify({
      outTradeNo: String(orderId),
      tradeNo: `SBX${Date.now()}${randomToken(9)}`,
      tradeStatus: form.data.action === 'pay' ? 'SUCCESS' : 'CLOSED',
      totalFee: amount,
      timeEnd: new Date().toISOString(),
    } satisfies SandboxNotificationBody);
    // The gateway notifies the merchant's server before it shows the payer the way back.
    const notified = await app.inject({
      method: 'POST',
      url: payNotifyPath('sandbox'),
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signSandboxNotification(secretKey, body),
      },
      payload: body,
    });
    if (notified.statusCode !== 200) {
      request.log.warn({ orderId, status: notified.statusCode, body: notified.body }, 'sandbox pay notify refused');
      return reply
        .status(502)
        .type('text/html; charset=utf-8')
        .send(page('支付（沙箱）', '<h1>商户通知失败</h1><p>订单状态未变更，请返回控制台重试</p>'));
    }
    return reply.redirect(returnPath);
  });
}
