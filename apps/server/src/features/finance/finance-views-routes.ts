import { financeViewCalls } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { registerCalls } from '../../platform/calls.ts';
import { csvFromCells, sendFile } from '../exports/index.ts';
import * as earnings from './earnings.ts';
import { callerSubject, financeSubject } from './finance-agent.ts';
import * as flux from './flux.ts';
import { checkLedger } from './ledger-check.ts';
import * as statement from './statement.ts';
import * as streamUsage from './stream-usage.ts';
import * as transactions from './transactions.ts';

export function registerFinanceViewRoutes(server: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const subject = (caller: Parameters<typeof financeSubject>[1], id: number) => financeSubject(db, caller, id);
  registerCalls(server, financeViewCalls, {
    listEarnings: ({ caller, query }) => earnings.listEarnings(db, callerSubject(caller), query),
    listGainDetails: async ({ caller, params, query }) =>
      earnings.listGainDetails(db, await subject(caller, params.id), query),
    listTransactions: async ({ caller, params, query }) =>
      transactions.listTransactions(db, await subject(caller, params.id), query),
    getRedPackSummary: async ({ caller, params }) => transactions.redPackSummary(db, await subject(caller, params.id)),
    listRedPackTransactions: async ({ caller, params, query }) =>
      transactions.listRedPackTransactions(db, await subject(caller, params.id), query),
    getStreamUsageSummary: ({ caller, query }) => streamUsage.streamUsageSummary(db, callerSubject(caller), query),
    getStreamUsage: ({ caller, params, query }) =>
      streamUsage.streamUsageSeries(db, callerSubject(caller), params.model, query),
    listFluxTransactions: async ({ caller, params, query }) =>
      flux.listFluxTransactions(db, await subject(caller, params.id), query),
    getFluxResource: async ({ caller, params }) => flux.fluxResource(db, await subject(caller, params.id)),
    getActivityEarnings: ({ caller, params }) => earnings.activityEarnings(db, caller, params.id),
    getStatement: async ({ caller, params, query }) =>
      statement.getStatement(db, (await subject(caller, params.id)).agent, query.month),
    downloadStatement: async ({ caller, params, query, reply }) => {
      const { agent } = await subject(caller, params.id);
      return sendFile(reply, {
        name: `对账单-${agent.id}-${query.month}`,
        asciiName: `statement-${agent.id}-${query.month}`,
        format: 'csv',
        body: csvFromCells(statement.STATEMENT_HEADINGS, statement.statementCells(db, agent.id, query.month)),
      });
    },
    checkLedger: ({ caller }) => checkLedger(db, caller.agentId),
  });
}
