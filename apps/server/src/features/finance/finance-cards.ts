import {
  type AgentCard,
  type AgentCardList,
  type agentCardInput,
  FINANCE_ERRORS,
  type SmsSent,
} from '@yanbo/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import { conflict } from '../../platform/errors.ts';
import { checkSmsCode, issueSmsCode } from '../account/index.ts';

// The agent's bank accounts (seed 001 §3 agent card, §4 "add bank account": the modal closes, then the accounts
// reload). A card's mobile is confirmed by a code the tree's SMS provider sends to it; the code's purpose is `verify`,
// the one for confirming a mobile the account holds. Only the last four digits of a card number leave the server.

/** The last four digits, as a card is shown: **** 1234. */
export const maskCardNo = (cardNo: string) => `**** ${cardNo.slice(-4)}`;

type CardRow = {
  id: number;
  type: string;
  holder: string;
  bank: string;
  cardNo: string;
  mobile: string;
  createdAt: Date;
};
const toCard = (row: CardRow): AgentCard => ({
  id: row.id,
  type: 'debit',
  holder: row.holder,
  bank: row.bank,
  cardNo: maskCardNo(row.cardNo),
  mobile: row.mobile,
  createdAt: row.createdAt.toISOString(),
});

/** GET /agent/card: the accounts, as accountList (seed 001 §3), oldest first. */
export async function listCards(ctx: AppContext, caller: Caller): Promise<AgentCardList> {
  const rows = await ctx.db
    .selectFrom('agentCards')
    .selectAll()
    .where('agentId', '=', caller.agentId)
    .orderBy('id')
    .limit(100)
    .execute();
  return { accountList: rows.map(toCard) };
}

/** POST /v3/agent/card/sms: a code to the card's mobile, with the tree's limits per mobile and per address. */
export async function sendCardSms(ctx: AppContext, caller: Caller, mobile: string, ip: string): Promise<SmsSent> {
  return issueSmsCode(ctx, mobile, 'verify', ip, caller.agentId);
}

/** POST /agent/card: the code is spent only when the card is added. */
export async function addCard(
  ctx: AppContext,
  caller: Caller,
  input: z.output<typeof agentCardInput>,
): Promise<AgentCard> {
  const existing = await ctx.db
    .selectFrom('agentCards')
    .select('id')
    .where('agentId', '=', caller.agentId)
    .where('cardNo', '=', input.cardNo)
    .executeTakeFirst();
  if (existing) throw conflict(FINANCE_ERRORS.cardExists, undefined, 'cardNo');
  await checkSmsCode(ctx.db, ctx.secretKey, {
    mobile: input.mobile,
    purpose: 'verify',
    code: input.code,
    consume: true,
  });
  const row = await ctx.db
    .insertInto('agentCards')
    .values({
      agentId: caller.agentId,
      type: input.type,
      holder: input.holder,
      bank: input.bank,
      cardNo: input.cardNo,
      mobile: input.mobile,
    })
    .onConflict((oc) => oc.columns(['agentId', 'cardNo']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw conflict(FINANCE_ERRORS.cardExists, undefined, 'cardNo');
  return toCard(row);
}
