import {
  type ChatServerMessage,
  chatFrameMessages,
  DEFAULT_COMMENT_LIBRARY,
  DEFAULT_VIRTUAL_AUDIENCE,
  ERROR_MESSAGES,
  VIRTUAL_AUDIENCE_ERRORS,
} from '@yanbo/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { chatChannel } from '../../src/features/comments/chat-service.ts';
import { liveOpsSampler } from '../../src/features/live-ops/index.ts';
import { agentChannel, type RealtimeEvent } from '../../src/platform/realtime/hub.ts';
import {
  call,
  createSubagent,
  engines,
  expectError,
  sessionFor,
  signedInAgent,
  signedViewerCookie,
  startApp,
  type TestApp,
} from '../harness.ts';

// The virtual audience (issue 10) and the live operations call: settings per activity, the curve applied while the
// activity pushes (viewers are shown real + virtual, the console gets them apart), robots' comments from a library at
// an interval, and statistics that never count a robot.

const SETTINGS = { ...DEFAULT_VIRTUAL_AUDIENCE, enabled: true, target: 100, rampMinutes: 10, jitterPercent: 0 };
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe.each(engines)('virtual audience on %s', (engine) => {
  let t: TestApp;
  let token: string;
  let agentId: number;
  let otherToken: string;

  beforeAll(async () => {
    t = await startApp(engine);
    const signedIn = await signedInAgent(t.ctx);
    token = signedIn.token;
    agentId = signedIn.agent.id;
    otherToken = (await signedInAgent(t.ctx)).token;
  }, 60_000);
  afterAll(() => t?.close());

  const api = (method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown, as = token) =>
    call(t.app, method, url, { token: as, body });

  let named = 0;
  async function newActivity(as = token): Promise<number> {
    named += 1;
    const created = await api('POST', '/activity', { name: `发布会 ${named}` }, as);
    expect(created.status, created.text).toBe(200);
    return created.body.id;
  }

  /** The activity pushes, its push having started `minutesAgo`. */
  async function pushing(activityId: number, minutesAgo: number) {
    await t.ctx.db.updateTable('activities').set({ isPushing: true }).where('id', '=', activityId).execute();
    await t.ctx.db
      .insertInto('ingestSessions')
      .values({
        activityId,
        agentId,
        startedAt: sql<Date>`now() - make_interval(mins => ${minutesAgo})`,
      })
      .execute();
  }

  it('keeps each activity’s settings, refuses bad input and another agent’s activity or library', async () => {
    const id = await newActivity();
    expect((await api('GET', `/v3/activity/${id}/virtual-audience`)).body).toEqual(DEFAULT_VIRTUAL_AUDIENCE);

    const saved = await api('PUT', `/v3/activity/${id}/virtual-audience`, { ...SETTINGS, commentsEnabled: true });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({ ...SETTINGS, commentsEnabled: true });
    expect((await api('GET', `/v3/activity/${id}/virtual-audience`)).body).toEqual({
      ...SETTINGS,
      commentsEnabled: true,
    });

    for (const [field, value] of [
      ['target', -1],
      ['target', 100_001],
      ['rampMinutes', 601],
      ['jitterPercent', 51],
      ['commentIntervalSeconds', 4],
      ['commentIntervalSeconds', 3_601],
      ['enabled', 'yes'],
      ['libraryId', -1],
    ] as const) {
      const refused = await api('PUT', `/v3/activity/${id}/virtual-audience`, { ...SETTINGS, [field]: value });
      expect(refused.status, `${field}=${value}`).toBe(400);
      expect(refused.body.field).toBe(field);
    }
    // Nothing refused was written.
    expect((await api('GET', `/v3/activity/${id}/virtual-audience`)).body.target).toBe(100);

    expectError(
      await api('PUT', `/v3/activity/${id}/virtual-audience`, { ...SETTINGS, libraryId: 999_999 }),
      404,
      VIRTUAL_AUDIENCE_ERRORS.libraryNotFound,
    );
    const theirs = await api('POST', '/agent/comment/library', { name: '别家的', items: ['hi'] }, otherToken);
    expect(theirs.status, theirs.text).toBe(200);
    expectError(
      await api('PUT', `/v3/activity/${id}/virtual-audience`, { ...SETTINGS, libraryId: theirs.body.id }),
      404,
      VIRTUAL_AUDIENCE_ERRORS.libraryNotFound,
    );
    const ours = await api('POST', '/agent/comment/library', { name: '暖场', items: ['好看'] });
    expect(
      (await api('PUT', `/v3/activity/${id}/virtual-audience`, { ...SETTINGS, libraryId: ours.body.id })).status,
    ).toBe(200);

    const stranger = await newActivity(otherToken);
    expectError(await api('GET', `/v3/activity/${stranger}/virtual-audience`), 404, ERROR_MESSAGES.activityNotFound);
    expectError(
      await api('PUT', `/v3/activity/${stranger}/virtual-audience`, SETTINGS),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    expectError(await api('GET', '/v3/activity/999999/virtual-audience'), 404, ERROR_MESSAGES.activityNotFound);
    expect((await call(t.app, 'GET', `/v3/activity/${id}/virtual-audience`)).status).toBe(401);

    // A sub-account runs the audience of its own activities only.
    const sub = await createSubagent(t.ctx, { agentId });
    const subToken = await sessionFor(t.ctx, agentId, sub.id);
    expectError(
      await api('GET', `/v3/activity/${id}/virtual-audience`, undefined, subToken),
      404,
      ERROR_MESSAGES.activityNotFound,
    );
    await t.ctx.db.updateTable('activities').set({ subagentId: sub.id }).where('id', '=', id).execute();
    expect((await api('PUT', `/v3/activity/${id}/virtual-audience`, SETTINGS, subToken)).status).toBe(200);
  });

  it('adds the curve to what viewers are shown while the console gets real and virtual apart', async () => {
    const id = await newActivity();
    await pushing(id, 5);
    const heard: RealtimeEvent[] = [];
    const stop = t.ctx.realtime.subscribe(chatChannel(id), (event) => heard.push(event));
    const consoleEvents: RealtimeEvent[] = [];
    const stopConsole = t.ctx.realtime.subscribe(agentChannel(agentId), (event) => consoleEvents.push(event));
    // Half-way up a 10-minute ramp to 100: 50, told to the viewers at once.
    expect((await api('PUT', `/v3/activity/${id}/virtual-audience`, SETTINGS)).status).toBe(200);
    expect(heard).toContainEqual({ type: 'chat.virtual', count: 50 });

    // A viewer on the watch page is shown 1 real + 50 virtual.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(`${address.replace('http://', 'ws://')}/api/watch/${id}/chat`, {
      headers: { cookie: signedViewerCookie(t.ctx, 'viewer-aaaaaaaaaaaaaaaa') },
    });
    const onlines: number[] = [];
    let shownOne: () => void = () => {};
    const shown51 = new Promise<void>((resolve) => {
      shownOne = resolve;
    });
    let welcomed: () => void = () => {};
    const welcome = new Promise<void>((resolve) => {
      welcomed = resolve;
    });
    ws.on('message', (data) => {
      for (const message of chatFrameMessages(String(data)) as ChatServerMessage[]) {
        if (message.type === 'welcome') welcomed();
        if (message.type !== 'online') continue;
        onlines.push(message.count);
        if (message.count === 51) shownOne();
      }
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ type: 'hello', nickname: '小明' }));
    // In the room, the viewer hears the virtual count of the next sample.
    await welcome;
    const sampler = liveOpsSampler(t.ctx);
    const now = Date.now();
    await sampler.sample(new Date(now));
    await shown51;
    ws.terminate();

    // The console: the room's presence says one real viewer; the sample keeps 1 and 50 apart.
    t.ctx.realtime.publish(chatChannel(id), { type: 'chat.presence', process: 'other-process', count: 2 });
    await sampler.sample(new Date(now + 10_000));
    const ops = (await api('GET', `/v3/activity/${id}/live-ops`)).body;
    expect(ops.isPushing).toBe(true);
    expect(ops.online.virtual).toBeGreaterThanOrEqual(50);
    expect(ops.online.real).toBeGreaterThanOrEqual(2);
    expect(ops.online.shown).toBe(ops.online.real + ops.online.virtual);
    expect(ops.curve.length).toBeGreaterThanOrEqual(2);
    expect(ops.curve.at(-1)).toMatchObject({ real: ops.online.real, virtual: ops.online.virtual });
    expect(consoleEvents).toContainEqual(
      expect.objectContaining({ type: 'activity.audience', activityId: id, virtual: ops.online.virtual }),
    );

    // Off: the viewers' virtual count is 0 at the next sample.
    await api('PUT', `/v3/activity/${id}/virtual-audience`, { ...SETTINGS, enabled: false });
    expect(heard.at(-1)).toEqual({ type: 'chat.virtual', count: 0 });
    stop();
    stopConsole();
  });

  it('posts robot comments from the chosen library at the interval, in the robots’ names', async () => {
    const id = await newActivity();
    await pushing(id, 1);
    const robots = await api('POST', '/v3/robot', {
      robots: [
        { nickname: '小鱼', avatar: '/robot-avatars/1.svg' },
        { nickname: '阿花', avatar: '/robot-avatars/2.svg' },
      ],
    });
    expect(robots.status, robots.text).toBe(200);
    const library = await api('POST', '/agent/comment/library', { name: '热场', items: ['主播好', '支持支持'] });
    await api('PUT', `/v3/activity/${id}/virtual-audience`, {
      ...SETTINGS,
      commentsEnabled: true,
      libraryId: library.body.id,
      commentIntervalSeconds: 30,
    });
    const sampler = liveOpsSampler(t.ctx);
    const robotComments = async () =>
      (await api('GET', `/activity/${id}/comment`)).body.items.filter((c: { isRobot: boolean }) => c.isRobot);

    await sampler.sample(new Date());
    let posted = await robotComments();
    expect(posted).toHaveLength(1);
    expect(['主播好', '支持支持']).toContain(posted[0].text);
    expect(['小鱼', '阿花']).toContain(posted[0].nickname);
    expect(posted[0]).toMatchObject({ status: 'passed', userId: null });
    // Not again before the interval is over, then once more.
    await sampler.sample(new Date());
    expect(await robotComments()).toHaveLength(1);
    await t.ctx.db
      .updateTable('virtualAudiences')
      .set({ nextCommentAt: sql<Date>`now() - interval '1 second'` })
      .where('activityId', '=', id)
      .execute();
    await sampler.sample(new Date());
    posted = await robotComments();
    expect(posted).toHaveLength(2);

    // The default library (0) works as well; comments off posts nothing more.
    await api('PUT', `/v3/activity/${id}/virtual-audience`, { ...SETTINGS, commentsEnabled: true, libraryId: 0 });
    await sampler.sample(new Date());
    posted = await robotComments();
    expect(posted).toHaveLength(3);
    expect(DEFAULT_COMMENT_LIBRARY.items).toContain(posted[0].text);
    await api('PUT', `/v3/activity/${id}/virtual-audience`, { ...SETTINGS, commentsEnabled: false });
    await sampler.sample(new Date());
    expect(await robotComments()).toHaveLength(3);
  });

  it('never counts robots as real: statistics read real visits only, and the latency viewers report', async () => {
    const id = await newActivity();
    await pushing(id, 20);
    await api('POST', '/v3/robot', { robots: [{ nickname: '路人甲', avatar: '/robot-avatars/3.svg' }] });
    await api('PUT', `/v3/activity/${id}/virtual-audience`, {
      ...SETTINGS,
      target: 500,
      commentsEnabled: true,
    });
    // One real viewer visits and reports its player's latency.
    const visit = await call(t.app, 'POST', `/watch/${id}/visit`, { body: {}, headers: { 'user-agent': PHONE_UA } });
    expect(visit.status, visit.text).toBe(200);
    const cookie = String(visit.headers['set-cookie']).split(';')[0]!;
    const beat = await call(t.app, 'POST', `/watch/${id}/heartbeat`, {
      body: { visitId: visit.body.visitId, latencyMs: 3200 },
      headers: { cookie },
    });
    expect(beat.status, beat.text).toBe(200);
    expect(
      (
        await call(t.app, 'POST', `/watch/${id}/heartbeat`, {
          body: { visitId: 1, latencyMs: -5 },
          headers: { cookie },
        })
      ).body.field,
    ).toBe('latencyMs');

    const sampler = liveOpsSampler(t.ctx);
    await sampler.sample(new Date());
    const ops = (await api('GET', `/v3/activity/${id}/live-ops`)).body;
    expect(ops.online.virtual).toBe(500);
    expect(ops.health).toMatchObject({ viewerLatencyMs: 3200, latencyReports: 1 });
    // Nothing here holds the push: the ingest measured nothing.
    expect(ops.health.bitrateKbps).toBeNull();

    const stats = (await api('GET', `/activity/${id}/stats`)).body;
    expect(stats).toMatchObject({ pv: 1, uv: 1 });
    expect(stats.peakOnline ?? 0).toBeLessThan(500);
    const visits = await t.ctx.db
      .selectFrom('visits')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('activityId', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(visits.n)).toBe(1);
  });

  it('answers the live operations view of an activity not pushing, and 404 for another agent’s', async () => {
    const id = await newActivity();
    const ops = (await api('GET', `/v3/activity/${id}/live-ops`)).body;
    expect(ops).toMatchObject({
      activityId: id,
      isPushing: false,
      pushStartedAt: null,
      online: { real: 0, virtual: 0, shown: 0 },
      curve: [],
      health: { bitrateKbps: null, fps: null, droppedFrames: null, viewerLatencyMs: null, latencyReports: 0 },
    });
    const stranger = await newActivity(otherToken);
    expectError(await api('GET', `/v3/activity/${stranger}/live-ops`), 404, ERROR_MESSAGES.activityNotFound);
    expect((await api('GET', '/v3/activity/0/live-ops')).status).toBe(400);
  });
});
