// Pure rules of buying a package: what a promotion code takes off, and what a paid package grants.

export interface Promotion {
  percentOff: number | null;
  /** fen */
  amountOff: number | null;
}

/** The price after a promotion code: percentOff first, then amountOff; an order is never free (one fen at least). */
export function discountedPrice(listPrice: number, promotion: Promotion | null): number {
  if (!promotion) return listPrice;
  let price = listPrice;
  if (promotion.percentOff) price = Math.round((price * (100 - promotion.percentOff)) / 100);
  if (promotion.amountOff) price -= promotion.amountOff;
  return Math.max(1, price);
}

// What a paid package grants is one rule shared with the console, which says it before the agent pays.
export {
  grantPackage,
  type PackageGrant as Grant,
  type PackageHolding as Holding,
} from '@yanbo/contracts';
