import { z } from 'zod';
import { assetUrl } from './branding.ts';
import { defineCalls } from './call.ts';
import { idParams, isoDateTime, listOf, ok, pageQuery } from './common.ts';

// Global gifts (seed 000 §3, §7; issue 10): the gifts an agent's viewers send on the watch page, each with an icon and
// a price in fen (0: free). The agent orders them and switches each on or off; a deleted gift disappears from the
// list while gifts already sent keep its name.

export const GIFT_ERRORS = {
  giftNotFound: 'Gift Not Found',
  nameTaken: 'Gift name already existed',
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
