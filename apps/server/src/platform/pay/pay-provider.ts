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
  /** The gateway's pay page for this order. */
  checkoutUrl(checkout: PayCheckout): string;
  /** The notification in a gateway callback, or null when its signature does not verify or it is malformed. */
  verifyNotification(headers: Record<string, string | string[] | undefined>, rawBody: string): PayNotification | null;
}

/** Where a provider posts its notifications (outside the session: the gateway signs them instead). */
export const payNotifyPath = (provider: string) => `${API_PREFIX}/pay/notify/${provider}`;
