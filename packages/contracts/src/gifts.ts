import { z } from 'zod';
import { assetUrl } from './branding.ts';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, listOf, ok, pageQuery } from './common.ts';

// Global gifts (seed 000 §3, §7; issue 10): the gifts an agent's viewers send on the watch page, each with an icon and
// a price in fen (0: free). The agent orders them and switches each on or off; a deleted gift disappears from the
// list while gifts already sent keep its name.

export const GIFT_ERRORS = {
  giftNotFound: 'Gift Not Found',
  nameTaken: 'Gift name already existed',
  giftOrderNotFound: 'Gift Order Not Found',
  rateLimited: 'Too many gifts, try again later',
  viewerRequired: 'Viewer Not Found',
} as const;

export const GIFT_PAGE_SIZE = 20;
/** The dearest gift: 100,000 yuan. */
export const GIFT_MAX_PRICE = 10_000_000;

const giftName = z.string().trim().min(1, 'Name is required').max(20, 'Name must be at most 20 characters');
const giftIcon = assetUrl.refine((url) => url !== '', 'Icon is required');
const giftPrice = z
  .number()
  .int('Price must be in whole fen')
  .min(0, 'Price must not be negative')
  .max(GIFT_MAX_PRICE, 'Price must be at most 100000 yuan');
const giftSort = z.number().int().min(0).max(9_999);

export const gift = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  /** In fen; 0 is a free gift. */
  price: z.number().int(),
  enabled: z.boolean(),
  /** Smaller first on the watch page. */
  sort: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type Gift = z.infer<typeof gift>;
export const giftList = listOf(gift);
export type GiftList = z.infer<typeof giftList>;

export const giftListQuery = pageQuery(GIFT_PAGE_SIZE);
export const giftInput = z.object({
  name: giftName,
  icon: giftIcon,
  price: giftPrice,
  enabled: z.boolean().default(true),
  sort: giftSort.default(0),
});
export type GiftInput = z.input<typeof giftInput>;
export const giftUpdate = z.object({
  name: giftName.optional(),
  icon: giftIcon.optional(),
  price: giftPrice.optional(),
  enabled: z.boolean().optional(),
  sort: giftSort.optional(),
});
export type GiftUpdate = z.input<typeof giftUpdate>;

export const giftCalls = defineCalls('gifts', {
  listGifts: {
    method: 'GET',
    path: '/v3/agent/gift',
    summary: 'The agent’s gifts, in their order on the watch page',
    access: 'signedIn',
    query: giftListQuery,
    response: giftList,
  },
  createGift: {
    method: 'POST',
    path: '/v3/agent/gift',
    summary: 'Add a gift',
    access: 'mainAccount',
    body: giftInput,
    response: gift,
  },
  updateGift: {
    method: 'PUT',
    path: '/v3/agent/gift/:id',
    summary: 'Change a gift’s name, icon, price, order or switch',
    access: 'mainAccount',
    params: idParams,
    body: giftUpdate,
    response: gift,
  },
  deleteGift: {
    method: 'DELETE',
    path: '/v3/agent/gift/:id',
    summary: 'Delete a gift (gifts already sent keep its name)',
    access: 'mainAccount',
    params: idParams,
    response: ok,
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Sending gifts on the watch page (issue 10). A viewer (its watch-page cookie) picks one of the activity's agent's
// enabled gifts: a free one is sent at once, a paid one becomes a gift order paid on the pay provider's page, and is
// sent when the provider's notification says it was paid. Every gift sent goes to the chat as a `gift` message, and
// counts towards the activity's top-gift rank (the viewers who gave the most, by value, then by count, then first).

/** The most of one gift sent at once. */
export const GIFT_SEND_MAX_COUNT = 99;
/** Free gifts one viewer may send to one activity per window; past it they are refused, not stored. */
export const FREE_GIFT_RATE = { max: 10, windowMs: 60_000 } as const;
/** Unpaid gift orders one viewer may open on one activity per window. */
export const GIFT_ORDER_RATE = { max: 10, windowMs: 60_000 } as const;
/** A gift order may be paid for this long. */
export const GIFT_ORDER_TTL_MINUTES = 15;
/** The top-gift list shows 10, its download 100 ranks (seed 001 §9, global constants). */
export const TOP_GIFT_LIMIT = 10;
export const TOP_GIFT_RANKS = 100;
/** Gifts sent, per page of the console's list. */
export const SENT_GIFT_PAGE_SIZE = 10;

/** A gift as the watch page offers it. */
export const watchGift = gift.pick({ id: true, name: true, icon: true, price: true });
export type WatchGift = z.infer<typeof watchGift>;
export const watchGiftList = z.object({ items: z.array(watchGift) });
export type WatchGiftList = z.infer<typeof watchGiftList>;

export const giftSendInput = z.object({
  giftId: id,
  count: z
    .number()
    .int('Count must be a whole number')
    .min(1, 'Count must be at least 1')
    .max(GIFT_SEND_MAX_COUNT, `Count must be at most ${GIFT_SEND_MAX_COUNT}`)
    .default(1),
  /** The viewer's chat nickname; blank is 观众 and the first letters of its id. */
  nickname: z.string().trim().max(30, 'Nickname must be at most 30 characters').default(''),
});
export type GiftSendInput = z.input<typeof giftSendInput>;

/** One gift sent, as the chat and the console show it. */
export const sentGift = z.object({
  id: z.number().int(),
  giftId: z.number().int(),
  name: z.string(),
  icon: z.string(),
  /** fen, each */
  price: z.number().int(),
  count: z.number().int(),
  /** fen, price × count */
  amount: z.number().int(),
  nickname: z.string(),
  userId: z.string(),
  createdAt: isoDateTime,
});
export type SentGift = z.infer<typeof sentGift>;
export const sentGiftList = listOf(sentGift);
export type SentGiftList = z.infer<typeof sentGiftList>;
export const sentGiftQuery = pageQuery(SENT_GIFT_PAGE_SIZE);

/** A free gift answers it sent; a paid one, where it is paid (the pay provider's page). */
export const giftSendResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('sent'), gift: sentGift }),
  z.object({ status: z.literal('pay'), orderId: z.number().int(), url: z.string() }),
]);
export type GiftSendResult = z.infer<typeof giftSendResult>;

export const giftOrderParams = z.object({ id, orderId: id });
export const giftOrderStatus = z.object({
  orderId: z.number().int(),
  status: z.enum(['init', 'paid', 'failed']),
  amount: z.number().int(),
});
export type GiftOrderStatus = z.infer<typeof giftOrderStatus>;

export const topGiftQuery = z.object({
  limit: z.coerce.number().int().min(1).max(TOP_GIFT_RANKS).default(TOP_GIFT_LIMIT),
});
export const topGiftEntry = z.object({
  rank: z.number().int(),
  userId: z.string(),
  nickname: z.string(),
  /** fen, the value of every gift the viewer sent */
  amount: z.number().int(),
  count: z.number().int(),
  lastSentAt: isoDateTime,
});
export type TopGiftEntry = z.infer<typeof topGiftEntry>;
export const topGiftList = z.object({ items: z.array(topGiftEntry) });
export type TopGiftList = z.infer<typeof topGiftList>;
/** The rank as the watch page's rank tab shows it: names and totals, never a viewer's id. */
export const watchTopGiftList = z.object({
  items: z.array(topGiftEntry.pick({ rank: true, nickname: true, amount: true, count: true })),
});
export type WatchTopGiftList = z.infer<typeof watchTopGiftList>;

export const giftSendCalls = defineCalls('gifts', {
  listWatchGifts: {
    method: 'GET',
    path: '/watch/:id/gift',
    summary: 'The gifts a viewer may send on the activity: its agent’s enabled gifts, in order',
    access: 'public',
    params: idParams,
    response: watchGiftList,
  },
  sendWatchGift: {
    method: 'POST',
    path: '/watch/:id/gift',
    summary: 'Send a gift: a free one at once, a paid one answers where it is paid',
    access: 'public',
    params: idParams,
    body: giftSendInput,
    response: giftSendResult,
  },
  getWatchGiftOrder: {
    method: 'GET',
    path: '/watch/:id/gift/order/:orderId',
    summary: 'The viewer’s own gift order: paid, failed or still to pay',
    access: 'public',
    params: giftOrderParams,
    response: giftOrderStatus,
  },
  listWatchTopGifts: {
    method: 'GET',
    path: '/watch/:id/top-gift',
    summary: 'The activity’s top 10 givers, as the watch page’s rank tab shows them',
    access: 'public',
    params: idParams,
    response: watchTopGiftList,
  },
  listSentGifts: {
    method: 'GET',
    path: '/v3/activity/:id/gift',
    summary: 'The gifts sent in an activity, newest first',
    access: 'signedIn',
    params: idParams,
    query: sentGiftQuery,
    response: sentGiftList,
  },
  listTopGifts: {
    method: 'GET',
    path: '/v3/activity/:id/top-gift',
    summary: 'The viewers who gave the most in an activity (top 10 by default, at most 100)',
    access: 'signedIn',
    params: idParams,
    query: topGiftQuery,
    response: topGiftList,
  },
});
