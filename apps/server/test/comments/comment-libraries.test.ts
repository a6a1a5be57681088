import { COMMENT_ERRORS, DEFAULT_COMMENT_LIBRARY } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createAgent,
  createSubagent,
  engines,
  expectError,
  sessionFor,
  signedInAgent,
  startApp,
  type TestApp,
} from '../harness.ts';

const BASE = '/agent/comment/library';

describe.each(engines)('comment libraries on %s', (engine) => {
  let t: TestApp;
  let token: string;
  let agentId: number;

  beforeAll(async () => {
    t = await startApp(engine);
    const signedIn = await signedInAgent(t.ctx);
    agentId = signedIn.agent.id;
    token = signedIn.token;
  }, 60_000);
  afterAll(() => t?.close());

  const list = async (query = '', as = token) => (await call(t.app, 'GET', `${BASE}${query}`, { token: as })).body;

  it('starts with the default library (id 0), page 1 of size 100', async () => {
    const first = await list();
    expect(first.pager).toEqual({ page: 1, pageSize: 100, total: 1 });
    expect(first.items).toEqual([
      {
        ...DEFAULT_COMMENT_LIBRARY,
        items: [...DEFAULT_COMMENT_LIBRARY.items],
        readOnly: true,
        createdAt: null,
        updatedAt: null,
      },
    ]);
  });

  it('adds, edits and deletes the agent’s own libraries, after the default one and page by page', async () => {
    const made = await call(t.app, 'POST', BASE, {
      token,
      body: { name: '暖场', items: [' 欢迎欢迎 ', '', '好期待'] },
    });
    expect(made.status, made.text).toBe(200);
    expect(made.body).toMatchObject({ name: '暖场', items: ['欢迎欢迎', '好期待'], readOnly: false });
    await call(t.app, 'POST', BASE, { token, body: { name: '答疑' } });
    await call(t.app, 'POST', BASE, { token, body: { name: '结束' } });

    expect((await list()).items.map((l: { name: string }) => l.name)).toEqual(['默认评论库', '暖场', '答疑', '结束']);
    // Page 2 of size 2 continues where page 1 (default + 暖场) stopped.
    expect((await list('?page=1&pageSize=2')).items.map((l: { name: string }) => l.name)).toEqual([
      '默认评论库',
      '暖场',
    ]);
    const second = await list('?page=2&pageSize=2');
    expect(second.items.map((l: { name: string }) => l.name)).toEqual(['答疑', '结束']);
    expect(second.pager.total).toBe(4);

    const edited = await call(t.app, 'PUT', `${BASE}/${made.body.id}`, { token, body: { items: ['欢迎来到直播间'] } });
    expect(edited.body).toMatchObject({ id: made.body.id, name: '暖场', items: ['欢迎来到直播间'] });
    expect((await call(t.app, 'DELETE', `${BASE}/${made.body.id}`, { token })).body).toEqual({ ok: true });
    expectError(await call(t.app, 'DELETE', `${BASE}/${made.body.id}`, { token }), 404, COMMENT_ERRORS.libraryNotFound);
  });

  it('keeps the default library as it is and refuses bad input, changing nothing', async () => {
    const before = await list();
    expectError(
      await call(t.app, 'PUT', `${BASE}/0`, { token, body: { name: 'x' } }),
      400,
      COMMENT_ERRORS.defaultLibraryReadOnly,
      { field: 'id' },
    );
    expectError(await call(t.app, 'DELETE', `${BASE}/0`, { token }), 400, COMMENT_ERRORS.defaultLibraryReadOnly, {
      field: 'id',
    });
    expectError(await call(t.app, 'POST', BASE, { token, body: { name: '答疑' } }), 409, COMMENT_ERRORS.nameTaken, {
      field: 'name',
    });
    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{ name: 'x', items: ['一'.repeat(201)] }, 'items.0'],
      [{ name: 'x', items: Array.from({ length: 501 }, () => 'a') }, 'items'],
    ] as const) {
      const response = await call(t.app, 'POST', BASE, { token, body });
      expect(response.status).toBe(400);
      expect(response.body.field).toBe(field);
    }
    expect((await call(t.app, 'PUT', `${BASE}/-1`, { token, body: {} })).status).toBe(400);
    expect(await list()).toEqual(before);
  });

  it('keeps libraries to their agent; a sub-account works on its agent’s', async () => {
    const mine = (await list()).items[1];
    const other = await createAgent(t.ctx);
    const otherToken = await sessionFor(t.ctx, other.id);
    expect((await list('', otherToken)).pager.total).toBe(1);
    expectError(
      await call(t.app, 'PUT', `${BASE}/${mine.id}`, { token: otherToken, body: { name: '偷' } }),
      404,
      COMMENT_ERRORS.libraryNotFound,
    );
    expectError(
      await call(t.app, 'DELETE', `${BASE}/${mine.id}`, { token: otherToken }),
      404,
      COMMENT_ERRORS.libraryNotFound,
    );

    const sub = await createSubagent(t.ctx, { agentId });
    const subToken = await sessionFor(t.ctx, agentId, sub.id);
    const added = await call(t.app, 'POST', BASE, { token: subToken, body: { name: '场控', items: ['请文明发言'] } });
    expect(added.status).toBe(200);
    expect((await list()).items.map((l: { name: string }) => l.name)).toContain('场控');
  });
});
