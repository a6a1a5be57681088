import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ActivityShopInput,
  activityCalls,
  PRODUCT_PAGE_SIZE,
  type ProductInput,
  productCalls,
  SHOP_ORDER_PAGE_SIZE,
  SHOP_PAGE_SIZE,
} from '@yanbo/contracts';
import { ApiError, api, errorText } from '../../../app/http';
import { productErrorTexts } from '../../../locales/zh-CN/products';

// The product library, the activities' shops, the presented product and the shop orders (seed 001 §7 "Products").
// Seed 001 §8: a product action's failure goes to its caller (the page shows it), so every mutation here is silent
// for the global toast and rejects to the caller.

export const productsKey = ['products'] as const;
const silent = { silent: true } as const;

export interface ProductFilters {
  page: number;
  name?: string;
}

export const productListQuery = (filters: ProductFilters) =>
  queryOptions({
    queryKey: [...productsKey, 'list', filters] as const,
    queryFn: ({ signal }) =>
      api(productCalls.listProducts, {
        query: { page: filters.page, pageSize: PRODUCT_PAGE_SIZE, name: filters.name },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const productQuery = (id: number) =>
  queryOptions({
    queryKey: [...productsKey, id] as const,
    queryFn: ({ signal }) => api(productCalls.getProduct, { params: { id }, signal }),
  });

/** Products to add to a shop, searched by name (the first 100). */
export const productOptionsQuery = (name: string) =>
  queryOptions({
    queryKey: [...productsKey, 'options', name] as const,
    queryFn: ({ signal }) =>
      api(productCalls.listProducts, { query: { page: 1, pageSize: 100, name: name || undefined }, signal }),
    placeholderData: keepPreviousData,
  });

export const shopListQuery = (page: number, activityId?: number) =>
  queryOptions({
    queryKey: [...productsKey, 'shops', page, activityId] as const,
    queryFn: ({ signal }) =>
      api(productCalls.listActivityShops, { query: { page, pageSize: SHOP_PAGE_SIZE, activityId }, signal }),
    placeholderData: keepPreviousData,
  });

export const shopQuery = (activityId: number, shopId: number) =>
  queryOptions({
    queryKey: [...productsKey, 'shop', activityId, shopId] as const,
    queryFn: ({ signal }) => api(productCalls.getActivityShop, { params: { id: activityId, shopId }, signal }),
  });

export const pushQuery = (activityId: number) =>
  queryOptions({
    queryKey: [...productsKey, 'push', activityId] as const,
    queryFn: ({ signal }) => api(productCalls.getProductPush, { params: { id: activityId }, signal }),
  });

export const shopOrdersQuery = (activityId: number, page: number) =>
  queryOptions({
    queryKey: [...productsKey, 'orders', activityId, page] as const,
    queryFn: ({ signal }) =>
      api(productCalls.listShopOrders, {
        params: { id: activityId },
        query: { page, pageSize: SHOP_ORDER_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Activities to open a shop for, searched by name (the first 100). */
export const activityOptionsQuery = (name: string) =>
  queryOptions({
    queryKey: [...productsKey, 'activity-options', name] as const,
    queryFn: ({ signal }) => api(activityCalls.listActivities, { query: { name, page: 1, pageSize: 100 }, signal }),
    placeholderData: keepPreviousData,
  });

/** The text for a product failure: the products' own texts by message (after a validation's `field: `), else the usual. */
export async function productErrorText(error: unknown): Promise<string> {
  if (error instanceof ApiError) {
    const text = productErrorTexts[error.message.replace(/^[\w.]+: /, '')];
    if (text) return text;
  }
  return errorText(error);
}

export function useProductMutations() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: productsKey });
  const create = useMutation({
    mutationFn: (body: ProductInput) => api(productCalls.createProduct, { body }),
    meta: silent,
    onSuccess: reload,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProductInput }) =>
      api(productCalls.updateProduct, { params: { id }, body }),
    meta: silent,
    onSuccess: reload,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(productCalls.deleteProduct, { params: { id } }),
    meta: silent,
    onSuccess: reload,
  });
  const removeMany = useMutation({
    mutationFn: (ids: number[]) => api(productCalls.deleteProducts, { body: { ids } }),
    meta: silent,
    onSuccess: reload,
  });
  return { create, update, remove, removeMany };
}

export function useShopMutations() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: productsKey });
  const create = useMutation({
    mutationFn: ({ activityId, body }: { activityId: number; body: ActivityShopInput }) =>
      api(productCalls.createActivityShop, { params: { id: activityId }, body }),
    meta: silent,
    onSuccess: reload,
  });
  const update = useMutation({
    mutationFn: ({ activityId, shopId, body }: { activityId: number; shopId: number; body: ActivityShopInput }) =>
      api(productCalls.updateActivityShop, { params: { id: activityId, shopId }, body }),
    meta: silent,
    onSuccess: reload,
  });
  const remove = useMutation({
    mutationFn: ({ activityId, shopId }: { activityId: number; shopId: number }) =>
      api(productCalls.deleteActivityShop, { params: { id: activityId, shopId } }),
    meta: silent,
    onSuccess: reload,
  });
  const push = useMutation({
    mutationFn: ({ activityId, productId }: { activityId: number; productId: number }) =>
      api(productCalls.pushProduct, { params: { id: activityId }, body: { productId } }),
    meta: silent,
    onSuccess: reload,
  });
  const withdraw = useMutation({
    mutationFn: (activityId: number) => api(productCalls.withdrawProductPush, { params: { id: activityId } }),
    meta: silent,
    onSuccess: reload,
  });
  const ship = useMutation({
    mutationFn: ({ activityId, orderId }: { activityId: number; orderId: number }) =>
      api(productCalls.shipShopOrder, { params: { id: activityId, orderId } }),
    meta: silent,
    onSuccess: reload,
  });
  return { create, update, remove, push, withdraw, ship };
}
