import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERROR_CODES, ERROR_MESSAGES, RECENT_TASKS, TASK_ERRORS, TASK_MAX_WAITING } from '@yanbo/contracts';
import { sql } from 'kysely';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { useWorld } from '../activity-world.ts';
import { call, engines, expectError } from '../harness.ts';

// The download center (seed 001 §7): every call with its error paths and tenancy, the post-event report made as a
// task and read back as a PDF with the activity's real figures, and a task that outlives its server.

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130 Safari/537.36';

async function pdfText(body: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}

describe.each(engines)('the download center on %s', (engine) => {
  const w = useWorld(engine);

  beforeAll(async () => {
    // The tests run the queue themselves, one task at a time.
    await w.t.ctx.tasks.stop();
  });

  const createReport = (token: string, activityId: number, params: object = {}, headers?: Record<string, string>) =>
    w.call('POST', '/v3/task/', { token, body: { label: 'download', kind: 'report', activityId, params }, headers });

  async function fileOf(token: string, taskId: number) {
    const response = await w.t.app.inject({
      method: 'GET',
      url: `/api/v3/task/${taskId}/file`,
      headers: { authorization: `Bearer ${token}` },
    });
    return response;
  }

  it('makes the post-event report as a task: progress, then a PDF with the activity’s own figures in Chinese', async () => {
    const id = await w.activity(w.aToken, '春季发布会');
    for (const ua of [PHONE_UA, PHONE_UA, DESKTOP_UA]) {
      const visit = await w.call('POST', `/watch/${id}/visit`, { body: {}, headers: { 'user-agent': ua } });
      expect(visit.status, visit.text).toBe(200);
    }
    const created = await createReport(w.aToken, id);
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({
      label: 'download',
      kind: 'report',
      // Named after its activity from the start, before the file exists.
      name: '春季发布会-数据报告.pdf',
      activityId: id,
      status: 'pending',
      progress: { done: 0, total: null, percent: 0 },
      error: null,
      downloadUrl: null,
    });
    const taskId = created.body.id as number;
    expect((await fileOf(w.aToken, taskId)).statusCode).toBe(409);

    expect(await w.t.ctx.tasks.drain()).toBe(1);
    const done = await w.call('GET', `/v3/task/${taskId}`, { token: w.aToken });
    expect(done.body).toMatchObject({
      status: 'done',
      name: '春季发布会-数据报告.pdf',
      progress: { percent: 100 },
      attempts: 1,
      downloadUrl: `/api/v3/task/${taskId}/file`,
    });
    expect(done.body.fileSize).toBeGreaterThan(1_000);

    const file = await fileOf(w.aToken, taskId);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent('春季发布会-数据报告.pdf')}`,
    );
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.length).toBe(done.body.fileSize);
    // The font is embedded as a subset of the glyphs the report uses, so the file stays small.
    expect(file.rawPayload.length).toBeLessThan(200_000);
    const { text, pages } = await pdfText(file.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(text).toContain('春季发布会 数据报告');
    for (const heading of [
      '核心数据',
      '访问趋势',
      '同时在线人数',
      '互动与收入',
      '终端分布',
      '浏览器分布',
      '地域分布（省份）',
      '礼物排行',
    ])
      expect(text).toContain(heading);
    // Not pushed in the range: no concurrent viewers; the visits came from loopback, counted as 局域网.
    expect(text).toContain('统计区间内未直播');
    expect(text).toMatch(/局域网\s+3（100\.0%）/);
    const overview = (await w.call('GET', `/activity/${id}/stats`, { token: w.aToken })).body;
    expect(overview).toMatchObject({ pv: 3, uv: 3 });
    // The cards' values, as the statistics answer them: 3 visits by 3 viewers, two phones and one computer.
    expect(text).toMatch(/访问量（PV）\s+3\s/);
    expect(text).toMatch(/访客数（UV）\s+3\s/);
    expect(text).toMatch(/手机\s+2（66\.7%）/);
    expect(text).toMatch(/电脑\s+1（33\.3%）/);
  });

  it('lists the caller’s tasks newest first with a pager, and the recent few', async () => {
    const id = await w.activity(w.aToken);
    const ids: number[] = [];
    for (let i = 0; i < RECENT_TASKS + 1; i++) ids.push((await createReport(w.aToken, id)).body.id);
    const list = await w.call('GET', `/v3/task?label=download&activityId=${id}&page=1&pageSize=4`, {
      token: w.aToken,
    });
    expect(list.status, list.text).toBe(200);
    expect(list.body.pager).toEqual({ page: 1, pageSize: 4, total: RECENT_TASKS + 1 });
    expect(list.body.items.map((task: { id: number }) => task.id)).toEqual(ids.slice().reverse().slice(0, 4));
    const pending = await w.call('GET', `/v3/task?activityId=${id}&status=done`, { token: w.aToken });
    expect(pending.body.items).toEqual([]);
    const recent = await w.call('GET', '/v3/agent/download-center/recent', { token: w.aToken });
    expect(recent.body.items.map((task: { id: number }) => task.id)).toEqual(
      ids.slice().reverse().slice(0, RECENT_TASKS),
    );
    // B sees none of them.
    const other = await w.call('GET', '/v3/agent/download-center/recent', { token: w.bToken });
    expect(other.body.items.filter((task: { id: number }) => ids.includes(task.id))).toEqual([]);
    for (const taskId of ids) await w.call('DELETE', `/v3/task/${taskId}`, { token: w.aToken });
  });

  it('refuses what is not a task it can run: unknown kind, bad params, no activity, another agent’s activity', async () => {
    const id = await w.activity(w.aToken);
    const before = await w.t.ctx.db.selectFrom('tasks').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expectError(
      await w.call('POST', '/v3/task/', { token: w.aToken, body: { kind: 'nope', activityId: id } }),
      400,
      `kind: ${TASK_ERRORS.unknownKind}`,
      { code: ERROR_CODES.validation, field: 'kind' },
    );
    const badRange = await createReport(w.aToken, id, { startTime: 'yesterday' });
    expect(badRange.status).toBe(400);
    expect(badRange.body.field).toBe('params.startTime');
    const backwards = await createReport(w.aToken, id, { startTime: '2026-03-02', endTime: '2026-03-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.field).toBe('params.endTime');
    const tooLong = await createReport(w.aToken, id, { startTime: '2024-01-01', endTime: '2026-03-01' });
    expect(tooLong.body.field).toBe('params.startTime');
    expectError(
      await w.call('POST', '/v3/task/', { token: w.aToken, body: { kind: 'report' } }),
      400,
      `activityId: ${TASK_ERRORS.activityRequired}`,
      { code: ERROR_CODES.validation, field: 'activityId' },
    );
    expectError(await createReport(w.aToken, await w.activity(w.bToken)), 404, ERROR_MESSAGES.activityNotFound);
    expect(
      (await w.call('POST', '/v3/task/', { token: w.aToken, body: { kind: 'report', label: 'x' } })).body.field,
    ).toBe('label');
    expect((await w.call('GET', '/v3/task?label=upload', { token: w.aToken })).status).toBe(400);
    expect((await w.call('GET', '/v3/task/abc', { token: w.aToken })).status).toBe(400);
    expect((await w.call('GET', '/v3/task', {})).status).toBe(401);
    const after = await w.t.ctx.db.selectFrom('tasks').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('makes one task of a create sent twice with one Idempotency-Key', async () => {
    const id = await w.activity(w.aToken);
    const headers = { 'idempotency-key': `report-${id}` };
    const first = await createReport(w.aToken, id, {}, headers);
    const again = await createReport(w.aToken, id, {}, headers);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const list = await w.call('GET', `/v3/task?activityId=${id}`, { token: w.aToken });
    expect(list.body.pager.total).toBe(1);
    await w.call('DELETE', `/v3/task/${first.body.id}`, { token: w.aToken });
  });

  it('keeps tasks to their agent, and a sub-account to its own tasks and its activities’', async () => {
    const id = await w.activity(w.aToken);
    const aTask = (await createReport(w.aToken, id)).body.id;
    const subTask = (await createReport(w.subToken, w.subActivityId)).body.id;
    for (const [method, url] of [
      ['GET', `/v3/task/${aTask}`],
      ['GET', `/v3/task/${aTask}/file`],
      ['DELETE', `/v3/task/${aTask}`],
    ] as const) {
      expectError(await w.call(method, url, { token: w.bToken }), 404, TASK_ERRORS.taskNotFound);
      expectError(await w.call(method, url, { token: w.subToken }), 404, TASK_ERRORS.taskNotFound);
    }
    // The main account sees its sub-account's task; the sub-account its own.
    expect((await w.call('GET', `/v3/task/${subTask}`, { token: w.aToken })).status).toBe(200);
    expect((await w.call('GET', `/v3/task/${subTask}`, { token: w.subToken })).status).toBe(200);
    const subList = await w.call('GET', '/v3/task', { token: w.subToken });
    expect(subList.body.items.map((task: { id: number }) => task.id)).toContain(subTask);
    expect(subList.body.items.map((task: { id: number }) => task.id)).not.toContain(aTask);
    // A task the main account made on the sub-account's activity is the sub-account's business too.
    const onSubActivity = (await createReport(w.aToken, w.subActivityId)).body.id;
    expect((await w.call('GET', `/v3/task/${onSubActivity}`, { token: w.subToken })).status).toBe(200);
    for (const taskId of [aTask, subTask, onSubActivity])
      await w.call('DELETE', `/v3/task/${taskId}`, { token: w.aToken });
  });

  it('refuses a create past the tasks one agent may have waiting, until one of them ends', async () => {
    const id = await w.activity(w.bToken);
    const ids: number[] = [];
    for (let i = 0; i < TASK_MAX_WAITING; i++) {
      const created = await createReport(w.bToken, id);
      expect(created.status, created.text).toBe(200);
      ids.push(created.body.id);
    }
    const refused = await createReport(w.bToken, id);
    expectError(refused, 429, TASK_ERRORS.tooManyWaiting, { code: ERROR_CODES.rateLimited });
    expect(refused.headers['retry-after']).toBe('10');
    // Another agent's queue is its own.
    expect((await createReport(w.aToken, await w.activity(w.aToken))).status).toBe(200);
    await w.call('DELETE', `/v3/task/${ids[0]}`, { token: w.bToken });
    expect((await createReport(w.bToken, id)).status).toBe(200);
    await w.t.ctx.db.deleteFrom('tasks').where('agentId', '=', w.b.id).execute();
    await w.t.ctx.tasks.drain();
  });

  it('deletes a task and its file; a deleted task is gone for every call', async () => {
    const id = await w.activity(w.aToken);
    const taskId = (await createReport(w.aToken, id)).body.id;
    await w.t.ctx.tasks.drain();
    const row = await w.t.ctx.db
      .selectFrom('tasks')
      .select('fileKey')
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(await w.t.ctx.tasks.files.open(row.fileKey ?? '')).not.toBeNull();
    expect((await w.call('DELETE', `/v3/task/${taskId}`, { token: w.aToken })).body).toEqual({ ok: true });
    expect(await w.t.ctx.tasks.files.open(row.fileKey ?? '')).toBeNull();
    expectError(await w.call('GET', `/v3/task/${taskId}`, { token: w.aToken }), 404, TASK_ERRORS.taskNotFound);
    expectError(await w.call('DELETE', `/v3/task/${taskId}`, { token: w.aToken }), 404, TASK_ERRORS.taskNotFound);
  });

  it('says why a report failed: its activity was deleted before it ran', async () => {
    const id = await w.activity(w.aToken);
    const taskId = (await createReport(w.aToken, id)).body.id;
    await w.t.ctx.db.updateTable('activities').set({ deletedAt: new Date() }).where('id', '=', id).execute();
    await w.t.ctx.tasks.drain();
    const failed = await w.call('GET', `/v3/task/${taskId}`, { token: w.aToken });
    expect(failed.body).toMatchObject({ status: 'failed', error: ERROR_MESSAGES.activityNotFound, downloadUrl: null });
  });

  it('downloads with the export token in the query, as a link the browser opens', async () => {
    const id = await w.activity(w.aToken);
    const taskId = (await createReport(w.aToken, id)).body.id;
    await w.t.ctx.tasks.drain();
    const { token } = (await w.call('POST', '/ephemeral-token', { token: w.aToken })).body;
    const file = await w.t.app.inject({
      method: 'GET',
      url: `/api/v3/task/${taskId}/file?et=${encodeURIComponent(token)}`,
    });
    expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // B's export token does not open A's file.
    const bToken = (await w.call('POST', '/ephemeral-token', { token: w.bToken })).body.token;
    const refused = await w.t.app.inject({
      method: 'GET',
      url: `/api/v3/task/${taskId}/file?et=${encodeURIComponent(bToken)}`,
    });
    expect(refused.statusCode).toBe(404);
    // The token opens downloads only: a plain call with it is refused.
    const plain = await w.t.app.inject({
      method: 'GET',
      url: `/api/v3/task/${taskId}?et=${encodeURIComponent(token)}`,
    });
    expect(plain.statusCode).toBe(401);
  });
});

describe.each(engines)('a task queued on a server that stops, on %s', (engine) => {
  const w = useWorld(engine);
  let second: BuiltApp | undefined;
  let secondDir = '';
  afterAll(async () => {
    await second?.close();
    if (secondDir) await rm(secondDir, { recursive: true, force: true });
  });

  it('is run by the next server on the same database', async () => {
    const { ctx } = w.t;
    await ctx.tasks.stop();
    const id = await w.activity(w.aToken);
    const taskId = (await createReportOn(w, id)).id;
    // The first server goes away with the task still waiting: a new one starts on the same database.
    secondDir = await mkdtemp(path.join(tmpdir(), 'yanbo-restarted-'));
    if (engine === 'pglite') {
      await sql`checkpoint`.execute(ctx.db);
      await cp(path.join(w.t.dataDir, 'pgdata'), path.join(secondDir, 'pgdata'), { recursive: true });
    }
    second = await buildApp(
      loadConfig({
        dataDir: secondDir,
        databaseUrl: ctx.config.databaseUrl,
        logLevel: 'silent',
        consoleDir: '/nonexistent',
        secretKey: 'test-secret',
      }),
    );
    const deadline = Date.now() + 30_000;
    let status = '';
    while (Date.now() < deadline) {
      status = (await call(second.app, 'GET', `/v3/task/${taskId}`, { token: w.aToken })).body.status;
      if (status === 'done' || status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe('done');
  });
});

async function createReportOn(w: ReturnType<typeof useWorld>, activityId: number) {
  const response = await w.call('POST', '/v3/task/', { token: w.aToken, body: { kind: 'report', activityId } });
  expect(response.status, response.text).toBe(200);
  return response.body as { id: number };
}
