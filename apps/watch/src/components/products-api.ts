import { type ShopOrderInput, watchShopCalls } from '@yanbo/contracts/products';
import { api } from '../watch-api';

// The viewer's shop calls: the activity's shop, the presented product, and its own orders (the viewer is its cookie).

export const fetchShop = (id: number, shopId: number | null) =>
  api(watchShopCalls.getWatchShop, { params: { id }, query: { shopId: shopId ?? undefined } });
export const fetchProductPush = (id: number) => api(watchShopCalls.getWatchProductPush, { params: { id } });
export const placeShopOrder = (id: number, productId: number, body: ShopOrderInput) =>
  api(watchShopCalls.createShopOrder, { params: { id, productId }, body });
export const fetchShopOrder = (id: number, orderId: number) =>
  api(watchShopCalls.getWatchShopOrder, { params: { id, orderId } });
