import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { extensionCalls, rewardCalls } from '@yanbo/contracts';
import { toastSuccess } from '../../../app/feedback';
import { api } from '../../../app/http';
import { rewardTexts as t } from '../../../locales/zh-CN/rewards';

// The lottery: its settings are the lottery extension's (/v3/activity/{id}/extension/lottery), its draws
// POST /v3/activity/{id}/lottery/draw and the history GET /v3/activity/{id}/lottery/draws.

export const lotteryKey = (activityId: number) => ['rewards', activityId, 'lottery'] as const;

export const lotteryExtensionQuery = (activityId: number) =>
  queryOptions({
    queryKey: [...lotteryKey(activityId), 'extension'] as const,
    queryFn: ({ signal }) =>
      api(extensionCalls.getExtension, { params: { id: activityId, identity: 'lottery' }, signal }),
  });

export const lotteryDrawsQuery = (activityId: number) =>
  queryOptions({
    queryKey: [...lotteryKey(activityId), 'draws'] as const,
    queryFn: ({ signal }) =>
      api(rewardCalls.listLotteryDraws, { params: { id: activityId }, query: { page: 1, pageSize: 20 }, signal }),
  });

export function useLotteryMutations(activityId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: lotteryKey(activityId) });
  const save = useMutation({
    mutationFn: async (values: { settings: Record<string, unknown>; enabled: boolean }) => {
      await api(extensionCalls.saveExtensionSettings, {
        params: { id: activityId, identity: 'lottery' },
        body: values.settings,
      });
      return api(extensionCalls.runExtensionAction, {
        params: { id: activityId, identity: 'lottery', action: values.enabled ? 'enable' : 'disable' },
      });
    },
    onSuccess: () => {
      toastSuccess(t['rewards.toast.saved']);
      void refresh();
    },
  });
  const draw = useMutation({
    mutationFn: () => api(rewardCalls.drawLottery, { params: { id: activityId } }),
    onSuccess: (drawn) => {
      toastSuccess(t['rewards.toast.drawn'](drawn.winners.length));
      void refresh();
    },
  });
  return { save, draw };
}
