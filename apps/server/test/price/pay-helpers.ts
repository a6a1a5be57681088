import { API_PREFIX } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  SANDBOX_SIGNATURE_HEADER,
  type SandboxNotificationBody,
  signSandboxNotification,
} from '../../src/platform/pay/sandbox-pay-provider.ts';
import { call } from '../harness.ts';

/** The secret startApp configures; the sandbox gateway signs its notifications with it. */
export const TEST_SECRET = 'test-secret';

/** Goes through the sandbox pay page as a payer would: opens the order's url, then confirms or cancels. */
export async function payAtSandbox(app: FastifyInstance, url: string, action: 'pay' | 'cancel' = 'pay') {
  const page = await app.inject({ method: 'GET', url });
  expect(page.statusCode, page.body).toBe(200);
  expect(page.body).toContain('确认支付');
  const token = new URL(url, 'http://console.invalid').searchParams.get('t') ?? '';
  const submitted = await app.inject({
    method: 'POST',
    url: '/sandbox/pay/checkout',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ t: token, action }).toString(),
  });
  return { page, submitted };
}

let tradeCounter = 0;
/** A notification body as the sandbox gateway writes it. */
export function notificationBody(
  orderId: number,
  amount: number,
  overrides: Partial<SandboxNotificationBody> = {},
): SandboxNotificationBody {
  tradeCounter += 1;
  return {
    outTradeNo: String(orderId),
    tradeNo: `SBXTEST${String(tradeCounter).padStart(6, '0')}`,
    tradeStatus: 'SUCCESS',
    totalFee: amount,
    timeEnd: new Date().toISOString(),
    ...overrides,
  };
}

/** Posts a raw notification body to the sandbox notify endpoint, signed with `secret` (or a given signature). */
export async function notify(
  app: FastifyInstance,
  body: SandboxNotificationBody | string,
  options: { secret?: string; signature?: string } = {},
) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const signature = options.signature ?? signSandboxNotification(options.secret ?? TEST_SECRET, raw);
  const response = await app.inject({
    method: 'POST',
    url: `${API_PREFIX}/pay/notify/sandbox`,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
    payload: raw,
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers, text: response.body };
}

/** Places an order and answers its body (asserting 200). */
export async function placeOrder(
  app: FastifyInstance,
  token: string,
  body: { packageId: number; promotionCode?: string; activityId?: number },
) {
  const response = await call(app, 'POST', '/agent/order', { token, body });
  expect(response.status, response.text).toBe(200);
  return response.body as { orderId: number; amount: number; url: string; status: string };
}
