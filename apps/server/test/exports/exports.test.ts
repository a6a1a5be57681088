import {
  addDays,
  DATA_STATS_TABS,
  ERROR_CODES,
  ERROR_MESSAGES,
  EXPORT_FIELDS,
  type ExportKind,
  statsToday,
} from '@yanbo/contracts';
import { formatBeijingTime } from '@yanbo/contracts/beijing-time';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_TOKEN_PURPOSE } from '../../src/features/meta/index.ts';
import { csvCell } from '../../src/platform/csv.ts';
import { COPY_LIMIT } from '../../src/platform/db/copy-out.ts';
import { redactUrl } from '../../src/platform/request-log.ts';
import { signToken } from '../../src/platform/signed-token.ts';
import { useWorld } from '../activity-world.ts';
import { engines, expectError, login, signedViewerCookie } from '../harness.ts';
import { payAtSandbox } from '../price/pay-helpers.ts';
import { readDownload } from './read-csv.ts';

// The downloads of seed 001 §7 and the data-statistics tabs (issue 11): each file read back as Excel would, its
// headings, its rows and their count, the BOM, Beijing times, formula-safe cells; the export token; the field sets and
// table columns; tenancy and bad input.

const labels = (kind: ExportKind) => EXPORT_FIELDS[kind].map((field) => field.label);
const WECHAT_UA = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47';
/** The watch page's viewer ids are 16 random bytes, base64url. */
const GIFT_VIEWER = 'gqR3w6u1Zb4k9XyTq2mN8A';
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe.each(engines)('exports on %s', (engine) => {
  const w = useWorld(engine);
  let activity: number;
  /** A fixed instant of the range: 2 days ago at 10:20:30 UTC (18:20:30 in Beijing). */
  let at: Date;

  const get = (url: string, token = w.aToken) => w.call('GET', url, { token });
  const download = async (url: string, token = w.aToken) => {
    const response = await get(url, token);
    expect(response.status, response.text).toBe(200);
    expect(String(response.headers['content-type'])).toContain('text/csv');
    return readDownload(response.text);
  };
  const exportToken = async (token = w.aToken) => {
    const created = await w.call('POST', '/ephemeral-token', { token });
    expect(created.status, created.text).toBe(200);
    return created.body.token as string;
  };

  beforeAll(async () => {
    // The export task's test runs the download center's queue itself.
    await w.t.ctx.tasks.stop();
    const db = w.t.ctx.db;
    activity = await w.activity(w.aToken, '年度发布会');
    at = new Date(Date.parse(`${addDays(statsToday(), -2)}T10:20:30.000Z`));
    const iso = at.toISOString();
    // Visits: two viewers in WeChat, one on a phone browser; a formula-like referrer to prove the cell rule.
    await sql`insert into visits (activity_id, agent_id, viewer_id, device, user_agent, referrer, started_at,
        last_seen_at, watch_seconds, ip)
      values
        (${activity}, ${w.a.id}, 'viewer-a', 'mobile', ${WECHAT_UA}, '=HYPERLINK("x")', ${iso}::timestamptz,
          ${iso}::timestamptz + interval '90 seconds', 90, '1.2.3.4'),
        (${activity}, ${w.a.id}, 'viewer-a', 'mobile', ${WECHAT_UA}, '', ${iso}::timestamptz + interval '1 hour',
          ${iso}::timestamptz + interval '1 hour 30 seconds', 30, '1.2.3.4'),
        (${activity}, ${w.a.id}, 'viewer-b', 'mobile', ${WECHAT_UA}, 'https://mp.weixin.qq.com/s, "x"',
          ${iso}::timestamptz + interval '2 hours', ${iso}::timestamptz + interval '2 hours', 0, '5.6.7.8'),
        (${activity}, ${w.a.id}, 'viewer-c', 'desktop', ${PHONE_UA}, '', ${iso}::timestamptz - interval '200 days',
          ${iso}::timestamptz - interval '200 days', 10, '9.9.9.9')`.execute(db);
    const checkin = await sql<{ id: number }>`insert into checkins (activity_id, agent_id, title, duration_seconds,
        started_at, ends_at) values (${activity}, ${w.a.id}, '上午签到', 60, ${iso}::timestamptz,
        ${iso}::timestamptz + interval '1 minute') returning id`.execute(db);
    await sql`insert into checkin_records (checkin_id, viewer_id, activity_id, agent_id, nickname, created_at)
      values (${checkin.rows[0]?.id}, 'viewer-a', ${activity}, ${w.a.id}, '小明', ${iso}::timestamptz),
             (${checkin.rows[0]?.id}, 'viewer-b', ${activity}, ${w.a.id}, '+小红', ${iso}::timestamptz + interval '5 seconds')`.execute(
      db,
    );
    await sql`insert into activity_subscribers (activity_id, agent_id, mobile, created_at)
      values (${activity}, ${w.a.id}, '13800000001', ${iso}::timestamptz),
             (${activity}, ${w.a.id}, '13800000002', ${iso}::timestamptz + interval '1 minute')`.execute(db);
    await sql`insert into comments (activity_id, agent_id, nickname, viewer_id, text, status, is_robot, created_at)
      values (${activity}, ${w.a.id}, '小明', 'viewer-a', '你好，世界
第二行', 'passed', false, ${iso}::timestamptz),
             (${activity}, ${w.a.id}, '机器人', null, '@全体', 'passed', true, ${iso}::timestamptz + interval '1 second'),
             (${activity}, ${w.a.id}, '旧评论', 'viewer-c', 'old', 'passed', false, ${iso}::timestamptz - interval '200 days')`.execute(
      db,
    );
    const vote = await sql<{ id: number }>`insert into votes (activity_id, agent_id, title, kind, max_choices, options,
        tally, status) values (${activity}, ${w.a.id}, '最佳节目', 'multiple', 2, '["歌曲","舞蹈","小品"]', '[0,0,0]',
        'published') returning id`.execute(db);
    await sql`insert into vote_ballots (vote_id, viewer_id, activity_id, agent_id, nickname, choices, created_at)
      values (${vote.rows[0]?.id}, 'viewer-a', ${activity}, ${w.a.id}, '小明', '[0,2]', ${iso}::timestamptz)`.execute(
      db,
    );
    await sql`insert into activity_inviters (activity_id, viewer_id, agent_id, nickname, invitees, last_invited_at)
      values (${activity}, 'viewer-a', ${w.a.id}, '小明', 3, ${iso}::timestamptz),
             (${activity}, 'viewer-b', ${w.a.id}, '小红', 5, ${iso}::timestamptz + interval '1 minute'),
             (${activity}, 'viewer-d', ${w.a.id}, '没邀请', 0, null)`.execute(db);
    const template = await w.call('PUT', `/activity/${activity}/template`, {
      token: w.aToken,
      body: { allowedMobiles: ['13900000001', '13900000002', '13900000003'] },
    });
    expect(template.status, template.text).toBe(200);
    // A paid gift, through the watch page and the sandbox pay page: its ledger entry is the gift-reward income.
    const gift = await w.call('POST', '/v3/agent/gift', {
      token: w.aToken,
      body: { name: '玫瑰', price: 100, icon: '/files/g.png', sort: 1 },
    });
    expect(gift.status, gift.text).toBe(200);
    const ordered = await w.call('POST', `/watch/${activity}/gift`, {
      body: { giftId: gift.body.id, count: 3, nickname: '小红' },
      headers: { cookie: signedViewerCookie(w.t.ctx, GIFT_VIEWER) },
    });
    expect(ordered.status, ordered.text).toBe(200);
    await payAtSandbox(w.t.app, ordered.body.url);
  }, 60_000);

  it('CSV cells: the database’s csv_cell is the server’s csvCell rule, for every awkward cell', async () => {
    const cells = ['', 'plain', '中文', '=1+2', '+86', '-5', '@x', '\tx', '\rx', 'a,b', 'say "hi"', 'two\nlines', "'q"];
    const { rows } = await sql<{ cell: string }>`select csv_cell(c) as cell
      from unnest(${cells}::text[]) with ordinality as t(c, n) order by n`.execute(w.t.ctx.db);
    expect(rows.map((row) => row.cell)).toEqual(cells.map(csvCell));
    const nothing = await sql<{ cell: string }>`select csv_cell(null) as cell`.execute(w.t.ctx.db);
    expect(nothing.rows[0]?.cell).toBe('');
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('-1,2')).toBe(`"'-1,2"`);
  });

  it('user visits: every visit of the range, latest first, Beijing times, formula-safe cells', async () => {
    const file = await download(`/activity/${activity}/stats/user-visits/csv`);
    expect(file.headings).toEqual(labels('user-visits'));
    expect(file.rows).toHaveLength(3);
    // visitAt descending (seed 001 §7), in Beijing time.
    expect(file.rows.map((row) => row[0])).toEqual([
      formatBeijingTime(new Date(at.getTime() + 2 * 3600_000)),
      formatBeijingTime(new Date(at.getTime() + 3600_000)),
      formatBeijingTime(at),
    ]);
    expect(file.rows[0]?.[0]).toMatch(/ 20:20:30$/);
    expect(file.rows[0]?.slice(1, 6)).toEqual(['viewer-b', '手机', '微信', '', 'https://mp.weixin.qq.com/s, "x"']);
    expect(file.rows[2]?.[5]).toBe(`'=HYPERLINK("x")`);
    expect(file.rows[2]?.[6]).toBe('90');
    // A wider range takes the visit 200 days ago too; fields choose the columns, in the file's order.
    const wide = await download(
      `/activity/${activity}/stats/user-visits/csv?startTime=${addDays(statsToday(), -300)}&fields=ip,viewerId`,
    );
    expect(wide.headings).toEqual(['观众ID', 'IP地址']);
    expect(wide.rows.at(-1)).toEqual(['viewer-c', '9.9.9.9']);
  });

  it('the other downloads: headings, rows and their count', async () => {
    const checkins = await download(`/v2/activity/${activity}/checkin/data/csv`);
    expect(checkins.headings).toEqual(labels('checkin-data'));
    expect(checkins.rows).toEqual([
      [formatBeijingTime(at), '上午签到', '小明', 'viewer-a'],
      [formatBeijingTime(new Date(at.getTime() + 5000)), '上午签到', "'+小红", 'viewer-b'],
    ]);
    const users = await download(`/activity/${activity}/user/download`);
    expect(users.headings).toEqual(labels('users'));
    expect(users.rows).toEqual([
      ['viewer-a', formatBeijingTime(at), formatBeijingTime(new Date(at.getTime() + 3630_000)), '2', '120'],
      [
        'viewer-b',
        formatBeijingTime(new Date(at.getTime() + 7200_000)),
        formatBeijingTime(new Date(at.getTime() + 7200_000)),
        '1',
        '0',
      ],
    ]);
    const subscribers = await download(`/v3/activity/${activity}/subscribers/csv`);
    expect(subscribers.headings).toEqual(labels('subscribers'));
    expect(subscribers.rows.map((row) => row[0])).toEqual(['13800000002', '13800000001']);
    const mobiles = await download(`/activity/${activity}/whitelist/mobile/csv`);
    expect(mobiles.rows).toEqual([
      ['1', '13900000001'],
      ['2', '13900000002'],
      ['3', '13900000003'],
    ]);
    const stats = await download(`/activity/${activity}/stats/download`);
    expect(stats.headings).toEqual(labels('stats'));
    expect(stats.rows).toEqual([[addDays(statsToday(), -2), '3', '2', '120', '60']]);
    const comments = await download(`/activity/${activity}/comment/download`);
    expect(comments.headings).toEqual(labels('comments'));
    expect(comments.rows).toEqual([
      [formatBeijingTime(at), '小明', 'viewer-a', '你好，世界\n第二行', '已通过', '真实观众'],
      [formatBeijingTime(new Date(at.getTime() + 1000)), '机器人', '', "'@全体", '已通过', '虚拟观众'],
    ]);
    const shares = await download(`/activity/${activity}/stats/top/share?format=csv`);
    expect(shares.headings).toEqual(labels('top-share'));
    expect(shares.rows.map((row) => row.slice(0, 4))).toEqual([
      ['1', '小红', 'viewer-b', '5'],
      ['2', '小明', 'viewer-a', '3'],
    ]);
    // Without format=csv the same path is still the ranking's JSON.
    expect((await get(`/activity/${activity}/stats/top/share`)).body.items).toHaveLength(2);
    const topGift = await download(`/activity/${activity}/stats/top/gift?format=csv`);
    expect(topGift.headings).toEqual(labels('top-gift'));
    expect(topGift.rows).toEqual([['1', '小红', GIFT_VIEWER, '3', '3.00', expect.stringMatching(/^\d{4}-/)]]);
    const votes = await download(`/v3/activity/${activity}/data-stats/votes/download`);
    expect(votes.rows).toEqual([[formatBeijingTime(at), '最佳节目', '小明', 'viewer-a', '歌曲、小品']]);
    const wechat = await download(`/v3/activity/${activity}/data-stats/wechat-users/download`);
    expect(wechat.rows.map((row) => row[0])).toEqual(['viewer-a', 'viewer-b']);
  });

  it('gain details: the gift rewards from the ledger, and paid viewing (none yet) with its headings', async () => {
    const gifts = await download(`/agent/${w.a.id}/gain-details/download?type=gift-reward&activityId=${activity}`);
    expect(gifts.headings).toEqual(labels('gift-reward'));
    expect(gifts.rows).toHaveLength(1);
    // Paid 3 × ¥1; the income is the ledger's credit to the agent, after the platform's fee.
    const credit = await sql<{ amount: string }>`select -amount as amount from ledger_entries
      where agent_id = ${w.a.id} and account = 'audience_sales' and gift_order_id is not null`.execute(w.t.ctx.db);
    const earned = (Number(credit.rows[0]?.amount) / 100).toFixed(2);
    expect(gifts.rows[0]?.slice(2)).toEqual(['小红', GIFT_VIEWER, '玫瑰', '3', '3.00', earned]);
    const all = await download(`/agent/${w.a.id}/gain-details/download?type=gift-reward`);
    expect(all.rows).toHaveLength(1);
    const perView = await download(`/agent/${w.a.id}/gain-details/download?type=per-view&activityId=${activity}`);
    expect(perView).toEqual({ headings: labels('per-view'), rows: [] });
    // The sub-account's gain details hold only its own activities' income.
    const sub = await download(`/agent/${w.a.id}/gain-details/download?type=gift-reward`, w.subToken);
    expect(sub.rows).toEqual([]);
  });

  it('streams past one batch: 12,000 visits in keyset batches, each once, latest first', async () => {
    const big = await w.activity(w.aToken, '大活动');
    // Written past the statistics' rollup triggers (they are not what this test is about, and cost seconds here).
    await w.t.ctx.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`insert into visits (activity_id, agent_id, viewer_id, device, started_at, last_seen_at)
        select ${big}, ${w.a.id}, 'v' || n, 'mobile', now() - make_interval(secs => n / 10.0), now()
        from generate_series(1, 12000) n`.execute(trx);
    });
    const file = await download(`/activity/${big}/stats/user-visits/csv?fields=viewerId`);
    expect(file.rows).toHaveLength(12_000);
    expect(new Set(file.rows.map((row) => row[0])).size).toBe(12_000);
    expect(file.rows[0]).toEqual(['v1']);
    expect(file.rows.at(-1)).toEqual(['v12000']);
    const users = await download(`/activity/${big}/user/download?fields=viewerId`);
    expect(users.rows).toHaveLength(12_000);
  });

  it.runIf(engine === 'postgres')(
    'on PostgreSQL a CSV streams through COPY; past the copies a process runs at once, through batches, the same bytes',
    async () => {
      const url = `/activity/${activity}/stats/user-visits/csv`;
      const { database } = w.t.ctx;
      const copies: number[] = [];
      const copyLines = database.copyLines;
      database.copyLines = (query) => {
        const lines = copyLines(query);
        copies.push(lines ? 1 : 0);
        return lines;
      };
      try {
        const copied = await get(url);
        expect(copied.status, copied.text).toBe(200);
        expect(copies).toEqual([1]);
        // Every copy taken (and left at once): the next download reads in batches.
        const held = Array.from({ length: COPY_LIMIT }, () => copyLines(sql`select 'x'`.compile(w.t.ctx.db)));
        const batched = await get(url);
        expect(copies).toEqual([1, 0]);
        for (const lines of held) for await (const _ of lines ?? []) break;
        expect(batched.text).toBe(copied.text);
        expect(readDownload(copied.text).rows.length).toBeGreaterThan(2);
      } finally {
        database.copyLines = copyLines;
      }
    },
  );

  it('XLSX where people expect it: the users and the statistics, read back as a workbook', async () => {
    const response = await get(`/activity/${activity}/user/download?format=xlsx`);
    expect(response.status, response.text).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(response.headers['content-disposition'])).toMatch(
      /^attachment; filename="users-\d+-\d{8}\.xlsx"; filename\*=UTF-8''%E7%94%A8%E6%88%B7%E8%A7%82%E7%9C%8B-/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (
        await w.t.app.inject({
          method: 'GET',
          url: `/api/activity/${activity}/user/download?format=xlsx`,
          headers: { authorization: `Bearer ${w.aToken}` },
        })
      ).rawPayload as unknown as ArrayBuffer,
    );
    const [sheet] = workbook.worksheets;
    if (!sheet) throw new Error('no sheet');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(labels('users'));
    expect(values(2)?.[0]).toBe('viewer-a');
    expect(sheet.rowCount).toBe(3);
    // A list nobody sorts in Excel stays CSV.
    expectError(
      await get(`/activity/${activity}/comment/download?format=xlsx`),
      400,
      'format: This export is CSV only',
      {
        code: ERROR_CODES.validation,
        field: 'format',
      },
    );
  });

  it('a file names itself in Chinese (RFC 5987) with a plain fallback, and is never cached', async () => {
    const response = await get(`/activity/${activity}/comment/download`);
    const disposition = String(response.headers['content-disposition']);
    const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe(`评论-${activity}-${statsToday().replaceAll('-', '')}.csv`);
    expect(disposition).toContain(`filename="comments-${activity}-`);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('the data-statistics tabs show the rows their download holds, a page at a time, with the total', async () => {
    for (const kind of DATA_STATS_TABS) {
      const page = await get(`/v3/activity/${activity}/data-stats/${kind}?pageSize=100`);
      expect(page.status, `${kind}: ${page.text}`).toBe(200);
      expect(page.body.columns.map((c: { label: string }) => c.label)).toEqual(labels(kind));
      const file = await download(`/v3/activity/${activity}/data-stats/${kind}/download`);
      // The file's cells are the screen's, through the CSV cell rule.
      expect(file.rows, kind).toEqual(
        page.body.items.map((row: string[]) => row.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell))),
      );
      expect(page.body.pager.total, kind).toBe(file.rows.length);
    }
    const paged = await get(`/v3/activity/${activity}/data-stats/allowed-mobiles?page=2&pageSize=2`);
    expect(paged.body).toMatchObject({ items: [['3', '13900000003']], pager: { page: 2, pageSize: 2, total: 3 } });
    const ranked = await get(`/v3/activity/${activity}/data-stats/top-share?page=2&pageSize=1`);
    expect(ranked.body.items[0].slice(0, 2)).toEqual(['2', '小明']);
  });

  it('the export token: a link with et downloads without the bearer; a dead, old, forged or foreign one is refused', async () => {
    const et = await exportToken();
    const url = `/activity/${activity}/comment/download?et=${encodeURIComponent(et)}`;
    const ok = await w.call('GET', url);
    expect(ok.status, ok.text).toBe(200);
    expect(readDownload(ok.text).rows).toHaveLength(2);
    // Only download routes take it.
    expectError(await w.call('GET', `/activity/${activity}/stats?et=${et}`), 401, ERROR_MESSAGES.unauthorized, {
      code: ERROR_CODES.unauthorized,
    });
    expect((await w.call('GET', `/v3/activity/${activity}/data-stats/comments?et=${et}`)).status).toBe(401);
    // Forged, or signed for another purpose.
    expect((await w.call('GET', `/activity/${activity}/comment/download?et=${et}x`)).status).toBe(401);
    const upload = signToken('test-secret', 'upload', { agentId: w.a.id, subagentId: null, sessionId: 1 }, 60_000);
    expect((await w.call('GET', `/activity/${activity}/comment/download?et=${upload.token}`)).status).toBe(401);
    // Expired.
    const session = await w.t.ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('agentId', '=', w.a.id)
      .executeTakeFirstOrThrow();
    const old = signToken(
      'test-secret',
      MESSAGE_TOKEN_PURPOSE,
      { agentId: w.a.id, subagentId: null, sessionId: session.id },
      -1,
    );
    expect((await w.call('GET', `/activity/${activity}/comment/download?et=${old.token}`)).status).toBe(401);
    // Claiming another agent than its session's.
    const lying = signToken(
      'test-secret',
      MESSAGE_TOKEN_PURPOSE,
      { agentId: w.b.id, subagentId: null, sessionId: session.id },
      60_000,
    );
    expect((await w.call('GET', `/activity/${activity}/comment/download?et=${lying.token}`)).status).toBe(401);
    // Agent B's token reaches only B's activities.
    const bEt = await exportToken(w.bToken);
    expectError(
      await w.call('GET', `/activity/${activity}/comment/download?et=${bEt}`),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    // A sub-account's token reaches only its own activities.
    const subEt = await exportToken(w.subToken);
    expect((await w.call('GET', `/activity/${activity}/comment/download?et=${subEt}`)).status).toBe(404);
    expect((await w.call('GET', `/activity/${w.subActivityId}/comment/download?et=${subEt}`)).status).toBe(200);
    // The token dies with its session: after logout it is refused.
    const token = await login(w.t.app, w.a.mobile, w.a.password);
    const dying = await exportToken(token);
    expect((await w.call('GET', `/activity/${activity}/comment/download?et=${dying}`)).status).toBe(200);
    const out = await w.call('GET', '/logout', { token });
    expect(out.status, out.text).toBe(200);
    expect((await w.call('GET', `/activity/${activity}/comment/download?et=${dying}`)).status).toBe(401);
    // The request log never shows it.
    expect(redactUrl(`/api${url}`)).not.toContain(et.slice(0, 20));
  });

  it('an export as a download-center task: counted progress, and a file with the download’s rows', async () => {
    const created = await w.call('POST', '/v3/task/', {
      token: w.aToken,
      body: { label: 'download', kind: 'export', activityId: activity, params: { export: 'comments' } },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({ kind: 'export', name: '评论.csv', status: 'pending' });
    expect(await w.t.ctx.tasks.drain()).toBe(1);
    const done = await w.call('GET', `/v3/task/${created.body.id}`, { token: w.aToken });
    expect(done.body).toMatchObject({ status: 'done', progress: { done: 2, total: 2, percent: 100 } });
    const file = await w.t.app.inject({
      method: 'GET',
      url: done.body.downloadUrl,
      headers: { authorization: `Bearer ${w.aToken}` },
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(readDownload(file.body)).toEqual(await download(`/activity/${activity}/comment/download`));
    // The task's params are the download's: unknown fields and a CSV-only export as XLSX are refused at once.
    for (const [params, field] of [
      [{ export: 'comments', fields: ['nope'] }, 'params.fields'],
      [{ export: 'comments', format: 'xlsx' }, 'params.format'],
      [{ export: 'nope' }, 'params.export'],
    ] as const) {
      const refused = await w.call('POST', '/v3/task/', {
        token: w.aToken,
        body: { kind: 'export', activityId: activity, params },
      });
      expect(refused.status, JSON.stringify(params)).toBe(400);
      expect(refused.body.field).toBe(field);
    }
    // Another agent's activity is refused when the task is made.
    const foreign = await w.call('POST', '/v3/task/', {
      token: w.bToken,
      body: { kind: 'export', activityId: activity, params: { export: 'comments' } },
    });
    expect(foreign.status).toBe(404);
  });

  it('field sets: each set’s exports and fields, its type (pdf, visit, login, core, share by default)', async () => {
    const types: Record<string, string> = {
      'user-visit': 'visit',
      'top-share': 'share',
      'activity-login-list': 'login',
      'activity-stats-download': 'core',
      'export-pdf': 'pdf',
      'custom-export': 'share',
    };
    for (const [name, type] of Object.entries(types)) {
      const set = await get(`/v3/task/export-fields/${name}`);
      expect(set.status, set.text).toBe(200);
      expect(set.body.type).toBe(type);
    }
    const visits = await get('/v3/task/export-fields/user-visit');
    expect(visits.body.exports).toEqual([
      expect.objectContaining({ kind: 'user-visits', dated: true, formats: ['csv', 'xlsx'] }),
    ]);
    expect(visits.body.exports[0].fields[0]).toEqual({ key: 'visitAt', label: '访问时间' });
    const custom = await get('/v3/task/export-fields/custom-export');
    expect(custom.body.exports.map((e: { kind: string }) => e.kind)).toContain('gift-reward');
    const pdf = await get('/v3/task/export-fields/export-pdf');
    expect(pdf.body.exports[0].kind).toBe('report');
    expect((await get('/v3/task/export-fields/nope')).body.field).toBe('name');

    const resolved = await w.call('POST', '/v3/task/export-fields/custom-export', {
      token: w.aToken,
      body: { kind: 'user-visits', fields: ['ip', 'visitAt'] },
    });
    expect(resolved.body).toEqual({
      kind: 'user-visits',
      fields: [
        { key: 'visitAt', label: '访问时间' },
        { key: 'ip', label: 'IP地址' },
      ],
    });
    const unknown = await w.call('POST', '/v3/task/export-fields/custom-export', {
      token: w.aToken,
      body: { kind: 'user-visits', fields: ['ip', 'nope'] },
    });
    expectError(unknown, 400, 'fields.1: Unknown field nope', { code: ERROR_CODES.validation, field: 'fields.1' });
    expect((await get(`/activity/${activity}/comment/download?fields=text,nope`)).body.field).toBe('fields');
  });

  it('table columns: all of them until saved, then the saved ones in order, per agent and per sub-account', async () => {
    const before = await get('/v3/agent/table-thead/user-visits');
    expect(before.body).toEqual({
      id: 'user-visits',
      fields: EXPORT_FIELDS['user-visits'].map((f) => f.key),
      saved: false,
    });
    const saved = await w.call('PUT', '/v3/agent/table-thead/user-visits', {
      token: w.aToken,
      body: { fields: ['ip', 'visitAt'] },
    });
    expect(saved.body).toEqual({ id: 'user-visits', fields: ['visitAt', 'ip'], saved: true });
    expect((await get('/v3/agent/table-thead/user-visits')).body.fields).toEqual(['visitAt', 'ip']);
    // Another agent, and A's own sub-account, keep their own.
    expect((await get('/v3/agent/table-thead/user-visits', w.bToken)).body.saved).toBe(false);
    expect((await get('/v3/agent/table-thead/user-visits', w.subToken)).body.saved).toBe(false);
    const bad = await w.call('PUT', '/v3/agent/table-thead/user-visits', {
      token: w.aToken,
      body: { fields: ['visitAt', 'mobile'] },
    });
    expectError(bad, 400, 'fields.1: Unknown field mobile', { code: ERROR_CODES.validation, field: 'fields.1' });
    expect((await get('/v3/agent/table-thead/nope')).body.field).toBe('id');
    expect(
      (await w.call('PUT', '/v3/agent/table-thead/comments', { token: w.aToken, body: { fields: [] } })).status,
    ).toBe(400);
    // Unchanged by the refusals.
    expect((await get('/v3/agent/table-thead/user-visits')).body.fields).toEqual(['visitAt', 'ip']);
  });

  it('tenancy: another agent’s activity or agent id answers 404, an unassigned activity too for a sub-account', async () => {
    const paths = [
      `/v2/activity/${activity}/checkin/data/csv`,
      `/activity/${activity}/user/download`,
      `/v3/activity/${activity}/subscribers/csv`,
      `/activity/${activity}/whitelist/mobile/csv`,
      `/activity/${activity}/stats/user-visits/csv`,
      `/activity/${activity}/stats/download`,
      `/activity/${activity}/comment/download`,
      `/activity/${activity}/stats/top/share?format=csv`,
      `/activity/${activity}/stats/top/gift?format=csv`,
      `/v3/activity/${activity}/data-stats/comments`,
      `/v3/activity/${activity}/data-stats/comments/download`,
    ];
    for (const path of paths) {
      expectError(await get(path, w.bToken), 404, ERROR_MESSAGES.activityNotFound);
      expectError(await get(path, w.subToken), 404, ERROR_MESSAGES.activityNotFound);
      expect((await w.call('GET', path)).status).toBe(401);
    }
    expectError(
      await get(`/agent/${w.a.id}/gain-details/download?type=gift-reward`, w.bToken),
      404,
      ERROR_MESSAGES.agentNotFound,
    );
    expectError(
      await get(`/agent/${w.b.id}/gain-details/download?type=gift-reward&activityId=${activity}`),
      404,
      ERROR_MESSAGES.agentNotFound,
    );
    expectError(
      await get(`/agent/${w.a.id}/gain-details/download?type=gift-reward&activityId=${activity}`, w.subToken),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
  });

  it('bad input: 400 naming the field', async () => {
    const today = statsToday();
    const cases: [string, string][] = [
      [`/activity/${activity}/stats/download?startTime=${today}&endTime=${addDays(today, -1)}`, 'endTime'],
      [`/activity/${activity}/stats/download?startTime=yesterday`, 'startTime'],
      [`/activity/${activity}/stats/download?format=pdf`, 'format'],
      [`/activity/${activity}/stats/download?fields=${'a'.repeat(600)}`, 'fields'],
      [`/activity/${activity}/stats/download?fields=a-b`, 'fields.0'],
      [`/activity/abc/stats/download`, 'id'],
      [`/agent/${w.a.id}/gain-details/download`, 'type'],
      [`/agent/${w.a.id}/gain-details/download?type=gift-reward&activityId=x`, 'activityId'],
      [`/v3/activity/${activity}/data-stats/nope`, 'kind'],
      [`/v3/activity/${activity}/data-stats/comments?pageSize=0`, 'pageSize'],
      [`/activity/${activity}/stats/top/gift?format=xlsx`, 'format'],
    ];
    for (const [path, field] of cases) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect(response.body.field, path).toBe(field);
    }
  });
});
