import { randomInt } from 'node:crypto';
import {
  defaultViewerNickname,
  EXTENSIONS,
  LOTTERY_ONLINE_SECONDS,
  type LotteryDraw,
  type LotteryRule,
  REWARD_ERRORS,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../platform/auth.ts';
import type { Db } from '../../platform/db/database.ts';
import { conflict } from '../../platform/errors.ts';
import { ownActivity } from '../../platform/tenancy.ts';
import { blockedOnActivitySql } from '../audience/index.ts';
import { publishChat } from '../comments/index.ts';
import { MOBILE_VIEWER_ID_PATTERN } from '../watch/index.ts';

// The lottery extension's draw (issue 10): its settings (the extension's, packages/contracts/src/extensions.ts) name
// the rule, the prize and how many win; the draw picks among the real viewers meeting the rule (viewers are watch-page
// ids: robots never visit nor comment as viewers), never the blacklisted, unless repeat winners are allowed never
// an earlier winner of the activity, and with requireMobile only viewers signed in by SMS. A signed-in viewer's visits
// and comments name it by its mobile's id, the id its chat knows it by, so the page that hears the draw finds itself
// among the winners. Picked with the crypto random source; stored, then announced on the chat.

/** The pool a draw reads at most (an activity's distinct viewers). */
const POOL_MAX = 200_000;

/** The name of a viewer who never commented: the watch page's own default for it. */
export const viewerNickname = defaultViewerNickname;

/** Each viewer's latest comment nickname. */
export async function nicknamesOf(db: Db, activityId: number, viewerIds: string[]): Promise<Map<string, string>> {
  if (viewerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('comments')
    .select(['viewerId', 'nickname'])
    .distinctOn('viewerId')
    .where('activityId', '=', activityId)
    .where('viewerId', 'in', viewerIds)
    .orderBy('viewerId')
    .orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.viewerId as string, row.nickname]));
}

async function poolOf(
  db: Db,
  activityId: number,
  { rule, excludeWinners, requireMobile }: { rule: LotteryRule; excludeWinners: boolean; requireMobile: boolean },
): Promise<string[]> {
  const eligible =
    rule === 'online'
      ? sql`select viewer_id from visits where activity_id = ${activityId}
          and last_seen_at > now() - make_interval(secs => ${LOTTERY_ONLINE_SECONDS})`
      : sql`select viewer_id from comments where activity_id = ${activityId}
          and not is_robot and viewer_id is not null and status <> 'failed' and deleted_at is null`;
  const earlierWinners = excludeWinners
    ? sql`and not exists (select 1 from lottery_winners w where w.activity_id = ${activityId}
          and w.viewer_id = eligible.viewer_id)`
    : sql``;
  // 仅限手机号登录的观众: only ids of viewers signed in by SMS (the shape mobileViewerId gives them).
  const signedInOnly = requireMobile ? sql`and eligible.viewer_id ~ ${MOBILE_VIEWER_ID_PATTERN}` : sql``;
  const { rows } = await sql<{ viewerId: string }>`
    select distinct eligible.viewer_id from (${eligible}) eligible
    where not exists (select 1 from chat_restrictions r where r.activity_id = ${activityId} and r.kind = 'blacklist'
      and r.viewer_id = eligible.viewer_id)
      -- A person the agent blocked in the CRM is on every activity's blacklist (seed 001 §6 block management).
      and not ${blockedOnActivitySql(activityId, sql.ref('eligible.viewer_id'))}
    ${earlierWinners}
    ${signedInOnly}
    limit ${POOL_MAX}`.execute(db);
  return rows.map((row) => row.viewerId);
}

/** k of the pool, each subset equally likely (a partial Fisher–Yates shuffle on the crypto random source). */
export function pickWinners(pool: readonly string[], k: number, random = randomInt): string[] {
  const items = [...pool];
  const picked = Math.min(k, items.length);
  for (let i = 0; i < picked; i += 1) {
    const j = random(i, items.length);
    [items[i], items[j]] = [items[j] as string, items[i] as string];
  }
  return items.slice(0, picked);
}

async function lotterySettingsOf(db: Db, activityId: number) {
  const row = await db
    .selectFrom('activityExtensions')
    .select(['enabled', 'settings'])
    .where('activityId', '=', activityId)
    .where('identity', '=', 'lottery')
    .executeTakeFirst();
  const schema = EXTENSIONS.lottery.settings;
  const parsed = schema.safeParse({ ...schema.parse({}), ...(row?.settings ?? {}) });
  return { enabled: row?.enabled ?? false, settings: parsed.success ? parsed.data : schema.parse({}) };
}

export async function drawLottery(ctx: AppContext, caller: Caller, activityId: number): Promise<LotteryDraw> {
  await ownActivity(ctx.db, caller, activityId);
  const { enabled, settings } = await lotterySettingsOf(ctx.db, activityId);
  if (!enabled) throw conflict(REWARD_ERRORS.lotteryDisabled);
  const draw = await ctx.db.transaction().execute(async (trx) => {
    // The activity row is the lock: two draws at once do not both pick the same viewer.
    await trx.selectFrom('activities').select('id').where('id', '=', activityId).forUpdate().execute();
    const pool = await poolOf(trx, activityId, {
      rule: settings.rule,
      excludeWinners: !settings.allowRepeatWinners,
      requireMobile: settings.requireMobile,
    });
    if (pool.length === 0) throw conflict(REWARD_ERRORS.noEligibleViewers);
    const winnerIds = pickWinners(pool, settings.winnerCount);
    const nicknames = await nicknamesOf(trx, activityId, winnerIds);
    const row = await trx
      .insertInto('lotteryDraws')
      .values({
        agentId: caller.agentId,
        activityId,
        rule: settings.rule,
        prizeName: settings.prizeName || '幸运奖',
        winnerCount: settings.winnerCount,
        poolSize: pool.length,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const winners = winnerIds.map((userId) => ({ userId, nickname: nicknames.get(userId) ?? viewerNickname(userId) }));
    await trx
      .insertInto('lotteryWinners')
      .values(
        winners.map((winner) => ({
          drawId: row.id,
          agentId: caller.agentId,
          activityId,
          viewerId: winner.userId,
          nickname: winner.nickname,
        })),
      )
      .execute();
    return toDraw(row, winners);
  });
  publishChat(ctx, activityId, {
    type: 'chat.message',
    message: {
      type: 'lotteryDrawn',
      draw: {
        id: draw.id,
        prizeName: draw.prizeName,
        poolSize: draw.poolSize,
        winners: draw.winners,
        createdAt: draw.createdAt,
      },
    },
  });
  return draw;
}

interface DrawRow {
  id: number;
  activityId: number;
  rule: string;
  prizeName: string;
  winnerCount: number;
  poolSize: number;
  createdAt: Date;
}

const toDraw = (row: DrawRow, winners: LotteryDraw['winners']): LotteryDraw => ({
  id: row.id,
  activityId: row.activityId,
  rule: row.rule as LotteryRule,
  prizeName: row.prizeName,
  winnerCount: row.winnerCount,
  poolSize: row.poolSize,
  winners,
  createdAt: row.createdAt.toISOString(),
});

export async function listLotteryDraws(
  db: Db,
  caller: Caller,
  activityId: number,
  query: { page: number; pageSize: number },
) {
  await ownActivity(db, caller, activityId);
  const base = db.selectFrom('lotteryDraws').where('activityId', '=', activityId).where('agentId', '=', caller.agentId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const winners =
    rows.length === 0
      ? []
      : await db
          .selectFrom('lotteryWinners')
          .select(['drawId', 'viewerId', 'nickname'])
          .where(
            'drawId',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('nickname')
          .execute();
  return {
    items: rows.map((row) =>
      toDraw(
        row,
        winners
          .filter((winner) => winner.drawId === row.id)
          .map((winner) => ({ userId: winner.viewerId, nickname: winner.nickname })),
      ),
    ),
    pager: { page: query.page, pageSize: query.pageSize, total: Number(count.total) },
  };
}
