import { z } from 'zod';
import { defineCalls } from './call.ts';
import { id, idParams, isoDateTime, listOf, pageQuery } from './common.ts';

// Lottery draws and red packets on the watch page (issue 10, the audience side), and the agent's red-packet account
// that pays for the packets (seed 001 §2 "red-pack balance", the finance centre's red-packet account). Amounts in fen.

export const REWARD_ERRORS = {
  lotteryDisabled: 'Lottery is not enabled',
  noEligibleViewers: 'No eligible viewers',
  redPacketNotFound: 'Red Packet Not Found',
  insufficientBalance: 'Insufficient red packet balance',
  alreadyGrabbed: 'Red packet already grabbed',
  redPacketEmpty: 'Red packet is empty',
  redPacketExpired: 'Red packet expired',
  viewerUnknown: 'Viewer Not Found',
  /** The organiser blacklisted the viewer (拉黑): it grabs no red packet of the activity. */
  blacklisted: 'You are on this activity’s blacklist',
  rechargeNotFound: 'Recharge Not Found',
} as const;

export const LOTTERY_RULES = ['online', 'commented'] as const;
export type LotteryRule = (typeof LOTTERY_RULES)[number];
/** "Online now": the viewer's page sent a heartbeat (every 30 s) within this long. */
export const LOTTERY_ONLINE_SECONDS = 90;
export const LOTTERY_DRAW_PAGE_SIZE = 10;
export const RED_PACKET_PAGE_SIZE = 10;
/** A red packet can be grabbed for this long; then what is left goes back to the red-packet balance. */
export const RED_PACKET_TTL_HOURS = 24;
export const RED_PACKET_MAX_COUNT = 1_000;
/** The largest red packet: 20,000 yuan. */
export const RED_PACKET_MAX_AMOUNT = 2_000_000;
/** A recharge: 1 to 50,000 yuan. */
export const RED_PACK_RECHARGE_MIN = 100;
export const RED_PACK_RECHARGE_MAX = 5_000_000;

export const lotteryWinner = z.object({ userId: z.string(), nickname: z.string() });
export const lotteryDraw = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  rule: z.enum(LOTTERY_RULES),
  prizeName: z.string(),
  winnerCount: z.number().int(),
  /** How many real viewers met the rule. */
  poolSize: z.number().int(),
  winners: z.array(lotteryWinner),
  createdAt: isoDateTime,
});
export type LotteryDraw = z.infer<typeof lotteryDraw>;
export const lotteryDrawList = listOf(lotteryDraw);

export const RED_PACKET_MODES = ['random', 'fixed'] as const;
export const redPacketInput = z
  .object({
    mode: z.enum(RED_PACKET_MODES),
    totalAmount: z
      .number()
      .int('Amount must be in whole fen')
      .min(1, 'Amount must be at least 0.01 yuan')
      .max(RED_PACKET_MAX_AMOUNT, 'Amount must be at most 20000 yuan'),
    count: z.number().int().min(1, 'Count must be at least 1').max(RED_PACKET_MAX_COUNT, 'Count must be at most 1000'),
    greeting: z.string().trim().max(30, 'Greeting must be at most 30 characters').default(''),
  })
  .superRefine((value, issue) => {
    if (value.count > value.totalAmount) {
      issue.addIssue({ code: 'custom', path: ['count'], message: 'Each share must be at least 0.01 yuan' });
    } else if (value.mode === 'fixed' && value.totalAmount % value.count !== 0) {
      issue.addIssue({ code: 'custom', path: ['totalAmount'], message: 'A fixed red packet must split evenly' });
    }
  });
export type RedPacketInput = z.input<typeof redPacketInput>;

export const redPacket = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  mode: z.enum(RED_PACKET_MODES),
  greeting: z.string(),
  totalAmount: z.number().int(),
  count: z.number().int(),
  remainingAmount: z.number().int(),
  remainingCount: z.number().int(),
  status: z.enum(['active', 'finished', 'expired']),
  refundedAmount: z.number().int(),
  createdAt: isoDateTime,
  expiresAt: isoDateTime,
});
export type RedPacket = z.infer<typeof redPacket>;
export const redPacketList = listOf(redPacket);

export const redPacketGrab = z.object({
  packetId: z.number().int(),
  userId: z.string(),
  nickname: z.string(),
  amount: z.number().int(),
  createdAt: isoDateTime,
});
export const redPacketGrabList = z.object({ items: z.array(redPacketGrab) });

export const redPackBalance = z.object({ balance: z.number().int() });
export const redPackRechargeInput = z.object({
  amount: z
    .number()
    .int('Amount must be in whole fen')
    .min(RED_PACK_RECHARGE_MIN, 'Amount must be at least 1 yuan')
    .max(RED_PACK_RECHARGE_MAX, 'Amount must be at most 50000 yuan'),
  /** Where the pay page sends the payer back: a console path. */
  returnPath: z
    .string()
    .max(200)
    .regex(/^\/(?!\/)[\w\-/?=&%.]*$/, 'Invalid return path')
    .default('/'),
});
export const redPackRecharge = z.object({
  orderId: z.number().int(),
  amount: z.number().int(),
  status: z.enum(['init', 'paid', 'failed']),
  payUrl: z.string(),
});
export const redPackRechargeParams = z.object({ orderId: id });

/** The watch page's view of a red packet: no amounts left, only whether this viewer may still grab it. */
export const watchRedPacket = z.object({
  id: z.number().int(),
  greeting: z.string(),
  count: z.number().int(),
  mode: z.enum(RED_PACKET_MODES),
  expiresAt: isoDateTime,
  /** This viewer's share, once grabbed. */
  grabbed: z.number().int().nullable(),
  open: z.boolean(),
});
export type WatchRedPacket = z.infer<typeof watchRedPacket>;
export const watchRedPacketList = z.object({ items: z.array(watchRedPacket) });
export const packetParams = z.object({ id, packetId: id });
export const redPacketGrabbed = z.object({ packetId: z.number().int(), amount: z.number().int() });

export const rewardCalls = defineCalls('rewards', {
  listLotteryDraws: {
    method: 'GET',
    path: '/v3/activity/:id/lottery/draws',
    summary: 'An activity’s lottery draws and their winners, newest first',
    access: 'signedIn',
    params: idParams,
    query: pageQuery(LOTTERY_DRAW_PAGE_SIZE, 50),
    response: lotteryDrawList,
  },
  drawLottery: {
    method: 'POST',
    path: '/v3/activity/:id/lottery/draw',
    summary: 'Draw the lottery extension’s winners among the real viewers meeting its rule, and announce them',
    access: 'signedIn',
    params: idParams,
    response: lotteryDraw,
  },
  getRedPackBalance: {
    method: 'GET',
    path: '/v3/agent/red-pack/balance',
    summary: 'The agent’s red-packet balance',
    access: 'signedIn',
    response: redPackBalance,
  },
  rechargeRedPack: {
    method: 'POST',
    path: '/v3/agent/red-pack/recharge',
    summary: 'Order a red-packet recharge; pay it at the url answered',
    access: 'mainAccount',
    body: redPackRechargeInput,
    response: redPackRecharge,
  },
  getRedPackRecharge: {
    method: 'GET',
    path: '/v3/agent/red-pack/recharge/:orderId',
    summary: 'A red-packet recharge and whether it is paid',
    access: 'signedIn',
    params: redPackRechargeParams,
    response: redPackRecharge,
  },
  listRedPackets: {
    method: 'GET',
    path: '/v3/activity/:id/red-packets',
    summary: 'An activity’s red packets, newest first (expired ones refunded on the way)',
    access: 'signedIn',
    params: idParams,
    query: pageQuery(RED_PACKET_PAGE_SIZE, 50),
    response: redPacketList,
  },
  sendRedPacket: {
    method: 'POST',
    path: '/v3/activity/:id/red-packets',
    summary: 'Send a red packet to the activity’s viewers, paid from the red-packet balance',
    access: 'signedIn',
    params: idParams,
    body: redPacketInput,
    response: redPacket,
  },
  listRedPacketGrabs: {
    method: 'GET',
    path: '/v3/activity/:id/red-packets/:packetId/grabs',
    summary: 'Who grabbed a red packet and how much',
    access: 'signedIn',
    params: packetParams,
    response: redPacketGrabList,
  },
  listWatchRedPackets: {
    method: 'GET',
    path: '/watch/:id/red-packets',
    summary: 'The red packets a viewer may still grab, and its own grabs',
    access: 'public',
    params: idParams,
    response: watchRedPacketList,
  },
  grabRedPacket: {
    method: 'POST',
    path: '/watch/:id/red-packets/:packetId/grab',
    summary: 'Grab a share of a red packet, once per viewer',
    access: 'public',
    params: packetParams,
    response: redPacketGrabbed,
  },
});
