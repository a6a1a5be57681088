import { ERROR_CODES, SENSITIVE_WORD_ERRORS, SENSITIVE_WORDS_PER_LIST } from '@yanbo/contracts';
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

const BASE = '/agent/sensitiveWord';

describe.each(engines)('sensitive words on %s', (engine) => {
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

  const post = (url: string, body: unknown, as = token) => call(t.app, 'POST', url, { token: as, body });
  const check = async (text: string, as = token, listId?: number) => {
    const response = await post(`${BASE}/check`, { text, ...(listId ? { listId } : {}) }, as);
    expect(response.status, response.text).toBe(200);
    return response.body;
  };

  it('creates lists with cleaned words and lists them page by page', async () => {
    const created = await post(BASE, { name: '广告', words: [' 加微信 ', '', '代购', '加微信', 'ＶＸ', 'vx'] });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({
      name: '广告',
      words: ['加微信', '代购', 'ＶＸ'],
      action: 'mask',
      enabled: true,
    });
    await post(BASE, { name: '辱骂', words: ['笨蛋'], action: 'reject' });
    await post(BASE, { name: '政治', words: ['敏感'], action: 'review', enabled: false });

    const list = await call(t.app, 'GET', `${BASE}?pageSize=2`, { token });
    expect(list.body.pager).toEqual({ page: 1, pageSize: 2, total: 3 });
    expect(list.body.items.map((item: { name: string }) => item.name)).toEqual(['广告', '辱骂']);
    const page2 = await call(t.app, 'GET', `${BASE}?page=2&pageSize=2`, { token });
    expect(page2.body.items.map((item: { name: string }) => item.name)).toEqual(['政治']);
  });

  it('matches enabled lists across case and width, masks, and takes the strongest action', async () => {
    const masked = await check('快来加微信VX买代购');
    expect(masked.verdict).toBe('mask');
    expect(masked.masked).toBe('快来*****买**');
    expect(masked.matches.map((m: { word: string; start: number; end: number }) => [m.word, m.start, m.end])).toEqual([
      ['加微信', 2, 5],
      ['ＶＸ', 5, 7],
      ['代购', 8, 10],
    ]);

    const rejected = await check('你这个笨蛋，加微信');
    expect(rejected.verdict).toBe('reject');
    // Only masking words are masked: a refused text is never shown, whatever it holds.
    expect(rejected.masked).toBe('你这个笨蛋，***');

    // A disabled list matches nothing, until it is tried on its own.
    expect((await check('这很敏感')).verdict).toBe('pass');
    const lists = (await call(t.app, 'GET', BASE, { token })).body.items as { id: number; name: string }[];
    const politics = lists.find((list) => list.name === '政治')!;
    expect((await check('这很敏感', token, politics.id)).verdict).toBe('review');
  });

  it('sees an edit at the next check: words, action and switch', async () => {
    const lists = (await call(t.app, 'GET', BASE, { token })).body.items as { id: number; name: string }[];
    const ads = lists.find((list) => list.name === '广告')!;
    const edited = await call(t.app, 'PUT', `${BASE}/${ads.id}`, {
      token,
      body: { words: ['二维码'], action: 'review' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ id: ads.id, words: ['二维码'], action: 'review' });
    expect((await check('加微信')).verdict).toBe('pass');
    expect((await check('扫二维码')).verdict).toBe('review');

    await call(t.app, 'PUT', `${BASE}/${ads.id}`, { token, body: { enabled: false } });
    expect((await check('扫二维码')).verdict).toBe('pass');
    const renamed = await call(t.app, 'PUT', `${BASE}/${ads.id}`, { token, body: { name: '推广' } });
    expect(renamed.body).toMatchObject({ name: '推广', enabled: false, words: ['二维码'] });
  });

  it('refuses a taken name, bad input, and another agent’s list, changing nothing', async () => {
    expectError(await post(BASE, { name: '辱骂', words: [] }), 409, SENSITIVE_WORD_ERRORS.nameTaken, { field: 'name' });
    const bad = await post(BASE, { name: '太长', words: ['x'.repeat(51)] });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('words.0');
    const tooMany = await post(BASE, {
      name: '太多',
      words: Array.from({ length: SENSITIVE_WORDS_PER_LIST + 1 }, (_, i) => `w${i}`),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.field).toBe('words');
    expect((await post(BASE, { name: '', words: [] })).body.field).toBe('name');
    expect((await post(BASE, { name: 'x', words: [], action: 'delete' })).body.field).toBe('action');
    expect((await post(`${BASE}/check`, { text: 'x'.repeat(5001) })).body.field).toBe('text');

    const other = await createAgent(t.ctx);
    const otherToken = await sessionFor(t.ctx, other.id);
    const mine = (await call(t.app, 'GET', BASE, { token })).body.items[0];
    const before = (await call(t.app, 'GET', BASE, { token })).body;
    expectError(
      await call(t.app, 'PUT', `${BASE}/${mine.id}`, { token: otherToken, body: { name: '偷' } }),
      404,
      SENSITIVE_WORD_ERRORS.listNotFound,
    );
    expectError(
      await post(`${BASE}/check`, { text: 'x', listId: mine.id }, otherToken),
      404,
      SENSITIVE_WORD_ERRORS.listNotFound,
    );
    expect((await call(t.app, 'GET', BASE, { token: otherToken })).body.items).toEqual([]);
    expect((await check('你这个笨蛋', otherToken)).verdict).toBe('pass');
    expect((await call(t.app, 'GET', BASE, { token })).body).toEqual(before);
  });

  it('keeps an agent to 50 lists', async () => {
    const agent = await signedInAgent(t.ctx);
    await t.ctx.db
      .insertInto('sensitiveWordLists')
      .values(Array.from({ length: 50 }, (_, n) => ({ agentId: agent.agent.id, name: `词库 ${n}`, words: ['x'] })))
      .execute();
    expectError(
      await post(BASE, { name: '第 51 个', words: [] }, agent.token),
      400,
      SENSITIVE_WORD_ERRORS.tooManyLists,
    );
  });

  it('lets a sub-account read and check the lists but not change them', async () => {
    const sub = await createSubagent(t.ctx, { agentId });
    const subToken = await sessionFor(t.ctx, agentId, sub.id);
    expect((await call(t.app, 'GET', BASE, { token: subToken })).body.pager.total).toBe(3);
    expect((await check('笨蛋', subToken)).verdict).toBe('reject');
    const list = (await call(t.app, 'GET', BASE, { token })).body.items[0];
    for (const response of [
      await post(BASE, { name: '子账号', words: [] }, subToken),
      await call(t.app, 'PUT', `${BASE}/${list.id}`, { token: subToken, body: { enabled: true } }),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body.code).toBe(ERROR_CODES.subAgentForbidden);
    }
  });
});
