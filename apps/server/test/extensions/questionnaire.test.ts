import { randomBytes } from 'node:crypto';
import { ERROR_CODES, ERROR_MESSAGES, INTERACTION_ERRORS, QUESTIONNAIRE_ERRORS, statsToday } from '@yanbo/contracts';
import { describe, expect, it } from 'vitest';
import { mobileViewerId } from '../../src/features/watch/index.ts';
import { csvCell } from '../../src/platform/csv.ts';
import type { RealtimeEvent } from '../../src/platform/realtime/hub.ts';
import { useWorld } from '../activity-world.ts';
import { type CallResult, engines, expectError, signedMobileCookie, signedViewerCookie } from '../harness.ts';

// The questionnaire extension reaches the viewers (问卷): offered while switched on with questions, heard on the chat
// socket when switched on, changed or off, answered once per viewer (per version of the question set), its answers
// checked against the questions, and its results, text answers and CSV read by the console.

const newViewer = () => randomBytes(16).toString('base64url');
const QUESTIONS = [
  { title: '本场活动满意吗', type: 'single', options: ['满意', '一般', '不满意'], required: true },
  { title: '喜欢哪些环节', type: 'multiple', options: ['演讲', '问答', '抽奖'] },
  { title: '还有什么建议', type: 'text' },
];
const FULL = [{ choices: [0] }, { choices: [2, 0] }, { text: '  希望多一些问答  ' }];
type Message = { type: string; [key: string]: unknown };

describe.each(engines)('the questionnaire on %s', (engine) => {
  const w = useWorld(engine);

  const settingsUrl = (id: number) => `/v3/activity/${id}/extension/questionnaire`;
  const watchUrl = (id: number) => `/watch/${id}/questionnaire`;
  const asAgent = (method: 'GET' | 'POST', url: string, body?: unknown, token = w.aToken) =>
    w.call(method, url, { token, body });
  const asViewer = (method: 'GET' | 'POST', url: string, cookie: string | null, body?: unknown) =>
    w.call(method, url, { body, headers: cookie ? { cookie } : {} });
  const viewer = (id = newViewer()) => signedViewerCookie(w.t.ctx, id);

  /** A new activity of A's with the questionnaire saved (and switched on unless told), and what its viewers hear. */
  async function questionnaire(settings: Record<string, unknown> = {}, enable = true) {
    const id = await w.activity(w.aToken);
    const heard: Message[] = [];
    w.t.ctx.realtime.subscribe(`chat:${id}`, (event: RealtimeEvent) => {
      if (event.type === 'chat.message') heard.push(event.message as Message);
    });
    const saved = await asAgent('POST', settingsUrl(id), { title: '满意度调查', questions: QUESTIONS, ...settings });
    expect(saved.status, saved.text).toBe(200);
    if (enable) expect((await asAgent('POST', `${settingsUrl(id)}/enable`)).status).toBe(200);
    const offered = await asViewer('GET', watchUrl(id), viewer());
    return { id, heard, version: offered.body.questionnaire?.version as string };
  }
  const answer = (id: number, cookie: string | null, body: Record<string, unknown>) =>
    asViewer('POST', watchUrl(id), cookie, body);

  it('is offered only while switched on with sound questions, and viewers hear it switched on, changed and off', async () => {
    const id = await w.activity(w.aToken);
    const heard: Message[] = [];
    w.t.ctx.realtime.subscribe(`chat:${id}`, (event: RealtimeEvent) => {
      if (event.type === 'chat.message') heard.push(event.message as Message);
    });
    expect((await asViewer('GET', watchUrl(id), viewer())).body).toEqual({ questionnaire: null });
    // Switching on a questionnaire without questions would change nothing a viewer sees: refused, naming the field.
    expectError(
      await asAgent('POST', `${settingsUrl(id)}/enable`),
      400,
      'questions: Add at least one question before switching the questionnaire on',
      { code: ERROR_CODES.validation, field: 'questions' },
    );
    expect((await asAgent('GET', settingsUrl(id))).body.enabled).toBe(false);
    expectError(
      await asAgent('POST', settingsUrl(id), { questions: [{ title: '选一个', type: 'single', options: ['唯一'] }] }),
      400,
      'questions.0.options: A choice question needs at least 2 options',
      { code: ERROR_CODES.validation, field: 'questions.0.options' },
    );
    const saved = await asAgent('POST', settingsUrl(id), {
      title: '满意度调查',
      questions: [...QUESTIONS.slice(0, 2), { ...QUESTIONS[2], options: ['切换成问答前的选项'] }],
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.settings.questions[2].options).toEqual([]);
    expect((await asViewer('GET', watchUrl(id), viewer())).body).toEqual({ questionnaire: null });
    expect(heard).toEqual([]);

    expect((await asAgent('POST', `${settingsUrl(id)}/enable`)).body.enabled).toBe(true);
    const offered = await asViewer('GET', watchUrl(id), viewer());
    expect(offered.body.questionnaire).toEqual({
      version: expect.any(String),
      title: '满意度调查',
      isAnonymous: false,
      questions: [
        { ...QUESTIONS[0] },
        { ...QUESTIONS[1], required: false },
        { ...QUESTIONS[2], options: [], required: false },
      ],
      answered: false,
    });
    expect(heard).toEqual([{ type: 'questionnaireOpened', questionnaire: offered.body.questionnaire }]);

    // A new title reaches the viewers (the same version); a questionnaire switched on cannot lose its questions.
    heard.length = 0;
    await asAgent('POST', settingsUrl(id), { title: '会后问卷' });
    expect(heard).toEqual([
      {
        type: 'questionnaireOpened',
        questionnaire: { ...offered.body.questionnaire, title: '会后问卷' },
      },
    ]);
    expectError(
      await asAgent('POST', settingsUrl(id), { questions: [] }),
      400,
      'questions: Add at least one question before switching the questionnaire on',
      { code: ERROR_CODES.validation, field: 'questions' },
    );
    // Saving what is already there tells nobody anything.
    heard.length = 0;
    await asAgent('POST', settingsUrl(id), { title: '会后问卷' });
    expect(heard).toEqual([]);

    await asAgent('POST', `${settingsUrl(id)}/disable`);
    expect(heard).toEqual([{ type: 'questionnaireClosed' }]);
    expect((await asViewer('GET', watchUrl(id), viewer())).body).toEqual({ questionnaire: null });
    expectError(
      await answer(id, viewer(), { version: offered.body.questionnaire.version, answers: FULL }),
      409,
      QUESTIONNAIRE_ERRORS.notOpen,
    );
    await asAgent('POST', `${settingsUrl(id)}/enable`);
    heard.length = 0;
    await asAgent('POST', `${settingsUrl(id)}/reset`);
    expect(heard).toEqual([{ type: 'questionnaireClosed' }]);
  });

  it('takes one sheet per viewer, checks it against the questions, and counts it in the results', async () => {
    const { id, version } = await questionnaire();
    const alice = newViewer();
    const sent = await answer(id, viewer(alice), { version, answers: FULL, nickname: '小李' });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toMatchObject({ version, answered: true });
    expect((await asViewer('GET', watchUrl(id), viewer(alice))).body.questionnaire.answered).toBe(true);
    expect((await asViewer('GET', watchUrl(id), viewer())).body.questionnaire.answered).toBe(false);
    expectError(await answer(id, viewer(alice), { version, answers: FULL }), 409, QUESTIONNAIRE_ERRORS.alreadyAnswered);

    const bob = viewer();
    const refusals: [unknown, string, string][] = [
      [[null, { choices: [1] }], 'answers.0', 'This question is required'],
      [[{ choices: [3] }], 'answers.0.choices', 'No such option'],
      [[{ choices: [0, 1] }], 'answers.0.choices', 'Choose one option'],
      [[{ choices: [0] }, { choices: [1, 1] }], 'answers.1.choices', 'Each option at most once'],
      [[{ choices: [0] }, null, { choices: [0] }], 'answers.2', 'This question takes text'],
      [[{ text: '满意' }], 'answers.0', 'This question takes choices'],
      [[...FULL, { text: '多余' }], 'answers', 'More answers than questions'],
    ];
    for (const [answers, field, message] of refusals) {
      expectError(await answer(id, bob, { version, answers }), 400, `${field}: ${message}`, {
        code: ERROR_CODES.validation,
        field,
      });
    }
    for (const [answers, field] of [
      [[{ choices: [0] }, null, { text: '长'.repeat(501) }], 'answers.2.text'],
      [[{ choices: [0], extra: 1 }], 'answers.0'],
      [[{ choices: ['a'] }], 'answers.0.choices.0'],
      ['all', 'answers'],
    ] as const) {
      const refused = await answer(id, bob, { version, answers });
      expect(refused.status, JSON.stringify(answers)).toBe(400);
      expect(refused.body.field).toBe(field);
    }
    expect((await answer(id, bob, { answers: FULL })).body.field).toBe('version');
    expectError(
      await answer(id, bob, { version: 'an-older-version', answers: FULL }),
      409,
      QUESTIONNAIRE_ERRORS.changed,
      {
        field: 'version',
      },
    );
    expectError(await answer(id, null, { version, answers: FULL }), 401, INTERACTION_ERRORS.viewerUnknown, {
      code: ERROR_CODES.unauthorized,
    });
    // Only the required question: the rest may be skipped.
    expect((await answer(id, bob, { version, answers: [{ choices: [1] }] })).status).toBe(200);

    const results = await asAgent('GET', `/v3/activity/${id}/questionnaire/results`);
    expect(results.status, results.text).toBe(200);
    expect(results.body).toEqual({
      enabled: true,
      version,
      current: true,
      title: '满意度调查',
      isAnonymous: false,
      respondents: 2,
      questions: [
        { ...QUESTIONS[0], counts: [1, 1, 0], answered: 2 },
        { ...QUESTIONS[1], required: false, counts: [1, 0, 1], answered: 1 },
        { ...QUESTIONS[2], options: [], required: false, counts: [], answered: 1 },
      ],
      versions: [{ version, title: '满意度调查', respondents: 2, current: true, createdAt: expect.any(String) }],
    });
    const texts = await asAgent('GET', `/v3/activity/${id}/questionnaire/answers?question=2`);
    expect(texts.body).toEqual({
      items: [{ text: '希望多一些问答', nickname: '小李', userId: alice, createdAt: expect.any(String) }],
      pager: { page: 1, pageSize: 10, total: 1 },
    });
    expectError(
      await asAgent('GET', `/v3/activity/${id}/questionnaire/answers?question=0`),
      400,
      'question: Not a text question',
      { code: ERROR_CODES.validation, field: 'question' },
    );
    expect((await asAgent('GET', `/v3/activity/${id}/questionnaire/answers?question=9`)).body.field).toBe('question');
    expect((await asAgent('GET', `/v3/activity/${id}/questionnaire/answers`)).body.field).toBe('question');

    const csv = await asAgent('GET', `/v3/activity/${id}/questionnaire/csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="questionnaire-${id}.csv"; filename*=UTF-8''${encodeURIComponent(`问卷结果-${id}-${statsToday()}.csv`)}`,
    );
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('提交时间,昵称,观众ID,1. 本场活动满意吗,2. 喜欢哪些环节,3. 还有什么建议');
    // The viewer's id as its cell is written (an id starting with - is kept as text, as a spreadsheet would run it).
    const [submittedAt, ...cells] = (lines[1] ?? '').split(',');
    expect(submittedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(cells).toEqual(['小李', csvCell(alice), '满意', '演讲；抽奖', '希望多一些问答']);
    expect(lines[2]).toMatch(/,观众\d{4},[^,]+,一般,,$/);
    expect(lines).toHaveLength(3);
  });

  it('counts a viewer sending its sheet twice at once once, and each of many viewers once', async () => {
    const { id, version } = await questionnaire();
    const twice = viewer();
    const pair = await Promise.all([
      answer(id, twice, { version, answers: FULL }),
      answer(id, twice, { version, answers: FULL }),
    ]);
    expect(pair.map((r) => r.status).sort()).toEqual([200, 409]);
    const viewers = Array.from({ length: 10 }, () => viewer());
    const results: CallResult[] = await Promise.all(
      [...viewers, ...viewers].map((cookie, i) =>
        answer(id, cookie, { version, answers: [{ choices: [i % 3] }, null, { text: `建议${i}` }] }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409)).toHaveLength(10);
    const after = (await asAgent('GET', `/v3/activity/${id}/questionnaire/results`)).body;
    expect(after.respondents).toBe(11);
    expect(after.questions[0].counts.reduce((sum: number, n: number) => sum + n, 0)).toBe(11);
    expect(after.questions[2].answered).toBe(11);
    const rows = await w.t.ctx.db
      .selectFrom('questionnaireResponses')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('activityId', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(11);
    // The text answers page ten at a time, newest first.
    const first = await asAgent('GET', `/v3/activity/${id}/questionnaire/answers?question=2`);
    expect(first.body.pager).toEqual({ page: 1, pageSize: 10, total: 11 });
    expect(first.body.items).toHaveLength(10);
    const second = await asAgent('GET', `/v3/activity/${id}/questionnaire/answers?question=2&page=2`);
    expect(second.body.items).toHaveLength(1);
    expect(second.body.items[0].text).toBe('希望多一些问答');
  });

  it('starts a new version when the questions change, never mixing the answers of two question sets', async () => {
    const { id, version: first, heard } = await questionnaire();
    const alice = viewer();
    expect((await answer(id, alice, { version: first, answers: FULL })).status).toBe(200);

    heard.length = 0;
    const changed = [{ ...QUESTIONS[0], options: ['满意', '不满意'] }, QUESTIONS[2]];
    await asAgent('POST', settingsUrl(id), { questions: changed });
    const offered = (await asViewer('GET', watchUrl(id), alice)).body.questionnaire;
    expect(offered.version).not.toBe(first);
    expect(offered.answered).toBe(false);
    expect(heard).toEqual([{ type: 'questionnaireOpened', questionnaire: { ...offered, answered: false } }]);
    // A page still holding the first version is told to read the new one; then the viewer answers it.
    expectError(await answer(id, viewer(), { version: first, answers: FULL }), 409, QUESTIONNAIRE_ERRORS.changed, {
      field: 'version',
    });
    expect((await answer(id, alice, { version: offered.version, answers: [{ choices: [1] }] })).status).toBe(200);

    const current = (await asAgent('GET', `/v3/activity/${id}/questionnaire/results`)).body;
    expect(current).toMatchObject({ version: offered.version, current: true, respondents: 1 });
    expect(current.questions.map((q: { counts: number[] }) => q.counts)).toEqual([[0, 1], []]);
    expect(current.versions.map((v: { version: string; respondents: number; current: boolean }) => v)).toEqual([
      expect.objectContaining({ version: offered.version, respondents: 1, current: true }),
      expect.objectContaining({ version: first, respondents: 1, current: false }),
    ]);
    const old = (await asAgent('GET', `/v3/activity/${id}/questionnaire/results?version=${first}`)).body;
    expect(old).toMatchObject({ version: first, current: false, respondents: 1 });
    expect(old.questions.map((q: { title: string; counts: number[] }) => [q.title, q.counts])).toEqual([
      ['本场活动满意吗', [1, 0, 0]],
      ['喜欢哪些环节', [1, 0, 1]],
      ['还有什么建议', []],
    ]);
    expect(
      (await asAgent('GET', `/v3/activity/${id}/questionnaire/answers?question=2&version=${first}`)).body.items[0].text,
    ).toBe('希望多一些问答');
    expect((await asAgent('GET', `/v3/activity/${id}/questionnaire/answers?question=1`)).body.pager.total).toBe(0);
    const oldCsv = await asAgent('GET', `/v3/activity/${id}/questionnaire/csv?version=${first}`);
    expect(oldCsv.text).toContain('3. 还有什么建议');
    for (const path of ['results', 'csv', 'answers?question=0&']) {
      const url = `/v3/activity/${id}/questionnaire/${path}${path.endsWith('&') ? '' : '?'}version=not-a-version`;
      expectError(await asAgent('GET', url), 404, QUESTIONNAIRE_ERRORS.versionNotFound);
    }
    // Changing back to the first question set answers as the first version again: alice has answered it.
    await asAgent('POST', settingsUrl(id), { questions: QUESTIONS });
    expect((await asViewer('GET', watchUrl(id), alice)).body.questionnaire).toMatchObject({
      version: first,
      answered: true,
    });

    // Destroying the activity takes its versions, sheets and text answers with it.
    expect((await asAgent('POST', `/v3/activity/${id}/destroy`)).status).toBe(200);
    for (const table of ['questionnaireVersions', 'questionnaireResponses', 'questionnaireTextAnswers'] as const) {
      const left = await w.t.ctx.db.selectFrom(table).select('activityId').where('activityId', '=', id).execute();
      expect(left, table).toEqual([]);
    }
  });

  it('never says who answered an anonymous questionnaire', async () => {
    const { id, version } = await questionnaire({ isAnonymous: true });
    const anonymous = (await asViewer('GET', watchUrl(id), viewer())).body.questionnaire;
    expect(anonymous.isAnonymous).toBe(true);
    expect((await answer(id, viewer(), { version, answers: FULL, nickname: '不想被知道' })).status).toBe(200);
    const texts = await asAgent('GET', `/v3/activity/${id}/questionnaire/answers?question=2`);
    expect(texts.body.items).toEqual([
      { text: '希望多一些问答', nickname: null, userId: null, createdAt: expect.any(String) },
    ]);
    const csv = await asAgent('GET', `/v3/activity/${id}/questionnaire/csv`);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('提交时间,1. 本场活动满意吗,2. 喜欢哪些环节,3. 还有什么建议');
    expect(csv.text).not.toContain('不想被知道');
    // Making it named is a new version: the anonymous answers stay anonymous.
    await asAgent('POST', settingsUrl(id), { isAnonymous: false });
    const old = await asAgent('GET', `/v3/activity/${id}/questionnaire/answers?question=2&version=${version}`);
    expect(old.body.items[0].nickname).toBeNull();
  });

  it('refuses a blacklisted viewer, and takes one sheet per person signed in by SMS, from any browser', async () => {
    const { id, version } = await questionnaire();
    const banned = newViewer();
    expect((await asAgent('POST', `/activity/${id}/blacklist`, { userId: banned })).status).toBe(200);
    expectError(await answer(id, viewer(banned), { version, answers: FULL }), 403, INTERACTION_ERRORS.blacklisted);

    const mobile = '13911112001';
    const person = (browser = newViewer()) => `${viewer(browser)}; ${signedMobileCookie(w.t.ctx, w.a.id, mobile)}`;
    const phone = person();
    expect((await answer(id, phone, { version, answers: FULL, nickname: '手机' })).status).toBe(200);
    const laptop = person();
    expect((await asViewer('GET', watchUrl(id), laptop)).body.questionnaire.answered).toBe(true);
    expectError(await answer(id, laptop, { version, answers: FULL }), 409, QUESTIONNAIRE_ERRORS.alreadyAnswered);
    const texts = await asAgent('GET', `/v3/activity/${id}/questionnaire/answers?question=2`);
    expect(texts.body.items[0].userId).toBe(mobileViewerId(w.t.ctx.secretKey, mobile));

    // A browser that answered before signing in has answered for the person it signs in as.
    const browser = newViewer();
    expect((await answer(id, viewer(browser), { version, answers: FULL })).status).toBe(200);
    const signedIn = `${viewer(browser)}; ${signedMobileCookie(w.t.ctx, w.a.id, '13911112002')}`;
    expect((await asViewer('GET', watchUrl(id), signedIn)).body.questionnaire.answered).toBe(true);
    expectError(await answer(id, signedIn, { version, answers: FULL }), 409, QUESTIONNAIRE_ERRORS.alreadyAnswered);
    // The person blacklisted is refused in a fresh browser.
    const blocked = '13911112003';
    await asAgent('POST', `/activity/${id}/blacklist`, { userId: mobileViewerId(w.t.ctx.secretKey, blocked) });
    const fresh = `${viewer()}; ${signedMobileCookie(w.t.ctx, w.a.id, blocked)}`;
    expectError(await answer(id, fresh, { version, answers: FULL }), 403, INTERACTION_ERRORS.blacklisted);
  });

  it('keeps the console’s calls to the caller’s activities and the viewers’ to activities that exist', async () => {
    const { id, version } = await questionnaire();
    await answer(id, viewer(), { version, answers: FULL });
    const urls = (target: number) => [
      `/v3/activity/${target}/questionnaire/results`,
      `/v3/activity/${target}/questionnaire/answers?question=2`,
      `/v3/activity/${target}/questionnaire/csv`,
    ];
    for (const [token, target] of [
      [w.bToken, id],
      [w.subToken, id],
      [w.aToken, 2_000_000_000],
    ] as const) {
      for (const url of urls(target)) {
        expectError(await asAgent('GET', url, undefined, token), 404, ERROR_MESSAGES.activityNotFound);
      }
    }
    // Another agent's activity with this one's version: that version is not the other activity's.
    const theirs = await w.activity(w.bToken);
    expectError(
      await asAgent('GET', `/v3/activity/${theirs}/questionnaire/results?version=${version}`, undefined, w.bToken),
      404,
      QUESTIONNAIRE_ERRORS.versionNotFound,
    );
    // A sub-account reads its own activity's questionnaire.
    const own = await asAgent('GET', `/v3/activity/${w.subActivityId}/questionnaire/results`, undefined, w.subToken);
    expect(own.status, own.text).toBe(200);
    expect(own.body).toMatchObject({ enabled: false, respondents: 0, questions: [] });
    for (const url of urls(id)) expect((await w.call('GET', url)).status).toBe(401);
    expectError(await asViewer('GET', watchUrl(2_000_000_000), viewer()), 404, ERROR_MESSAGES.activityNotFound);
    expectError(
      await answer(2_000_000_000, viewer(), { version, answers: FULL }),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
  });
});
