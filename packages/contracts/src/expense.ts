import { z } from 'zod';
import { defineCalls } from './call.ts';
import { isoDateTime, isoDateTimeInput, listOf, pageQuery } from './common.ts';
import { EXPENSE_PAGE_SIZE } from './constants.ts';

// The charge history on /expense (seed 000 §2; seed 001 §3 Finance): what the agent was charged, read off the ledger.

/** GET /agent/charge-history: page size 10, optional startTime/endTime. */
export const chargeHistoryQuery = pageQuery(EXPENSE_PAGE_SIZE).extend({
  startTime: isoDateTimeInput.optional(),
  endTime: isoDateTimeInput.optional(),
});
export type ChargeHistoryQuery = z.infer<typeof chargeHistoryQuery>;

export const chargeRecord = z.object({
  id: z.number().int(),
  orderId: z.number().int().nullable(),
  kind: z.enum(['package']),
  packageId: z.number().int().nullable(),
  packageName: z.string().nullable(),
  activityId: z.number().int().nullable(),
  activityName: z.string().nullable(),
  amount: z.number().int(),
  createdAt: isoDateTime,
});
export type ChargeRecord = z.infer<typeof chargeRecord>;
export const chargeHistory = listOf(chargeRecord).extend({ totalAmount: z.number().int() });
export type ChargeHistory = z.infer<typeof chargeHistory>;

export const expenseCalls = defineCalls('expense', {
  getChargeHistory: {
    method: 'GET',
    path: '/agent/charge-history',
    summary: 'What the agent was charged, newest first, with the total',
    access: 'mainAccount',
    query: chargeHistoryQuery,
    response: chargeHistory,
  },
});
