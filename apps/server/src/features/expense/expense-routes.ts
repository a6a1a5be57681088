import { expenseCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import * as expense from './expense-service.ts';

export function registerExpenseRoutes(server: FastifyInstance, ctx: AppContext) {
  registerCalls(server, expenseCalls, {
    getChargeHistory: ({ caller, query }) => expense.chargeHistory(ctx, caller, query),
  });
}
