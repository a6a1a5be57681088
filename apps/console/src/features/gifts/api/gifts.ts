import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { GIFT_PAGE_SIZE, type GiftInput, type GiftUpdate, giftCalls } from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { giftTexts as t } from '../../../locales/zh-CN/gifts';

// /v3/agent/gift: list, add, edit and delete (seed 000 §7). Every change reloads the list.

export const giftListsKey = ['gifts'] as const;

export const giftListQuery = (page: number) =>
  queryOptions({
    queryKey: [...giftListsKey, page] as const,
    queryFn: ({ signal }) => api(giftCalls.listGifts, { query: { page, pageSize: GIFT_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export function useGiftMutations() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: giftListsKey });
  const create = useMutation({
    mutationFn: (body: GiftInput) => api(giftCalls.createGift, { body }),
    onSuccess: async () => {
      toastSuccess(t['gifts.toast.created']);
      await reload();
    },
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: GiftUpdate }) => api(giftCalls.updateGift, { params: { id }, body }),
    onSuccess: async (gift, { body }) => {
      const onlySwitch = Object.keys(body).length === 1 && body.enabled !== undefined;
      toastSuccess(
        onlySwitch ? (gift.enabled ? t['gifts.toast.enabled'] : t['gifts.toast.disabled']) : t['gifts.toast.saved'],
      );
      await reload();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(giftCalls.deleteGift, { params: { id } }),
    onSuccess: async () => {
      toastSuccess(t['gifts.toast.deleted']);
      await reload();
    },
  });
  return { create, update, remove };
}
