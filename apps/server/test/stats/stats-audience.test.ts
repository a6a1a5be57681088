import {
  ACTIVITY_PAGE_SIZE,
  addDays,
  ERROR_CODES,
  ERROR_MESSAGES,
  STATS_DEFAULT_RANGE_DAYS,
  statsToday,
  TOP_SHARE_LIMIT,
  TOP_SHARE_RANKS,
  VIEWER_COOKIE,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useWorld } from '../activity-world.ts';
import { type CallResult, engines, expectError, nextMobile, signedMobileCookie } from '../harness.ts';

// What the audience did, as the statistics count it (issue 11; seed 001 §7): interactions, income, the shares of
// viewers who checked in or signed in, and the agent's activities with their figures; real and robot apart.

const PERCENTAGE_CALLS = ['checkin-user', 'login-user'].map(
  (kind) => (id: number) => `/activity/${id}/stats/percentage/${kind}`,
);
const RANGE_CALLS = [
  (id: number) => `/v3/activity/${id}/stats/interactive`,
  (id: number) => `/v3/activity/${id}/revenue`,
  ...PERCENTAGE_CALLS,
];

function viewerCookie(response: CallResult): string {
  const match = new RegExp(`${VIEWER_COOKIE}=([^;]+)`).exec(String(response.headers['set-cookie'] ?? ''));
  if (!match) throw new Error('no viewer cookie');
  return `${VIEWER_COOKIE}=${match[1]}`;
}

describe.each(engines)('the audience’s statistics on %s', (engine) => {
  const w = useWorld(engine);
  const db = () => w.t.ctx.db;

  /** A viewer's visit through the watch page; answers the id it counts under. */
  async function visitAs(activityId: number, cookie?: string): Promise<{ viewerId: string; cookie: string }> {
    const response = await w.call('POST', `/watch/${activityId}/visit`, {
      body: {},
      headers: cookie ? { cookie } : {},
    });
    expect(response.status, response.text).toBe(200);
    const row = await db()
      .selectFrom('visits')
      .select('viewerId')
      .where('id', '=', String(response.body.visitId))
      .executeTakeFirstOrThrow();
    return { viewerId: row.viewerId, cookie: cookie ?? viewerCookie(response) };
  }

  /**
   * A's activity whose audience did everything once or more: three viewers today (two anonymous, one signed in by
   * SMS), comments (real, refused, deleted, robots'), ballots, gifts (free and paid), questions, check-ins, red
   * packets; a few things three days ago, and some 200 days ago (outside the default range).
   */
  async function audience(name?: string) {
    const id = await w.activity(w.aToken, name);
    const anon1 = await visitAs(id);
    const anon2 = await visitAs(id);
    const signedIn = await visitAs(id, signedMobileCookie(w.t.ctx, w.a.id, nextMobile()));
    expect(signedIn.viewerId).toMatch(/^m/);
    const agentId = w.a.id;
    const ago = (days: number) => sql`now() - make_interval(days => ${days})`;

    await sql`insert into comments (activity_id, agent_id, viewer_id, is_robot, nickname, text, status, deleted_at,
        created_at) values
      (${id}, ${agentId}, ${anon1.viewerId}, false, '甲', '好', 'passed', null, now()),
      (${id}, ${agentId}, ${signedIn.viewerId}, false, '乙', '赞', 'pending', null, now()),
      (${id}, ${agentId}, ${anon1.viewerId}, false, '甲', '禁词', 'failed', null, now()),
      (${id}, ${agentId}, ${anon2.viewerId}, false, '丙', '删了', 'passed', now(), now()),
      (${id}, ${agentId}, null, true, '机器人', '欢迎', 'passed', null, now()),
      (${id}, ${agentId}, null, true, '机器人', '来了', 'passed', null, now()),
      (${id}, ${agentId}, ${anon2.viewerId}, false, '丙', '早', 'passed', null, ${ago(3)}),
      (${id}, ${agentId}, ${anon2.viewerId}, false, '丙', '很早', 'passed', null, ${ago(200)})`.execute(db());

    const vote = await sql<{ id: number }>`insert into votes (activity_id, agent_id, title, kind, max_choices, options,
        tally, status) values (${id}, ${agentId}, '选哪个', 'single', 1, '["A","B"]', '[0,0]', 'published')
      returning id`.execute(db());
    const voteId = vote.rows[0]?.id;
    await sql`insert into vote_ballots (vote_id, viewer_id, activity_id, agent_id, nickname, choices, created_at) values
      (${voteId}, ${anon1.viewerId}, ${id}, ${agentId}, '甲', '[0]', now()),
      (${voteId}, ${signedIn.viewerId}, ${id}, ${agentId}, '乙', '[1]', now()),
      (${voteId}, ${anon2.viewerId}, ${id}, ${agentId}, '丙', '[1]', ${ago(3)})`.execute(db());

    const gifts = await sql<{ id: number }>`insert into gifts (agent_id, name, icon, price) values
      (${agentId}, ${`点赞${id}`}, '/x.png', 0), (${agentId}, ${`玫瑰${id}`}, '/x.png', 100) returning id`.execute(
      db(),
    );
    const [free, rose] = gifts.rows.map((row) => row.id);
    const order = await sql<{
      id: number;
    }>`insert into gift_orders (agent_id, activity_id, gift_id, viewer_id, nickname,
        gift_name, gift_icon, price, count, amount, status, pay_provider, expires_at, paid_at)
      values (${agentId}, ${id}, ${rose}, ${signedIn.viewerId}, '乙', '玫瑰', '/x.png', 100, 10, 1000, 'paid', 'sandbox',
        now() + interval '15 minutes', now()) returning id`.execute(db());
    const orderId = order.rows[0]?.id;
    await sql`insert into gift_sends (agent_id, activity_id, viewer_id, nickname, gift_id, gift_name, gift_icon, price,
        count, amount, gift_order_id) values
      (${agentId}, ${id}, ${anon1.viewerId}, '甲', ${free}, '点赞', '/x.png', 0, 1, 0, null),
      (${agentId}, ${id}, ${signedIn.viewerId}, '乙', ${rose}, '玫瑰', '/x.png', 100, 10, 1000, ${orderId})`.execute(
      db(),
    );

    await sql`insert into questions (activity_id, agent_id, viewer_id, nickname, text, status, deleted_at) values
      (${id}, ${agentId}, ${anon1.viewerId}, '甲', '几点开始？', 'pending', null),
      (${id}, ${agentId}, ${anon2.viewerId}, '丙', '删掉的', 'pending', now())`.execute(db());

    const checkin = await sql<{ id: number }>`insert into checkins (activity_id, agent_id, title, duration_seconds,
        ends_at) values (${id}, ${agentId}, '签到', 60, now() + interval '1 minute') returning id`.execute(db());
    const checkinId = checkin.rows[0]?.id;
    // One who checked in today without a visit in the range still counts among the range's viewers.
    await sql`insert into checkin_records (checkin_id, viewer_id, activity_id, agent_id, nickname, created_at) values
      (${checkinId}, ${anon1.viewerId}, ${id}, ${agentId}, '甲', now()),
      (${checkinId}, ${signedIn.viewerId}, ${id}, ${agentId}, '乙', now()),
      (${checkinId}, 'ghost-viewer-0123456789', ${id}, ${agentId}, '丁', now()),
      (${checkinId}, ${anon2.viewerId}, ${id}, ${agentId}, '丙', ${ago(200)})`.execute(db());

    // The ledger: the paid gift, two red-packet grabs (today and three days ago), the packet's sending (not income),
    // and a package bought for the activity (the agent's spending, not the audience's).
    const txn = (suffix: string) => `${id}-${suffix}`;
    await db()
      .transaction()
      .execute(async (trx) => {
        const insert = (
          suffix: string,
          account: string,
          amount: number,
          giftOrder: number | null,
          viewer: string | null,
          when = sql`now()`,
        ) =>
          sql`insert into ledger_entries (txn_id, account, agent_id, activity_id, amount, gift_order_id, viewer_id,
            created_at) values (${txn(suffix)}, ${account}, ${agentId}, ${id}, ${amount}, ${giftOrder}, ${viewer},
            ${when})`.execute(trx);
        await insert('gift', 'pay_clearing', 1000, orderId ?? null, null);
        await insert('gift', 'audience_sales', -1000, orderId ?? null, null);
        await insert('send', 'red_pack_balance', 500, null, null);
        await insert('send', 'red_pack_held', -500, null, null);
        await insert('grab1', 'red_pack_held', 200, null, null);
        await insert('grab1', 'audience_balance', -200, null, anon1.viewerId);
        await insert('grab2', 'red_pack_held', 100, null, null, ago(3));
        await insert('grab2', 'audience_balance', -100, null, anon2.viewerId, ago(3));
        await insert('package', 'pay_clearing', 9900, null, null);
        await insert('package', 'package_sales', -9900, null, null);
      });
    return { id, anon1, anon2, signedIn };
  }

  it('interactions: comments (real and robots’ apart), ballots, gifts, questions and check-ins, per day', async () => {
    const { id } = await audience();
    const today = statsToday();
    const response = await w.call('GET', `/v3/activity/${id}/stats/interactive`, { token: w.aToken });
    expect(response.status, response.text).toBe(200);
    expect(response.body.range).toEqual({ startTime: addDays(today, -STATS_DEFAULT_RANGE_DAYS), endTime: today });
    // Refused and deleted comments, deleted questions and what happened 200 days ago are not counted.
    expect(response.body.totals).toEqual({ comment: 3, robotComment: 2, avote: 3, gift: 11, qa: 1, checkin: 3 });
    // The days start where the data does, and run to the end of the range.
    const zero = { comment: 0, robotComment: 0, avote: 0, gift: 0, qa: 0, checkin: 0 };
    expect(response.body.days).toEqual([
      { ...zero, date: addDays(today, -3), comment: 1, avote: 1 },
      { ...zero, date: addDays(today, -2) },
      { ...zero, date: addDays(today, -1) },
      { date: today, comment: 2, robotComment: 2, avote: 2, gift: 11, qa: 1, checkin: 3 },
    ]);

    // A wider range takes in the comment and the check-in of 200 days ago.
    const wide = await w.call('GET', `/v3/activity/${id}/stats/interactive?startTime=${addDays(today, -210)}`, {
      token: w.aToken,
    });
    expect(wide.body.totals).toMatchObject({ comment: 4, checkin: 4 });
    expect(wide.body.days).toHaveLength(201);
    // Only the days before today: the ones three days ago.
    const past = await w.call('GET', `/v3/activity/${id}/stats/interactive?endTime=${addDays(today, -1)}`, {
      token: w.aToken,
    });
    expect(past.body.totals).toEqual({ ...zero, comment: 1, avote: 1 });
    expect(past.body.days).toHaveLength(3);

    // An activity nobody interacted with: zeros and no days.
    const quiet = await w.activity(w.aToken);
    const none = await w.call('GET', `/v3/activity/${quiet}/stats/interactive`, { token: w.aToken });
    expect(none.body).toMatchObject({ totals: zero, days: [] });
  });

  it('revenue: paid gifts and red packets from the ledger, paid viewing 0, per day', async () => {
    const { id } = await audience();
    const today = statsToday();
    const response = await w.call('GET', `/v3/activity/${id}/revenue`, { token: w.aToken });
    expect(response.status, response.text).toBe(200);
    expect(response.body.totals).toEqual({
      giftReward: 1000,
      perView: 0,
      income: 1000,
      redPacket: 300,
      paidGifts: 1,
      redPacketGrabs: 2,
    });
    const zero = { giftReward: 0, perView: 0, income: 0, redPacket: 0 };
    expect(response.body.days).toEqual([
      { ...zero, date: addDays(today, -3), redPacket: 100 },
      { ...zero, date: addDays(today, -2) },
      { ...zero, date: addDays(today, -1) },
      { date: today, giftReward: 1000, perView: 0, income: 1000, redPacket: 200 },
    ]);
    const past = await w.call('GET', `/v3/activity/${id}/revenue?endTime=${addDays(today, -1)}`, { token: w.aToken });
    expect(past.body.totals).toEqual({ ...zero, redPacket: 100, paidGifts: 0, redPacketGrabs: 1 });
    const quiet = await w.activity(w.aToken);
    expect((await w.call('GET', `/v3/activity/${quiet}/revenue`, { token: w.aToken })).body).toMatchObject({
      totals: { ...zero, paidGifts: 0, redPacketGrabs: 0 },
      days: [],
    });
  });

  it('percentages: viewers who checked in, and viewers signed in by SMS against anonymous ones', async () => {
    const { id } = await audience();
    const checkin = await w.call('GET', `/activity/${id}/stats/percentage/checkin-user`, { token: w.aToken });
    expect(checkin.status, checkin.text).toBe(200);
    // Three visitors and one who checked in without a visit in the range: 3 of 4.
    expect(checkin.body).toMatchObject({ viewers: 4, count: 3, others: 1, percentage: 75 });
    const login = await w.call('GET', `/activity/${id}/stats/percentage/login-user`, { token: w.aToken });
    expect(login.body).toMatchObject({ viewers: 3, count: 1, others: 2, percentage: 33.3 });

    // Before today nobody was seen: nothing to divide.
    const yesterday = addDays(statsToday(), -1);
    for (const path of PERCENTAGE_CALLS) {
      const empty = await w.call('GET', `${path(id)}?endTime=${yesterday}`, { token: w.aToken });
      expect(empty.body).toMatchObject({ viewers: 0, count: 0, others: 0, percentage: 0 });
    }
  });

  it('channel stats: the agent’s activities with visits, live time, peak online, comments and income', async () => {
    const name = `频道统计${Date.now()}`;
    const { id } = await audience(`${name}一`);
    const second = await w.activity(w.aToken, `${name}二`);
    await sql`insert into ingest_sessions (activity_id, agent_id, started_at, ended_at, peak_viewers) values
      (${id}, ${w.a.id}, now() - interval '3 hours', now() - interval '2 hours', 7),
      (${id}, ${w.a.id}, now() - interval '90 minutes', now() - interval '60 minutes', 12)`.execute(db());
    await sql`insert into online_samples (activity_id, agent_id, at, real, virtual) values
      (${id}, ${w.a.id}, now() - interval '2 hours', 7, 40), (${id}, ${w.a.id}, now() - interval '61 minutes', 12, 35)`.execute(
      db(),
    );

    const response = await w.call('GET', `/activity/stats?name=${encodeURIComponent(name)}`, { token: w.aToken });
    expect(response.status, response.text).toBe(200);
    expect(response.body.pager).toEqual({ page: 1, pageSize: ACTIVITY_PAGE_SIZE, total: 2 });
    // Newest first; every figure over the activity's whole life.
    expect(response.body.items.map((item: { id: number }) => item.id)).toEqual([second, id]);
    expect(response.body.items[1]).toMatchObject({
      id,
      name: `${name}一`,
      isPushing: false,
      pv: 3,
      uv: 3,
      liveTime: 5400,
      peakOnline: 12,
      peakVirtual: 40,
      comments: 4,
      robotComments: 2,
      income: 1000,
    });
    expect(response.body.items[0]).toMatchObject({
      id: second,
      pv: 0,
      uv: 0,
      liveTime: 0,
      peakOnline: 0,
      peakVirtual: 0,
      comments: 0,
      robotComments: 0,
      income: 0,
    });

    // An open push counts up to now.
    await sql`insert into ingest_sessions (activity_id, agent_id, started_at) values
      (${second}, ${w.a.id}, now() - interval '10 minutes')`.execute(db());
    const open = await w.call('GET', `/activity/stats?name=${encodeURIComponent(`${name}二`)}`, { token: w.aToken });
    expect(open.body.items[0].liveTime).toBeGreaterThanOrEqual(600);
    expect(open.body.items[0].liveTime).toBeLessThan(700);

    const paged = await w.call('GET', `/activity/stats?name=${encodeURIComponent(name)}&page=2&pageSize=1`, {
      token: w.aToken,
    });
    expect(paged.body.pager).toEqual({ page: 2, pageSize: 1, total: 2 });
    expect(paged.body.items.map((item: { id: number }) => item.id)).toEqual([id]);

    // B sees none of A's activities; A's sub-account sees only its own.
    const other = await w.call('GET', `/activity/stats?name=${encodeURIComponent(name)}`, { token: w.bToken });
    expect(other.body).toEqual({ items: [], pager: { page: 1, pageSize: ACTIVITY_PAGE_SIZE, total: 0 } });
    const sub = await w.call('GET', '/activity/stats', { token: w.subToken });
    expect(sub.status, sub.text).toBe(200);
    expect(sub.body.items.map((item: { id: number }) => item.id)).toEqual([w.subActivityId]);
    expect(sub.body.pager.total).toBe(1);

    expect((await w.call('GET', '/activity/stats')).status).toBe(401);
    for (const [query, field] of [
      ['pageSize=0', 'pageSize'],
      ['pageSize=101', 'pageSize'],
      ['page=0', 'page'],
      ['page=x', 'page'],
      [`name=${'名'.repeat(101)}`, 'name'],
    ]) {
      const bad = await w.call('GET', `/activity/stats?${encodeURI(query as string)}`, { token: w.aToken });
      expect(bad.status, query).toBe(400);
      expect(bad.body.field, query).toBe(field);
    }
  });

  it('the talent list: guestCount descending, 10 on top, ranks to 100', async () => {
    const id = await w.activity(w.aToken, '达人榜');
    await sql`insert into activity_inviters (activity_id, viewer_id, agent_id, nickname, invitees, last_invited_at)
      select ${id}, 'inviter-' || lpad(n::text, 16, '0'), ${w.a.id}, '达人' || n, n, now()
      from generate_series(1, 105) as n`.execute(db());
    const top = await w.call('GET', `/v3/activity/${id}/top-share`, { token: w.aToken });
    expect(top.status, top.text).toBe(200);
    expect(top.body.items).toHaveLength(TOP_SHARE_LIMIT);
    expect(top.body.items[0]).toMatchObject({ rank: 1, nickname: '达人105', guestCount: 105 });
    const counts = top.body.items.map((item: { guestCount: number }) => item.guestCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    const ranks = await w.call('GET', `/activity/${id}/stats/top/share`, { token: w.aToken });
    expect(ranks.body.pager).toEqual({ page: 1, pageSize: 100, total: TOP_SHARE_RANKS });
    expect(ranks.body.items).toHaveLength(TOP_SHARE_RANKS);
    expect(ranks.body.items.at(-1)).toMatchObject({ rank: 100, guestCount: 6 });
    const last = await w.call('GET', `/activity/${id}/stats/top/share?page=4&pageSize=30`, { token: w.aToken });
    expect(last.body.items.map((item: { rank: number }) => item.rank)).toEqual([
      91, 92, 93, 94, 95, 96, 97, 98, 99, 100,
    ]);
    const beyond = await w.call('GET', `/activity/${id}/stats/top/share?page=2`, { token: w.aToken });
    expect(beyond.body).toEqual({ items: [], pager: { page: 2, pageSize: 100, total: TOP_SHARE_RANKS } });
  });

  it('validates the range and the id on every call', async () => {
    const id = await w.activity(w.aToken);
    const today = statsToday();
    for (const path of RANGE_CALLS) {
      const get = (query: string) => w.call('GET', `${path(id)}?${query}`, { token: w.aToken });
      expect((await get('')).status).toBe(200);
      expectError(
        await get(`startTime=${today}&endTime=${addDays(today, -1)}`),
        400,
        'endTime: endTime must not be before startTime',
        { code: ERROR_CODES.validation, field: 'endTime' },
      );
      expect((await get(`startTime=${addDays(today, -400)}`)).body.field).toBe('startTime');
      expect((await get('startTime=yesterday')).body.field).toBe('startTime');
      expect((await get('endTime=2026-02-30')).body.field).toBe('endTime');
      expect((await get('endTime=')).body.field).toBe('endTime');
      const badId = await w.call('GET', path(0).replace('/0/', '/abc/'), { token: w.aToken });
      expect(badId.status).toBe(400);
      expect(badId.body.field).toBe('id');
    }
  });

  it('another agent’s activity, or one not assigned to a sub-account, answers 404 Activity Not Found', async () => {
    const aActivity = await w.activity(w.aToken);
    for (const path of RANGE_CALLS) {
      expectError(await w.call('GET', path(aActivity), { token: w.bToken }), 404, ERROR_MESSAGES.activityNotFound);
      expectError(await w.call('GET', path(aActivity), { token: w.subToken }), 404, ERROR_MESSAGES.activityNotFound);
      expectError(await w.call('GET', path(999_999), { token: w.aToken }), 404, ERROR_MESSAGES.activityNotFound);
      expect((await w.call('GET', path(aActivity))).status).toBe(401);
      const own = await w.call('GET', path(w.subActivityId), { token: w.subToken });
      expect(own.status, own.text).toBe(200);
      expect((await w.call('GET', path(w.subActivityId), { token: w.aToken })).status).toBe(200);
    }
  });
});
