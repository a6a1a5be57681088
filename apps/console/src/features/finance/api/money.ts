import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type agentCardInput,
  type approveInput,
  financeMoneyCalls,
  type outflowInput,
  type PayConfig,
  WITHDRAW_PAGE_SIZE,
  type WithdrawalReview,
  type withdrawInput,
} from '@yanbo/contracts';
import type { z } from 'zod';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { financeTexts as t } from '../../../locales/zh-CN/finance';

// The money-moving calls of /financial (issue 13): balance, bank accounts, withdrawals and outflows, recharge and its
// result, and the review of the lower agents' withdrawals. A mutation reloads what it changed (seed 001 §4).

const moneyKey = ['finance', 'money'] as const;

export const balanceQuery = () =>
  queryOptions({
    queryKey: [...moneyKey, 'balance'] as const,
    queryFn: ({ signal }) => api(financeMoneyCalls.getBalance, { signal }),
  });

export const cardsQuery = () =>
  queryOptions({
    queryKey: [...moneyKey, 'cards'] as const,
    queryFn: ({ signal }) => api(financeMoneyCalls.listCards, { signal }),
  });

export const cashListQuery = (page: number) =>
  queryOptions({
    queryKey: [...moneyKey, 'cash', page] as const,
    queryFn: ({ signal }) =>
      api(financeMoneyCalls.listWithdrawals, { query: { page, pageSize: WITHDRAW_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export const reviewQuery = (page: number, status: WithdrawalReview['status'] | undefined) =>
  queryOptions({
    queryKey: ['finance', 'review', page, status ?? 'all'] as const,
    queryFn: ({ signal }) =>
      api(financeMoneyCalls.listWithdrawalReviews, {
        query: { page, pageSize: WITHDRAW_PAGE_SIZE, ...(status ? { status } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The result page polls a recharge until it is paid or failed. */
export const rechargeResultQuery = (agentId: number, orderId: number) =>
  queryOptions({
    queryKey: ['finance', 'recharge', orderId] as const,
    queryFn: ({ signal }) =>
      api(financeMoneyCalls.getRechargeResult, { params: { id: agentId }, query: { orderId }, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'init' || !query.state.data ? 2_000 : false),
  });

export const payConfigQuery = (activityId: number) =>
  queryOptions({
    queryKey: ['finance', 'pay-config', activityId] as const,
    queryFn: ({ signal }) => api(financeMoneyCalls.getPayConfig, { params: { id: activityId }, signal }),
  });

export function useMoneyMutations() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: moneyKey });
  const sendCardSms = useMutation({
    mutationFn: (mobile: string) => api(financeMoneyCalls.sendCardSms, { body: { mobile } }),
    onSuccess: () => toastSuccess(t['finance.card.smsSent']),
  });
  // Each modal closes first, then reloads what changed (seed 001 §4), so these leave the reload to the caller.
  const addCard = useMutation({
    mutationFn: (body: z.input<typeof agentCardInput>) => api(financeMoneyCalls.addCard, { body }),
    onSuccess: () => toastSuccess(t['finance.card.added']),
  });
  const withdraw = useMutation({
    mutationFn: (body: z.input<typeof withdrawInput>) => api(financeMoneyCalls.withdraw, { body }),
    // Seed 001 §4: the withdrawal modal closes and 提交成功 shows.
    onSuccess: () => toastSuccess(t['finance.withdraw.submitted']),
  });
  const outflow = useMutation({
    mutationFn: (args: { agentId: number; body: z.input<typeof outflowInput> }) =>
      api(financeMoneyCalls.createOutflow, { params: { id: args.agentId }, body: args.body }),
    onSuccess: () => toastSuccess(t['finance.withdraw.submitted']),
  });
  const recharge = useMutation({
    mutationFn: (args: { agentId: number; amount: number }) =>
      api(financeMoneyCalls.createRechargeOrder, {
        params: { id: args.agentId },
        body: { amount: args.amount, returnPath: '/financial?tab=account' },
      }),
    onSuccess: (order) => window.location.assign(order.payUrl),
  });
  return { sendCardSms, addCard, withdraw, outflow, recharge, reload };
}

export function useReviewMutations() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: ['finance', 'review'] });
  const approve = useMutation({
    mutationFn: (args: { id: number; body: z.input<typeof approveInput> }) =>
      api(financeMoneyCalls.approveWithdrawal, { params: { id: args.id }, body: args.body }),
    onSuccess: () => {
      toastSuccess(t['finance.review.approved']);
      void reload();
    },
  });
  const reject = useMutation({
    mutationFn: (id: number) => api(financeMoneyCalls.rejectWithdrawal, { params: { id }, body: {} }),
    onSuccess: () => {
      toastSuccess(t['finance.review.rejected']);
      void reload();
    },
  });
  return { approve, reject };
}

export function usePayConfigMutation(activityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { enabled: boolean; price?: number }) =>
      api(financeMoneyCalls.updatePayConfig, { params: { id: activityId }, body }),
    onSuccess: (saved: PayConfig) => {
      toastSuccess(t['finance.payConfig.saved']);
      queryClient.setQueryData(payConfigQuery(activityId).queryKey, saved);
    },
  });
}
