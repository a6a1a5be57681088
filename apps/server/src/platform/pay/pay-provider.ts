import { API_PREFIX } from '@yanbo/contracts';

/** What the payer is asked to pay, and where the browser returns afterwards (a same-site path). */
export interface PayCheckout {
  orderId: number;
  /** fen */
  amount: number;
  subject: string;
  returnPath: string;
  expiresAt: Date;
}

/** A gateway's notification, once its signature has been verified. */
export interface PayNotification {
  orderId: number;
  /** The gateway's own transaction id: unique per payment, the same on every retry of its notification. */
  tradeNo: string;
  status: 'paid' | 'failed';
  /** fen */
  amount: number;
}

/** A payment gateway (seed 000 §4: buying answers a url the browser is sent to). A real gateway implements the same. */
export interface PayProvider {
  readonly name: string;
  /**
   * Where this order is paid: a pay page the browser is sent to, or a `weixin://` code_url (WeChat Pay Native) that
   * the console shows as a QR code for the payer's phone. Rejects with a PayGatewayError when the gateway refuses.
   */
  checkoutUrl(checkout: PayCheckout): Promise<string>;
  /** The notification in a gateway callback, or null when its signature does not verify or it is malformed. */
  verifyNotification(headers: Record<string, string | string[] | undefined>, rawBody: string): PayNotification | null;
  /** The order as the gateway knows it, when the gateway can be asked: settled, or null while still open. */
  queryOrder?(orderId: number): Promise<PayNotification | null>;
}

/** The gateway refused a call or could not be reached; `vendorCode` is its own code, for the log. */
export class PayGatewayError extends Error {
  readonly vendorCode: string;
  constructor(vendorCode: string, detail: string) {
    super(`pay gateway refused (${vendorCode}): ${detail}`);
    this.name = 'PayGatewayError';
    this.vendorCode = vendorCode;
  }
}

/** Where a provider posts its notifications (outside the session: the gateway signs them instead). */
export const payNotifyPath = (provider: string) => `${API_PREFIX}/pay/notify/${provider}`;
