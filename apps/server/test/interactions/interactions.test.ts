import { randomBytes } from 'node:crypto';
import { ERROR_CODES, ERROR_MESSAGES, INTERACTION_ERRORS } from '@yanbo/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interactionCounts } from '../../src/features/interactions/index.ts';
import { mobileViewerId } from '../../src/features/watch/index.ts';
import type { RealtimeEvent } from '../../src/platform/realtime/hub.ts';
import {
  type CallResult,
  call,
  createAgent,
  createSubagent,
  engines,
  expectError,
  sessionFor,
  signedInAgent,
  signedMobileCookie,
  signedViewerCookie,
  startApp,
  type TestApp,
} from '../harness.ts';

// Votes, check-ins and questions (issue 10): the console's calls, the viewers' calls (the viewer is its watch-page
// signed cookie) and what the viewers hear on the activity's chat channel.

const newViewer = () => randomBytes(16).toString('base64url');
const FRUIT = { title: '最喜欢的水果', options: ['苹果', '香蕉', '橙子'] };

describe.each(engines)('interactions on %s', (engine) => {
  let t: TestApp;
  let token: string;
  let agentId: number;
  let activityId: number;
  let heard: RealtimeEvent[] = [];

  beforeAll(async () => {
    t = await startApp(engine);
    const signedIn = await signedInAgent(t.ctx);
    token = signedIn.token;
    agentId = signedIn.agent.id;
    activityId = await newActivity('互动发布会');
    t.ctx.realtime.subscribe(`chat:${activityId}`, (event) => heard.push(event));
  }, 60_000);
  afterAll(() => t?.close());

  async function newActivity(name: string, as = token): Promise<number> {
    const created = await call(t.app, 'POST', '/activity', { token: as, body: { name } });
    expect(created.status, created.text).toBe(200);
    return created.body.id;
  }
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, as = token) =>
    call(t.app, method, url, { token: as, body });
  const viewerCall = (method: 'GET' | 'POST', url: string, viewer: string | null, body?: unknown) =>
    call(t.app, method, url, { body, headers: viewer ? { cookie: signedViewerCookie(t.ctx, viewer) } : {} });
  const messages = (type: string) =>
    heard
      .filter((e) => e.type === 'chat.message')
      .map((e) => e.message as { type: string; [k: string]: unknown })
      .filter((m) => m.type === type);
  const voteUrl = (id = activityId) => `/v3/activity/${id}/vote`;

  async function publishedVote(body: unknown = FRUIT) {
    const created = await api('POST', voteUrl(), body);
    expect(created.status, created.text).toBe(200);
    const published = await api('PUT', `${voteUrl()}/${created.body.id}`, { status: 'published' });
    expect(published.status, published.text).toBe(200);
    return published.body;
  }

  describe('votes', () => {
    it('drafts, edits, publishes and lists votes with a pager', async () => {
      const created = await api('POST', voteUrl(), FRUIT);
      expect(created.status, created.text).toBe(200);
      expect(created.body).toMatchObject({
        ...FRUIT,
        kind: 'single',
        maxChoices: 1,
        status: 'draft',
        tally: [0, 0, 0],
        voters: 0,
        publishedAt: null,
      });
      const edited = await api('PUT', `${voteUrl()}/${created.body.id}`, {
        kind: 'multiple',
        maxChoices: 2,
        options: ['苹果', '香蕉', '橙子', '葡萄'],
      });
      expect(edited.body).toMatchObject({ kind: 'multiple', maxChoices: 2, tally: [0, 0, 0, 0] });
      // A draft never reaches the viewers.
      expect((await viewerCall('GET', `/watch/${activityId}/vote`, newViewer())).body.items).toEqual([]);

      heard = [];
      const published = await api('PUT', `${voteUrl()}/${created.body.id}`, { status: 'published' });
      expect(published.body.status).toBe('published');
      expect(published.body.publishedAt).not.toBeNull();
      expect(messages('votePublished')).toEqual([
        { type: 'votePublished', vote: expect.objectContaining({ id: created.body.id, myChoices: null }) },
      ]);
      expectError(
        await api('PUT', `${voteUrl()}/${created.body.id}`, { title: '改名' }),
        409,
        INTERACTION_ERRORS.voteNotEditable,
      );
      expectError(
        await api('PUT', `${voteUrl()}/${created.body.id}`, { status: 'published' }),
        409,
        INTERACTION_ERRORS.voteNotDraft,
      );

      for (let i = 0; i < 11; i += 1) await api('POST', voteUrl(), { ...FRUIT, title: `投票${i}` });
      const first = await api('GET', voteUrl());
      expect(first.body.pager).toEqual({ page: 1, pageSize: 10, total: 12 });
      expect(first.body.items[0].title).toBe('投票10');
      const second = await api('GET', `${voteUrl()}?page=2`);
      expect(second.body.items).toHaveLength(2);
      expect(second.body.items.at(-1).id).toBe(created.body.id);
    });

    it('takes one ballot per viewer while published, checks the choices, and tallies them', async () => {
      const vote = await publishedVote({ ...FRUIT, kind: 'multiple', maxChoices: 2 });
      const url = `/watch/${activityId}/vote/${vote.id}`;
      const alice = newViewer();
      const bob = newViewer();
      heard = [];
      const cast = await viewerCall('POST', url, alice, { choices: [2, 0], nickname: 'Alice' });
      expect(cast.status, cast.text).toBe(200);
      expect(cast.body).toMatchObject({ id: vote.id, tally: [1, 0, 1], voters: 1, myChoices: [0, 2] });
      expect(messages('voteResults')[0]).toEqual({ type: 'voteResults', voteId: vote.id, tally: [1, 0, 1], voters: 1 });

      expectError(await viewerCall('POST', url, alice, { choices: [1] }), 409, INTERACTION_ERRORS.voteAlreadyCast);
      for (const choices of [[], [0, 1, 2], [3], [1, 1], [-1]]) {
        const refused = await viewerCall('POST', url, bob, { choices });
        expect(refused.status, JSON.stringify(choices)).toBe(400);
        expect(refused.body.field).toMatch(/^choices/);
      }
      expectError(await viewerCall('POST', url, null, { choices: [1] }), 401, INTERACTION_ERRORS.viewerUnknown, {
        code: ERROR_CODES.unauthorized,
      });
      expect((await viewerCall('POST', url, bob, { choices: [1] })).body.tally).toEqual([1, 1, 1]);

      const seen = await viewerCall('GET', `/watch/${activityId}/vote`, alice);
      expect(seen.body.items.find((v: { id: number }) => v.id === vote.id)).toMatchObject({ myChoices: [0, 2] });
      const stranger = await viewerCall('GET', `/watch/${activityId}/vote`, null);
      expect(stranger.body.items.find((v: { id: number }) => v.id === vote.id).myChoices).toBeNull();
      const ballots = await t.ctx.db
        .selectFrom('voteBallots')
        .select(['viewerId', 'nickname'])
        .where('voteId', '=', vote.id)
        .orderBy('createdAt')
        .execute();
      expect(ballots.map((b) => b.viewerId).sort()).toEqual([alice, bob].sort());
      expect(ballots.find((b) => b.viewerId === alice)?.nickname).toBe('Alice');

      heard = [];
      const closed = await api('PUT', `${voteUrl()}/${vote.id}`, { status: 'closed' });
      expect(closed.body).toMatchObject({ status: 'closed', tally: [1, 1, 1], voters: 2 });
      expect(messages('voteClosed')).toHaveLength(1);
      expectError(await viewerCall('POST', url, newViewer(), { choices: [0] }), 409, INTERACTION_ERRORS.voteNotOpen);
      expectError(
        await api('PUT', `${voteUrl()}/${vote.id}`, { status: 'closed' }),
        409,
        INTERACTION_ERRORS.voteNotPublished,
      );
    });

    it('counts every ballot of viewers voting at once exactly once', async () => {
      const vote = await publishedVote();
      const viewers = Array.from({ length: 12 }, newViewer);
      const results = await Promise.all(
        [...viewers, ...viewers].map((viewer, i) =>
          viewerCall('POST', `/watch/${activityId}/vote/${vote.id}`, viewer, { choices: [i % 3] }),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(12);
      expect(results.filter((r) => r.status === 409)).toHaveLength(12);
      const list = await api('GET', voteUrl());
      const after = list.body.items.find((v: { id: number }) => v.id === vote.id);
      expect(after.voters).toBe(12);
      expect(after.tally.reduce((a: number, b: number) => a + b, 0)).toBe(12);
    });

    it('refuses a draft, a single-choice vote with several choices, and bad input, changing nothing', async () => {
      const draft = await api('POST', voteUrl(), FRUIT);
      expectError(
        await viewerCall('POST', `/watch/${activityId}/vote/${draft.body.id}`, newViewer(), { choices: [0] }),
        404,
        INTERACTION_ERRORS.voteNotFound,
      );
      const single = await publishedVote();
      const two = await viewerCall('POST', `/watch/${activityId}/vote/${single.id}`, newViewer(), { choices: [0, 1] });
      expect(two.status).toBe(400);
      expect(two.body.field).toBe('choices');

      const before = (await api('GET', voteUrl())).body;
      const cases: [unknown, string][] = [
        [{ ...FRUIT, title: '' }, 'title'],
        [{ ...FRUIT, title: '长'.repeat(51) }, 'title'],
        [{ ...FRUIT, options: ['一'] }, 'options'],
        [{ ...FRUIT, options: ['一', '一'] }, 'options'],
        [{ ...FRUIT, options: Array.from({ length: 11 }, (_, i) => `选项${i}`) }, 'options'],
        [{ ...FRUIT, options: ['一', ''] }, 'options.1'],
        [{ ...FRUIT, kind: 'single', maxChoices: 2 }, 'maxChoices'],
        [{ ...FRUIT, kind: 'multiple', maxChoices: 4 }, 'maxChoices'],
        [{ ...FRUIT, kind: 'ranked' }, 'kind'],
      ];
      for (const [body, field] of cases) {
        const response = await api('POST', voteUrl(), body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.field).toBe(field);
      }
      const tooMany = await api('PUT', `${voteUrl()}/${draft.body.id}`, { kind: 'multiple', maxChoices: 5 });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.field).toBe('maxChoices');
      expect((await api('GET', voteUrl())).body).toEqual(before);
    });

    it('deletes a vote and its ballots, telling the viewers', async () => {
      const vote = await publishedVote();
      await viewerCall('POST', `/watch/${activityId}/vote/${vote.id}`, newViewer(), { choices: [1] });
      heard = [];
      expect((await api('DELETE', `${voteUrl()}/${vote.id}`)).body).toEqual({ ok: true });
      expect(messages('voteDeleted')).toEqual([{ type: 'voteDeleted', voteId: vote.id }]);
      expectError(await api('DELETE', `${voteUrl()}/${vote.id}`), 404, INTERACTION_ERRORS.voteNotFound);
      expectError(
        await api('PUT', `${voteUrl()}/${vote.id}`, { status: 'closed' }),
        404,
        INTERACTION_ERRORS.voteNotFound,
      );
      const left = await t.ctx.db.selectFrom('voteBallots').select('voteId').where('voteId', '=', vote.id).execute();
      expect(left).toEqual([]);
    });
  });

  describe('check-ins', () => {
    const url = () => `/v3/activity/${activityId}/checkin`;

    it('starts one check-in at a time; viewers check in once; the console sees who and how many', async () => {
      heard = [];
      const started = await api('POST', url(), { title: '上午签到', durationSeconds: 120 });
      expect(started.status, started.text).toBe(200);
      expect(started.body).toMatchObject({ title: '上午签到', durationSeconds: 120, isOpen: true, count: 0 });
      const span = Date.parse(started.body.endsAt) - Date.parse(started.body.startedAt);
      expect(span).toBe(120_000);
      expect(messages('checkinStarted')).toEqual([
        { type: 'checkinStarted', checkin: expect.objectContaining({ id: started.body.id, checkedIn: false }) },
      ]);
      expectError(await api('POST', url(), { durationSeconds: 60 }), 409, INTERACTION_ERRORS.checkinOpen);

      const alice = newViewer();
      const state = await viewerCall('GET', `/watch/${activityId}/checkin`, alice);
      expect(state.body.checkin).toMatchObject({ id: started.body.id, checkedIn: false, isOpen: true });
      const take = `/watch/${activityId}/checkin/${started.body.id}`;
      const taken = await viewerCall('POST', take, alice, { nickname: '小明' });
      expect(taken.status, taken.text).toBe(200);
      expect(taken.body.checkedIn).toBe(true);
      expectError(await viewerCall('POST', take, alice, {}), 409, INTERACTION_ERRORS.alreadyCheckedIn);
      expectError(await viewerCall('POST', take, null, {}), 401, INTERACTION_ERRORS.viewerUnknown, {
        code: ERROR_CODES.unauthorized,
      });
      await viewerCall('POST', take, newViewer(), { nickname: '' });
      expect((await viewerCall('GET', `/watch/${activityId}/checkin`, alice)).body.checkin.checkedIn).toBe(true);

      const users = await api('GET', `${url()}/${started.body.id}/user`);
      expect(users.body.pager.total).toBe(2);
      expect(users.body.items[0]).toMatchObject({ userId: alice, nickname: '小明' });
      expect(users.body.items[1].nickname).toMatch(/^观众/);
      expect((await api('GET', url())).body.items[0]).toMatchObject({ id: started.body.id, count: 2 });

      heard = [];
      const ended = await api('PUT', `${url()}/${started.body.id}`, { status: 'ended' });
      expect(ended.body).toMatchObject({ isOpen: false, count: 2 });
      expect(messages('checkinEnded')).toEqual([{ type: 'checkinEnded', checkinId: started.body.id }]);
      expectError(await viewerCall('POST', take, newViewer(), {}), 409, INTERACTION_ERRORS.checkinEnded);
      expectError(
        await api('PUT', `${url()}/${started.body.id}`, { status: 'ended' }),
        409,
        INTERACTION_ERRORS.checkinEnded,
      );
      expect((await viewerCall('GET', `/watch/${activityId}/checkin`, alice)).body).toEqual({ checkin: null });
      // Ended, another may start.
      const next = await api('POST', url(), { durationSeconds: 10 });
      expect(next.status).toBe(200);
      await api('PUT', `${url()}/${next.body.id}`, { status: 'ended' });
    });

    it('refuses bad durations and unknown check-ins', async () => {
      for (const body of [{ durationSeconds: 5 }, { durationSeconds: 3_601 }, { durationSeconds: 1.5 }, {}]) {
        const response = await api('POST', url(), body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.field).toBe('durationSeconds');
      }
      const long = await api('POST', url(), { title: '长'.repeat(31), durationSeconds: 60 });
      expect(long.body.field).toBe('title');
      expectError(await api('GET', `${url()}/999999/user`), 404, INTERACTION_ERRORS.checkinNotFound);
      expectError(await api('PUT', `${url()}/999999`, { status: 'ended' }), 404, INTERACTION_ERRORS.checkinNotFound);
      expectError(
        await viewerCall('POST', `/watch/${activityId}/checkin/999999`, newViewer(), {}),
        404,
        INTERACTION_ERRORS.checkinNotFound,
      );
    });
  });

  describe('questions', () => {
    const url = () => `/v3/activity/${activityId}/question`;
    const watchUrl = () => `/watch/${activityId}/question`;

    it('takes a viewer’s question, answers it publicly, and shows it to every viewer', async () => {
      const asker = newViewer();
      const asked = await viewerCall('POST', watchUrl(), asker, { text: '  回放在哪里看？ ', nickname: '提问者' });
      expect(asked.status, asked.text).toBe(200);
      expect(asked.body).toMatchObject({
        text: '回放在哪里看？',
        nickname: '提问者',
        status: 'passed',
        mine: true,
        answer: null,
      });
      expect(asked.body).not.toHaveProperty('userId');
      const listed = await api('GET', url());
      expect(listed.body.items[0]).toMatchObject({ id: asked.body.id, userId: asker, answer: null });
      expect((await api('GET', `${url()}?answered=no`)).body.items.map((q: { id: number }) => q.id)).toContain(
        asked.body.id,
      );

      heard = [];
      const answered = await api('PUT', `${url()}/${asked.body.id}`, { answer: '活动结束后在本页回放' });
      expect(answered.body).toMatchObject({ answer: '活动结束后在本页回放', status: 'passed' });
      expect(answered.body.answeredAt).not.toBeNull();
      expect(messages('questionAnswered')).toEqual([
        {
          type: 'questionAnswered',
          question: expect.objectContaining({ id: asked.body.id, answer: '活动结束后在本页回放', mine: false }),
        },
      ]);
      const other = await viewerCall('GET', watchUrl(), newViewer());
      expect(other.body.items.find((q: { id: number }) => q.id === asked.body.id)).toMatchObject({
        answer: '活动结束后在本页回放',
        mine: false,
      });
      expect((await api('GET', `${url()}?answered=yes`)).body.items[0].id).toBe(asked.body.id);

      expectError(await api('PUT', `${url()}/${asked.body.id}`, { answer: ' ' }), 400, 'answer: Answer is required', {
        code: ERROR_CODES.validation,
        field: 'answer',
      });
      heard = [];
      expect((await api('DELETE', `${url()}/${asked.body.id}`)).body).toEqual({ ok: true });
      expect(messages('questionDeleted')).toHaveLength(1);
      expectError(await api('DELETE', `${url()}/${asked.body.id}`), 404, INTERACTION_ERRORS.questionNotFound);
      expectError(
        await api('PUT', `${url()}/${asked.body.id}`, { answer: '再答' }),
        404,
        INTERACTION_ERRORS.questionNotFound,
      );
      expect((await viewerCall('GET', watchUrl(), asker)).body.items.map((q: { id: number }) => q.id)).not.toContain(
        asked.body.id,
      );
    });

    it('applies the agent’s sensitive words: masks, holds for its asker, or refuses', async () => {
      for (const [name, word, action] of [
        ['问答遮挡', '广告', 'mask'],
        ['问答审核', '优惠', 'review'],
        ['问答拒绝', '骗子', 'reject'],
      ]) {
        const list = await api('POST', '/agent/sensitiveWord', { name, words: [word], action });
        expect(list.status, list.text).toBe(200);
      }
      const asker = newViewer();
      expect((await viewerCall('POST', watchUrl(), asker, { text: '这是广告吗' })).body.text).toBe('这是**吗');
      const held = await viewerCall('POST', watchUrl(), asker, { text: '有优惠吗' });
      expect(held.body.status).toBe('pending');
      const refused = await viewerCall('POST', watchUrl(), newViewer(), { text: '你是骗子' });
      expectError(refused, 400, INTERACTION_ERRORS.questionSensitive, { field: 'text' });
      // The held one is its asker's only, until answered.
      expect((await viewerCall('GET', watchUrl(), asker)).body.items.map((q: { id: number }) => q.id)).toContain(
        held.body.id,
      );
      const others = await viewerCall('GET', watchUrl(), newViewer());
      expect(others.body.items.map((q: { id: number }) => q.id)).not.toContain(held.body.id);
      await api('PUT', `${url()}/${held.body.id}`, { answer: '有的' });
      const after = await viewerCall('GET', watchUrl(), newViewer());
      expect(after.body.items.map((q: { id: number }) => q.id)).toContain(held.body.id);
    });

    it('refuses an unknown viewer, bad text and a flood of questions', async () => {
      expectError(await viewerCall('POST', watchUrl(), null, { text: '你好' }), 401, INTERACTION_ERRORS.viewerUnknown, {
        code: ERROR_CODES.unauthorized,
      });
      for (const text of ['', '   ', '长'.repeat(201)]) {
        const response = await viewerCall('POST', watchUrl(), newViewer(), { text });
        expect(response.status).toBe(400);
        expect(response.body.field).toBe('text');
      }
      const flooder = newViewer();
      const answers: CallResult[] = [];
      for (let i = 0; i < 4; i += 1) answers.push(await viewerCall('POST', watchUrl(), flooder, { text: `问题${i}` }));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    });
  });

  it('counts the ballots, questions and check-ins for the statistics (avote, qa)', async () => {
    const fresh = await newActivity('计数');
    expect(await interactionCounts(t.ctx.db, fresh)).toEqual({ avote: 0, qa: 0, checkin: 0 });
    const created = await api('POST', voteUrl(fresh), FRUIT);
    await api('PUT', `${voteUrl(fresh)}/${created.body.id}`, { status: 'published' });
    for (const viewer of [newViewer(), newViewer()]) {
      await viewerCall('POST', `/watch/${fresh}/vote/${created.body.id}`, viewer, { choices: [0] });
    }
    await viewerCall('POST', `/watch/${fresh}/question`, newViewer(), { text: '一个问题' });
    const started = await api('POST', `/v3/activity/${fresh}/checkin`, { durationSeconds: 60 });
    await viewerCall('POST', `/watch/${fresh}/checkin/${started.body.id}`, newViewer(), {});
    expect(await interactionCounts(t.ctx.db, fresh)).toEqual({ avote: 2, qa: 1, checkin: 1 });
  });

  it('keeps every call to the caller’s activities, and the viewers’ to activities that exist', async () => {
    const other = await createAgent(t.ctx);
    const otherToken = await sessionFor(t.ctx, other.id);
    const vote = await publishedVote();
    const question = await viewerCall('POST', `/watch/${activityId}/question`, newViewer(), { text: '别人的问题' });
    for (const [method, path, body] of [
      ['GET', voteUrl()],
      ['POST', voteUrl(), FRUIT],
      ['PUT', `${voteUrl()}/${vote.id}`, { status: 'closed' }],
      ['DELETE', `${voteUrl()}/${vote.id}`],
      ['GET', `/v3/activity/${activityId}/checkin`],
      ['POST', `/v3/activity/${activityId}/checkin`, { durationSeconds: 60 }],
      ['GET', `/v3/activity/${activityId}/question`],
      ['PUT', `/v3/activity/${activityId}/question/${question.body.id}`, { answer: '越权' }],
      ['DELETE', `/v3/activity/${activityId}/question/${question.body.id}`],
    ] as const) {
      expectError(await api(method, path, body, otherToken), 404, ERROR_MESSAGES.activityNotFound);
    }
    // The other agent's own activity with this agent's vote and question ids.
    const theirs = await newActivity('别人的活动', otherToken);
    expectError(
      await api('PUT', `${voteUrl(theirs)}/${vote.id}`, { status: 'closed' }, otherToken),
      404,
      INTERACTION_ERRORS.voteNotFound,
    );
    expectError(
      await api('PUT', `/v3/activity/${theirs}/question/${question.body.id}`, { answer: '越权' }, otherToken),
      404,
      INTERACTION_ERRORS.questionNotFound,
    );
    expectError(
      await viewerCall('POST', `/watch/${theirs}/vote/${vote.id}`, newViewer(), { choices: [0] }),
      404,
      INTERACTION_ERRORS.voteNotFound,
    );
    // A sub-account reaches only the activities assigned to it.
    const sub = await createSubagent(t.ctx, { agentId });
    const subToken = await sessionFor(t.ctx, agentId, sub.id);
    expectError(await api('GET', voteUrl(), undefined, subToken), 404, ERROR_MESSAGES.activityNotFound);
    expect((await api('GET', voteUrl())).body.items.find((v: { id: number }) => v.id === vote.id).status).toBe(
      'published',
    );
    expectError(await viewerCall('GET', '/watch/999999/vote', newViewer()), 404, ERROR_MESSAGES.activityNotFound);
  });
  describe('a viewer signed in by SMS', () => {
    // The viewer is its mobile's id (audience-viewer.ts): one ballot, one check-in per person whatever the browser,
    // and the organiser's blacklist follows the person into a fresh browser.
    const person = (mobile: string, browser = newViewer()) =>
      `${signedViewerCookie(t.ctx, browser)}; ${signedMobileCookie(t.ctx, agentId, mobile)}`;
    const asPerson = (method: 'GET' | 'POST', url: string, cookie: string, body?: unknown) =>
      call(t.app, method, url, { body, headers: { cookie } });

    it('votes and checks in once per person, under its mobile’s id, from any browser', async () => {
      const id = await newActivity('登录观众的互动');
      const mobile = '13911110001';
      const personId = mobileViewerId(t.ctx.secretKey, mobile);
      const vote = await api('POST', voteUrl(id), FRUIT);
      await api('PUT', `${voteUrl(id)}/${vote.body.id}`, { status: 'published' });
      const url = `/watch/${id}/vote/${vote.body.id}`;

      const phoneBrowser = newViewer();
      const phone = person(mobile, phoneBrowser);
      const laptop = person(mobile);
      const cast = await asPerson('POST', url, phone, { choices: [1] });
      expect(cast.status, cast.text).toBe(200);
      expectError(await asPerson('POST', url, laptop, { choices: [2] }), 409, INTERACTION_ERRORS.voteAlreadyCast);
      const seen = await asPerson('GET', `/watch/${id}/vote`, laptop);
      expect(seen.body.items[0]).toMatchObject({ myChoices: [1], voters: 1 });
      const ballots = await t.ctx.db.selectFrom('voteBallots').select('viewerId').where('voteId', '=', vote.body.id);
      expect((await ballots.execute()).map((b) => b.viewerId)).toEqual([personId]);

      const started = await api('POST', `/v3/activity/${id}/checkin`, { durationSeconds: 60 });
      const take = `/watch/${id}/checkin/${started.body.id}`;
      expect((await asPerson('POST', take, phone, {})).status).toBe(200);
      expectError(await asPerson('POST', take, laptop, {}), 409, INTERACTION_ERRORS.alreadyCheckedIn);
      const users = await api('GET', `/v3/activity/${id}/checkin/${started.body.id}/user`);
      expect(users.body.items.map((u: { userId: string }) => u.userId)).toEqual([personId]);

      // A browser that voted and checked in before signing in has done so for the person it signs in as.
      const before = newViewer();
      const otherMobile = '13911110003';
      expect((await viewerCall('POST', url, before, { choices: [0] })).status).toBe(200);
      expect((await viewerCall('POST', take, before, {})).status).toBe(200);
      const after = person(otherMobile, before);
      expectError(await asPerson('POST', url, after, { choices: [2] }), 409, INTERACTION_ERRORS.voteAlreadyCast);
      expectError(await asPerson('POST', take, after, {}), 409, INTERACTION_ERRORS.alreadyCheckedIn);

      // The sign-in is the agent's: on another agent's page the browser votes as its own anonymous self.
      const other = (await signedInAgent(t.ctx)).token;
      const theirs = await newActivity('别人的投票', other);
      const theirVote = await api('POST', voteUrl(theirs), FRUIT, other);
      await api('PUT', `${voteUrl(theirs)}/${theirVote.body.id}`, { status: 'published' }, other);
      expect(
        (await asPerson('POST', `/watch/${theirs}/vote/${theirVote.body.id}`, phone, { choices: [0] })).status,
      ).toBe(200);
      const theirBallot = await t.ctx.db
        .selectFrom('voteBallots')
        .select('viewerId')
        .where('voteId', '=', theirVote.body.id)
        .executeTakeFirstOrThrow();
      expect(theirBallot.viewerId).toBe(phoneBrowser);
    });

    it('refuses a blacklisted person’s vote, check-in and question from a fresh browser', async () => {
      const id = await newActivity('拉黑后的互动');
      const mobile = '13911110002';
      const vote = await api('POST', voteUrl(id), FRUIT);
      await api('PUT', `${voteUrl(id)}/${vote.body.id}`, { status: 'published' });
      const started = await api('POST', `/v3/activity/${id}/checkin`, { durationSeconds: 60 });
      const userId = mobileViewerId(t.ctx.secretKey, mobile);
      expect((await api('POST', `/activity/${id}/blacklist`, { userId })).status).toBe(200);

      const fresh = person(mobile);
      const refused = [
        await asPerson('POST', `/watch/${id}/vote/${vote.body.id}`, fresh, { choices: [0] }),
        await asPerson('POST', `/watch/${id}/checkin/${started.body.id}`, fresh, {}),
        await asPerson('POST', `/watch/${id}/question`, fresh, { text: '还能提问吗？' }),
      ];
      for (const answer of refused) expectError(answer, 403, INTERACTION_ERRORS.blacklisted);
      // The same browser signed out is someone else (its anonymous id), not on the blacklist.
      const signedOut = signedViewerCookie(t.ctx, newViewer());
      expect((await asPerson('POST', `/watch/${id}/vote/${vote.body.id}`, signedOut, { choices: [0] })).status).toBe(
        200,
      );
      // An anonymous viewer on the blacklist is refused as well.
      const anonymous = newViewer();
      await api('POST', `/activity/${id}/blacklist`, { userId: anonymous });
      expectError(
        await viewerCall('POST', `/watch/${id}/vote/${vote.body.id}`, anonymous, { choices: [0] }),
        403,
        INTERACTION_ERRORS.blacklisted,
      );
    });
  });
});
