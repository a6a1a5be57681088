import { financeMoneyCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import { addPaidOrderKind } from '../price/index.ts';
import { audienceViewerOf } from '../watch/index.ts';
import * as cards from './finance-cards.ts';
import * as paidView from './paid-view.ts';
import * as recharge from './recharge.ts';
import * as money from './withdrawals.ts';

export function registerFinanceMoneyRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, financeMoneyCalls, {
    getPayConfig: ({ caller, params }) => paidView.getPayConfig(ctx.db, caller, params.id),
    updatePayConfig: ({ caller, params, body }) => paidView.updatePayConfig(ctx.db, caller, params.id, body),
    getWatchPaidView: async ({ params, request }) => {
      const viewer = await audienceViewerOf(ctx, request, params.id);
      return paidView.watchPaidView(ctx.db, params.id, [viewer.viewerId, viewer.browserId]);
    },
    createWatchPaidView: async ({ params, request }) =>
      paidView.createWatchPaidView(ctx, params.id, await audienceViewerOf(ctx, request, params.id)),
    getWatchPaidViewOrder: async ({ params, request }) => {
      // An order placed before the viewer signed in (or out) in this browser is still its own to follow.
      const viewer = await audienceViewerOf(ctx, request, params.id);
      return paidView.watchPaidViewOrder(ctx, params.id, [viewer.viewerId, viewer.browserId], params.orderId);
    },
    createRechargeOrder: ({ caller, params, body }) => recharge.createRecharge(ctx, caller, params.id, body),
    getRechargeResult: ({ caller, params, query }) => recharge.rechargeResult(ctx, caller, params.id, query.orderId),
    listCards: ({ caller }) => cards.listCards(ctx, caller),
    sendCardSms: ({ caller, body, request }) => cards.sendCardSms(ctx, caller, body.mobile, request.ip),
    addCard: ({ caller, body }) => cards.addCard(ctx, caller, body),
    withdraw: ({ caller, body }) => money.withdraw(ctx, caller, body),
    listWithdrawals: ({ caller, query }) => money.listWithdrawals(ctx, caller, query),
    getBalance: ({ caller }) => money.ownBalance(ctx, caller),
    getAccountBalance: ({ caller, params }) => money.agentAccountBalance(ctx, caller, params.id),
    listOutflows: ({ caller, params, query }) => money.listOutflows(ctx, caller, params.id, query),
    createOutflow: ({ caller, params, body }) => money.createOutflow(ctx, caller, params.id, body),
    listWithdrawalReviews: ({ caller, query }) => money.listWithdrawalReviews(ctx, caller, query),
    approveWithdrawal: ({ caller, params, body }) =>
      money.reviewWithdrawal(ctx, caller, params.id, { approve: true, reference: body.reference }),
    rejectWithdrawal: ({ caller, params, body }) =>
      money.reviewWithdrawal(ctx, caller, params.id, { approve: false, reason: body.reason }),
  });
  // Paid views and recharges are paid through the same provider, and their notifications reach the same path.
  addPaidOrderKind(ctx, paidView.paidViewPayments);
  addPaidOrderKind(ctx, recharge.rechargePayments);
}
