import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type RedPacketInput, rewardCalls } from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { rewardTexts as t } from '../../../locales/zh-CN/rewards';

// Red packets: the red-packet balance and its recharge (GET /v3/agent/red-pack/balance, POST .../recharge, paid at
// the pay provider's page), and the activity's packets (GET and POST /v3/activity/{id}/red-packets).

export const redPackBalanceQuery = () =>
  queryOptions({
    queryKey: ['rewards', 'balance'] as const,
    queryFn: ({ signal }) => api(rewardCalls.getRedPackBalance, { signal }),
  });

export const redPacketsQuery = (activityId: number) =>
  queryOptions({
    queryKey: ['rewards', activityId, 'red-packets'] as const,
    queryFn: ({ signal }) =>
      api(rewardCalls.listRedPackets, { params: { id: activityId }, query: { page: 1, pageSize: 20 }, signal }),
  });

export function useRedPacketMutations(activityId: number) {
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (body: RedPacketInput) => api(rewardCalls.sendRedPacket, { params: { id: activityId }, body }),
    onSuccess: () => {
      toastSuccess(t['rewards.toast.sent']);
      void queryClient.invalidateQueries({ queryKey: ['rewards'] });
    },
  });
  const recharge = useMutation({
    mutationFn: (amount: number) =>
      api(rewardCalls.rechargeRedPack, { body: { amount, returnPath: `/board/${activityId}/rewards` } }),
    onSuccess: (order) => {
      window.location.assign(order.payUrl);
    },
  });
  return { send, recharge };
}
