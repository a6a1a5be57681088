import { randomBytes } from 'node:crypto';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/features/finance/index.ts';
import { useWorld } from '../activity-world.ts';
import { type CallResult, createAgent, engines, sessionFor, signedViewerCookie } from '../harness.ts';
import { payAtSandbox, placeOrder } from '../price/pay-helpers.ts';

// Stream usage by day and flux (issue 13 "Views"), from the ingest's own records; the monthly statement (JSON, CSV and
// the download center's PDF) reconciled to the ledger to the fen; and the ledger check.

const GB = 1024 ** 3;

function refused(response: CallResult, status: number, named: { field?: string; message?: string } = {}) {
  expect(response.status, response.text).toBe(status);
  if (named.field) expect(response.body.field).toBe(named.field);
  if (named.message) expect(response.body.message).toBe(named.message);
}

/** A Beijing-time instant as UTC. */
const beijing = (local: string) => new Date(Date.parse(`${local}+08:00`));

describe.each(engines)('finance views of usage and statements on %s', (engine) => {
  const w = useWorld(engine);
  let act: number;
  let childId: number;

  /** A push as the ingest records it (migration 012): its span, the bytes its viewers received and its peak. */
  async function push(activityId: number, startedAt: Date, endedAt: Date | null, bytes: number, peak: number) {
    await w.t.ctx.db
      .insertInto('ingestSessions')
      .values({ activityId, agentId: w.a.id, startedAt, endedAt, playbackBytes: String(bytes), peakViewers: peak })
      .execute();
  }

  beforeAll(async () => {
    act = await w.activity(w.aToken, '发布会');
    // 23:00 to 01:30 Beijing time: one hour on the 10th, an hour and a half on the 11th.
    await push(act, beijing('2026-03-10T23:00:00'), beijing('2026-03-11T01:30:00'), 3 * GB, 40);
    await push(act, beijing('2026-03-12T10:00:00'), beijing('2026-03-12T10:10:00'), GB / 2, 12);
    await push(w.subActivityId, beijing('2026-03-12T12:00:00'), beijing('2026-03-12T12:01:00'), 1000, 3);
    childId = (await createAgent(w.t.ctx, { parentId: w.a.id })).id;
  }, 60_000);

  it('sums stream usage over a range, split per day in Beijing time, the sub-account its own pushes only', async () => {
    const range = 'startTime=2026-03-10&endTime=2026-03-12';
    const summary = await w.call('GET', `/v3/agent/stream-usage/summary?${range}`, { token: w.aToken });
    expect(summary.status, summary.text).toBe(200);
    expect(summary.body).toEqual({
      startTime: '2026-03-10',
      endTime: '2026-03-12',
      sessions: 3,
      pushSeconds: 9000 + 600 + 60,
      playbackBytes: 3 * GB + GB / 2 + 1000,
      peakViewers: 40,
      activities: 2,
    });
    const duration = await w.call('GET', `/v3/agent/stream-usage/duration?${range}`, { token: w.aToken });
    expect(duration.body.days).toEqual([
      { date: '2026-03-10', value: 3600 },
      { date: '2026-03-11', value: 5400 },
      { date: '2026-03-12', value: 660 },
    ]);
    expect(duration.body.total).toBe(9660);
    expect(duration.body.activities[0]).toMatchObject({ activityId: act, activityName: '发布会', value: 9600 });
    const flux = await w.call('GET', `/v3/agent/stream-usage/flux?${range}`, { token: w.aToken });
    expect(flux.body.days.map((day: { value: number }) => day.value)).toEqual([3 * GB, 0, GB / 2 + 1000]);
    const viewers = await w.call('GET', `/v3/agent/stream-usage/viewers?${range}`, { token: w.aToken });
    expect(viewers.body.total).toBe(40);
    // A range that cuts a push counts the part inside it.
    const second = await w.call('GET', '/v3/agent/stream-usage/duration?startTime=2026-03-11&endTime=2026-03-11', {
      token: w.aToken,
    });
    expect(second.body.days).toEqual([{ date: '2026-03-11', value: 5400 }]);

    const sub = await w.call('GET', `/v3/agent/stream-usage/summary?${range}`, { token: w.subToken });
    expect(sub.body).toMatchObject({ sessions: 1, pushSeconds: 60, playbackBytes: 1000, activities: 1 });
    expect((await w.call('GET', `/v3/agent/stream-usage/summary?${range}`, { token: w.bToken })).body.sessions).toBe(0);

    refused(await w.call('GET', '/v3/agent/stream-usage/bytes', { token: w.aToken }), 400, { field: 'model' });
    refused(await w.call('GET', '/v3/agent/stream-usage/summary?startTime=2026-02-30', { token: w.aToken }), 400, {
      field: 'startTime',
    });
    refused(
      await w.call('GET', '/v3/agent/stream-usage/flux?startTime=2026-03-12&endTime=2026-03-10', { token: w.aToken }),
      400,
      { field: 'endTime' },
    );
  });

  it('answers the remaining flux of the package and the credit less what playback served, and its movements', async () => {
    const none = await w.call('GET', `/agent/${w.a.id}/flux-resource`, { token: w.aToken });
    expect(none.status, none.text).toBe(200);
    // Before any package, the free plan's 10 GB, against everything served so far.
    expect(none.body).toMatchObject({ totalGb: 10, since: null, usedBytes: 3 * GB + GB / 2 + 1000 });
    expect(none.body.remainingGb).toBe(Math.floor(((10 * GB - (3 * GB + GB / 2 + 1000)) / GB) * 100) / 100);

    const order = await placeOrder(w.t.app, w.aToken, { packageId: 100001 });
    await payAtSandbox(w.t.app, order.url);
    await push(act, new Date(), new Date(), Math.round(1.5 * GB), 5);
    const resource = await w.call('GET', `/agent/${w.a.id}/flux-resource`, { token: w.aToken });
    // The trial's 20 GB (from when it started) and a credit of 2.5 GB its upper agent granted.
    expect(resource.body).toMatchObject({
      totalGb: 20,
      usedBytes: Math.round(1.5 * GB),
      usedGb: 1.5,
      remainingGb: 18.5,
    });
    await w.t.ctx.db.insertInto('agentCredits').values({ agentId: w.a.id, fluxGb: '2.5' }).execute();
    expect((await w.call('GET', `/agent/${w.a.id}/flux-resource`, { token: w.aToken })).body).toMatchObject({
      totalGb: 22.5,
      remainingGb: 21,
    });
    expect(resource.body.since).not.toBeNull();

    const moves = await w.call('GET', `/v3/agent/${w.a.id}/flux-transaction`, { token: w.aToken });
    expect(moves.status, moves.text).toBe(200);
    expect(moves.body.pager.total).toBe(5);
    const granted = moves.body.items.find((item: { kind: string }) => item.kind === 'package');
    expect(granted).toMatchObject({ key: `package-${order.orderId}`, bytes: 20 * GB, description: '试用套餐' });
    const served = moves.body.items.filter((item: { kind: string }) => item.kind === 'playback');
    expect(served.map((item: { bytes: number }) => item.bytes).sort((a: number, b: number) => a - b)).toEqual([
      -3 * GB,
      -Math.round(1.5 * GB),
      -GB / 2,
      -1000,
    ]);
    const march = await w.call(
      'GET',
      `/v3/agent/${w.a.id}/flux-transaction?startTime=2026-03-12T00:00:00Z&endTime=2026-03-13T00:00:00Z`,
      { token: w.aToken },
    );
    expect(march.body.pager.total).toBe(2);

    refused(await w.call('GET', `/agent/${w.b.id}/flux-resource`, { token: w.aToken }), 404);
    refused(await w.call('GET', `/v3/agent/${w.b.id}/flux-transaction`, { token: w.aToken }), 404);
    refused(await w.call('GET', `/agent/${w.a.id}/flux-resource`, { token: w.subToken }), 403);
    refused(await w.call('GET', `/v3/agent/${w.a.id}/flux-transaction?startTime=x`, { token: w.aToken }), 400, {
      field: 'startTime',
    });
    expect((await w.call('GET', `/agent/${childId}/flux-resource`, { token: w.aToken })).body.usedBytes).toBe(0);
  });

  it('makes a monthly statement that reconciles to the ledger to the fen, as JSON, CSV and a PDF task', async () => {
    // Money of every kind this month: a paid gift (with the platform's fee), a recharge and a red-packet recharge.
    const gift = await w.call('POST', '/v3/agent/gift', {
      token: w.aToken,
      body: { name: '火箭', price: 999, icon: '/files/r.png' },
    });
    const ordered = await w.call('POST', `/watch/${act}/gift`, {
      body: { giftId: gift.body.id, count: 3, nickname: '阿强' },
      headers: { cookie: signedViewerCookie(w.t.ctx, randomBytes(16).toString('base64url')) },
    });
    await payAtSandbox(w.t.app, ordered.body.url);
    const recharge = await w.call('POST', `/v3/agent/${w.a.id}/recharge-order`, {
      token: w.aToken,
      body: { amount: 12345 },
    });
    await payAtSandbox(w.t.app, recharge.body.payUrl);

    const month = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
    const statement = await w.call('GET', `/v3/agent/${w.a.id}/statement?month=${month}`, { token: w.aToken });
    expect(statement.status, statement.text).toBe(200);
    const entries = await w.t.ctx.db.selectFrom('ledgerEntries').selectAll().where('agentId', '=', w.a.id).execute();
    const byAccount = new Map<string, number>();
    for (const entry of entries)
      byAccount.set(entry.account, (byAccount.get(entry.account) ?? 0) + Number(entry.amount));
    expect(statement.body.accounts.map((a: { account: string }) => a.account).sort()).toEqual(
      [...byAccount.keys()].sort(),
    );
    for (const account of statement.body.accounts) {
      expect(account.closing).toBe(byAccount.get(account.account));
      expect(account.opening + account.debits - account.credits).toBe(account.closing);
    }
    expect(statement.body.lines).toHaveLength(entries.length);
    expect(statement.body.lines.reduce((sum: number, line: { amount: number }) => sum + line.amount, 0)).toBe(0);
    expect(statement.body.truncated).toBe(false);
    // A month before any money: nothing moved, nothing owed.
    const before = await w.call('GET', `/v3/agent/${w.a.id}/statement?month=2020-01`, { token: w.aToken });
    expect(before.body).toMatchObject({ accounts: [], lines: [] });

    // The CSV: per account its opening, every entry and its closing, in yuan written from whole fen.
    const csv = await w.call('GET', `/v3/agent/${w.a.id}/statement/download?month=${month}`, { token: w.aToken });
    expect(csv.status, csv.text).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    const rows = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(rows[0]?.[0]).toBe('时间（北京时间）');
    const fen = (yuan: string | undefined) => (yuan ? Math.round(Number(yuan) * 100) : 0);
    const closings = rows.filter((row) => row[2] === '期末余额');
    expect(closings).toHaveLength(byAccount.size);
    const entryRows = rows.slice(1).filter((row) => row[2] !== '期初余额' && row[2] !== '期末余额');
    expect(entryRows).toHaveLength(entries.length);
    const debits = entryRows.reduce((sum, row) => sum + fen(row[5]), 0);
    const credits = entryRows.reduce((sum, row) => sum + fen(row[6]), 0);
    expect(debits).toBe(credits);
    expect(rows.some((row) => row[2] === '火箭' && row[6] !== '')).toBe(true);
    expect(rows.some((row) => row[5] === '123.45')).toBe(true);

    // The PDF, made by the download center's worker.
    await w.t.ctx.tasks.stop();
    const task = await w.call('POST', '/v3/task/', {
      token: w.aToken,
      body: { label: 'download', kind: 'finance-statement', params: { month } },
    });
    expect(task.status, task.text).toBe(200);
    expect(task.body.name).toBe(`对账单-${month}.pdf`);
    expect(await w.t.ctx.tasks.drain()).toBe(1);
    const done = await w.call('GET', `/v3/task/${task.body.id}`, { token: w.aToken });
    expect(done.body.status, JSON.stringify(done.body)).toBe('done');
    const file = await w.t.app.inject({
      method: 'GET',
      url: `/api/v3/task/${task.body.id}/file`,
      headers: { authorization: `Bearer ${w.aToken}` },
    });
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(file.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain(`月度对账单 ${month}`);
    expect(text).toContain('观众收入');
    expect(text).toContain('123.45');

    refused(
      await w.call('POST', '/v3/task/', {
        token: w.aToken,
        body: { label: 'download', kind: 'finance-statement', params: { month: '2026-13' } },
      }),
      400,
      { field: 'params.month' },
    );
    refused(await w.call('GET', `/v3/agent/${w.a.id}/statement?month=2026-3`, { token: w.aToken }), 400, {
      field: 'month',
    });
    refused(await w.call('GET', `/v3/agent/${w.a.id}/statement`, { token: w.aToken }), 400, { field: 'month' });
    refused(await w.call('GET', `/v3/agent/${w.b.id}/statement?month=${month}`, { token: w.aToken }), 404);
    refused(await w.call('GET', `/v3/agent/${w.b.id}/statement/download?month=${month}`, { token: w.aToken }), 404);
    refused(await w.call('GET', `/v3/agent/${w.a.id}/statement?month=${month}`, { token: w.subToken }), 403);
    // A lower agent's statement is its upper agent's to read (agent administration).
    expect((await w.call('GET', `/v3/agent/${childId}/statement?month=${month}`, { token: w.aToken })).status).toBe(
      200,
    );
  });

  it('checks that every txn balances and every kept amount equals the sum of its entries, and names what does not', async () => {
    const mine = await w.call('GET', '/v3/agent/ledger-check', { token: w.aToken });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.problems).toEqual([]);
    expect(mine.body.ok).toBe(true);
    expect(mine.body.entries).toBeGreaterThan(0);
    expect(mine.body.accounts.reduce((sum: number, a: { sum: number }) => sum + a.sum, 0)).toBe(0);
    refused(await w.call('GET', '/v3/agent/ledger-check', { token: w.subToken }), 403);
    expect((await checkLedger(w.t.ctx.db, null)).ok).toBe(true);

    // A red packet whose remaining money was changed beside the ledger is found, for its agent only.
    const other = await createAgent(w.t.ctx, {});
    const otherToken = await sessionFor(w.t.ctx, other.id);
    const otherAct = await w.activity(otherToken);
    const recharge = await w.call('POST', '/v3/agent/red-pack/recharge', { token: otherToken, body: { amount: 1000 } });
    await payAtSandbox(w.t.app, recharge.body.payUrl);
    const sent = await w.call('POST', `/v3/activity/${otherAct}/red-packets`, {
      token: otherToken,
      body: { mode: 'fixed', totalAmount: 600, count: 2 },
    });
    expect(sent.status, sent.text).toBe(200);
    await w.t.ctx.db.updateTable('redPackets').set({ remainingAmount: 500 }).where('id', '=', sent.body.id).execute();
    const found = await w.call('GET', '/v3/agent/ledger-check', { token: otherToken });
    expect(found.body.ok).toBe(false);
    expect(found.body.problems).toEqual([
      {
        check: 'red_pack_held = remaining money of the packets sent',
        subject: `agent ${other.id}`,
        expected: 500,
        found: 600,
      },
    ]);
    expect((await w.call('GET', '/v3/agent/ledger-check', { token: w.aToken })).body.ok).toBe(true);
    const all = await checkLedger(w.t.ctx.db, null);
    expect(all.problems.map((problem) => problem.subject)).toEqual([`agent ${other.id}`]);
  });
});
