import {
  SANDBOX_SIGNATURE_HEADER,
  signSandboxNotification,
} from '../apps/server/src/platform/pay/sandbox-pay-provider.ts';
import { withBenchServer } from './bench-server.ts';
import { writeSection } from './readme-section.ts';

// The shop's last items: BUYERS viewers' orders of a product with STOCK left, all paid at the same moment (their
// notifications sent at once through the real route, on PostgreSQL), sell exactly STOCK and never take the stock below
// zero; the rest are kept for their buyers. Beside it, in the same run, as many paid gift orders notified at once (the
// same pay path and ledger txn without a stock to take): the price of the stock's row lock.

const BUYERS = Number(process.env.BENCH_SHOP_BUYERS ?? 500);
const STOCK = Number(process.env.BENCH_SHOP_STOCK ?? 50);
const PRICE = 990;
const SECRET = 'bench-shop-secret';
const ADMIN = { mobile: '13800000013', password: 'bench-pass-1' };

export async function benchShopLastItems() {
  await withBenchServer('shop-last-items', { admin: ADMIN, secretKey: SECRET }, async (server) => {
    const { call, sql: pool, agentId } = server;
    const base = `${server.baseUrl}/api`;
    const activity = await call<{ id: number }>('POST', '/activity', { name: '基准直播间' });
    const product = await call<{ id: number }>('POST', '/v3/agent/product', {
      name: '限量款',
      pictures: ['/files/bench.png'],
      price: PRICE,
      stock: STOCK,
      buyMode: 'platform',
    });
    await call('POST', `/v3/activity/${activity.id}/product`, { productIds: [product.id] });
    const gift = await call<{ id: number }>('POST', '/v3/agent/gift', {
      name: '玫瑰',
      icon: '/files/g.png',
      price: PRICE,
    });

    // The orders, written as the watch page's order routes write them (one viewer each, the sandbox provider).
    const expiresAt = new Date(Date.now() + 15 * 60_000);
    const shopOrders = await pool.query<{ id: number }>(
      `insert into shop_orders (agent_id, activity_id, product_id, viewer_id, product_name, product_cover, price, count,
         amount, buyer_name, buyer_mobile, buyer_address, pay_provider, expires_at)
       select $1, $2, $3, 'viewer-' || n, '限量款', '/files/bench.png', $4, 1, $4, '买家', '13800138000', '上海', 'sandbox', $5
       from generate_series(1, $6) n returning id`,
      [agentId, activity.id, product.id, PRICE, expiresAt, BUYERS],
    );
    const giftOrders = await pool.query<{ id: number }>(
      `insert into gift_orders (agent_id, activity_id, gift_id, viewer_id, nickname, gift_name, gift_icon, price, count,
         amount, pay_provider, expires_at)
       select $1, $2, $3, 'viewer-' || n, '观众', '玫瑰', '/files/g.png', $4, 1, $4, 'sandbox', $5
       from generate_series(1, $6) n returning id`,
      [agentId, activity.id, gift.id, PRICE, expiresAt, BUYERS],
    );

    const notify = async (orderId: number, tradeNo: string) => {
      const raw = JSON.stringify({
        outTradeNo: String(orderId),
        tradeNo,
        tradeStatus: 'SUCCESS',
        totalFee: PRICE,
        timeEnd: new Date().toISOString(),
      });
      const response = await fetch(`${base}/pay/notify/sandbox`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signSandboxNotification(SECRET, raw),
        },
        body: raw,
      });
      return ((await response.json()) as { outcome?: string }).outcome ?? `HTTP ${response.status}`;
    };
    const payAll = async (ids: number[], prefix: string) => {
      const started = performance.now();
      const outcomes = await Promise.all(ids.map((id) => notify(id, `${prefix}${id}`)));
      return { ms: performance.now() - started, outcomes };
    };

    // The baseline first, so the shop's payments do not run on a warmer server than the gifts'.
    const gifts = await payAll(
      giftOrders.rows.map((row) => row.id),
      'SBXGIFT',
    );
    const shop = await payAll(
      shopOrders.rows.map((row) => row.id),
      'SBXSHOP',
    );

    const counts = await pool.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from shop_orders where product_id = $1 group by status',
      [product.id],
    );
    const byStatus = Object.fromEntries(counts.rows.map((row) => [row.status, row.n]));
    const left = await pool.query<{ stock: number; sold: number }>('select stock, sold from products where id = $1', [
      product.id,
    ]);
    const check = await call<{ ok: boolean; problems: unknown[] }>('GET', '/v3/agent/ledger-check');
    const credited = (outcomes: string[]) => outcomes.filter((outcome) => outcome === 'credited').length;
    const { stock, sold } = left.rows[0] ?? { stock: -1, sold: -1 };
    if (
      (byStatus.paid ?? 0) !== STOCK ||
      (byStatus.soldOut ?? 0) !== BUYERS - STOCK ||
      stock !== 0 ||
      sold !== STOCK ||
      !check.ok ||
      credited(gifts.outcomes) !== BUYERS
    ) {
      throw new Error(
        `shop-last-items: ${JSON.stringify(byStatus)}, stock ${stock}, sold ${sold}, ledger ${JSON.stringify(check.problems)}`,
      );
    }

    const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000);
    const lines = [
      '## The shop’s last items',
      '',
      `${BUYERS} viewers’ orders of one product with ${STOCK} left, their pay notifications sent at the same moment`,
      'through `POST /api/pay/notify/sandbox` on PostgreSQL, beside as many paid gift orders notified at once in the same',
      'run (the same pay path and ledger txn, no stock to take). Run with `npm run bench -- shop-last-items`.',
      '',
      '| figure | value |',
      '|---|---|',
      `| orders paid / sold out (kept for the buyer) / other | ${byStatus.paid ?? 0} / ${byStatus.soldOut ?? 0} / ${
        BUYERS - (byStatus.paid ?? 0) - (byStatus.soldOut ?? 0)
      } |`,
      `| stock after / sold | ${stock} / ${sold} |`,
      `| ledger check | ${check.ok ? 'one (every txn balanced, sales = paid orders)' : 'problems'} |`,
      `| shop payments per second | ${perSecond(BUYERS, shop.ms)} (${Math.round(shop.ms)} ms) |`,
      `| paid gift payments per second (baseline) | ${perSecond(BUYERS, gifts.ms)} (${Math.round(gifts.ms)} ms) |`,
      `| shop ÷ gift payment time | ${(shop.ms / gifts.ms).toFixed(2)}× |`,
      '',
      'A shop payment takes the product’s row only while enough is left (a racing payment waits for the row, then finds',
      'it short and keeps the money for its buyer), in the same transaction as the order and its ledger txn; the ratio is',
      'the figure, absolute times on the shared 2-core machine are noise.',
    ];
    console.log(lines.join('\n'));
    await writeSection('shop-last-items', lines.join('\n'));
  });
}
