import { ERROR_CODES, ROBOT_AVATAR_COUNT, ROBOT_ERRORS, ROBOTS_PER_AGENT } from '@yanbo/contracts';
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

describe.each(engines)('robots on %s', (engine) => {
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

  const get = (url: string, as = token) => call(t.app, 'GET', url, { token: as });

  it('offers templates, the built-in avatars (served as pictures) and random robots in a template’s style', async () => {
    const templates = (await get('/v3/robot-template')).body.items;
    expect(templates.map((template: { key: string }) => template.key)).toEqual([
      'general',
      'student',
      'office',
      'latin',
    ]);
    const avatars = (await get('/v3/robot-avatar')).body.items;
    expect(avatars).toHaveLength(ROBOT_AVATAR_COUNT);
    const picture = await t.app.inject({ method: 'GET', url: avatars[0].url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(picture.body).toContain('<svg');
    expect((await t.app.inject({ method: 'GET', url: '/robot-avatars/25.svg' })).statusCode).toBe(404);

    const random = (await get('/v3/robot/random?template=latin&count=30')).body.items;
    expect(random).toHaveLength(30);
    for (const robot of random) {
      expect(robot.nickname).toMatch(/^[A-Za-z][A-Za-z0-9_.]{1,19}$/);
      expect(avatars.map((a: { url: string }) => a.url)).toContain(robot.avatar);
    }
    expect(new Set(random.map((robot: { nickname: string }) => robot.nickname)).size).toBeGreaterThan(20);
    const student = (await get('/v3/robot/random?template=student')).body.items;
    expect(student).toHaveLength(10);
    expect((await get('/v3/robot/random?template=none')).body.field).toBe('template');
    expect((await get('/v3/robot/random?count=201')).body.field).toBe('count');
    // Random robots are drawn, not kept.
    expect((await get('/v3/robot')).body.pager.total).toBe(0);
  });

  it('adds robots in a batch, lists them newest first, searches them and deletes a batch', async () => {
    const drawn = (await get('/v3/robot/random?count=5')).body.items;
    const added = await call(t.app, 'POST', '/v3/robot', {
      token,
      body: { robots: [...drawn, { nickname: ' 场控小助手 ', avatar: '/robot-avatars/3.svg' }] },
    });
    expect(added.status, added.text).toBe(200);
    expect(added.body.items).toHaveLength(6);
    expect(added.body.items[5]).toMatchObject({ nickname: '场控小助手', avatar: '/robot-avatars/3.svg' });

    const list = (await get('/v3/robot?pageSize=4')).body;
    expect(list.pager).toEqual({ page: 1, pageSize: 4, total: 6 });
    expect(list.items[0].nickname).toBe('场控小助手');
    expect((await get(`/v3/robot?nickname=${encodeURIComponent('场控')}`)).body.pager.total).toBe(1);
    expect((await get('/v3/robot?nickname=%25')).body.pager.total).toBe(0);

    const ids = added.body.items.slice(0, 2).map((robot: { id: number }) => robot.id);
    expect((await call(t.app, 'DELETE', '/v3/robot', { token, body: { ids } })).body).toEqual({ ok: true });
    expect((await get('/v3/robot')).body.pager.total).toBe(4);
  });

  it('refuses avatars that are not the product’s, empty names and oversized batches, adding nothing', async () => {
    const before = (await get('/v3/robot')).body;
    for (const [robots, field] of [
      [[{ nickname: '甲', avatar: '/files/secret.png' }], 'robots.0.avatar'],
      [[{ nickname: '甲', avatar: 'https://evil.example/a.svg' }], 'robots.0.avatar'],
      [[{ nickname: '甲', avatar: '/robot-avatars/0.svg' }], 'robots.0.avatar'],
      [[{ nickname: '  ', avatar: '/robot-avatars/1.svg' }], 'robots.0.nickname'],
      [[], 'robots'],
      [Array.from({ length: 201 }, () => ({ nickname: '甲', avatar: '/robot-avatars/1.svg' })), 'robots'],
    ] as const) {
      const response = await call(t.app, 'POST', '/v3/robot', { token, body: { robots } });
      expect(response.status).toBe(400);
      expect(response.body.field).toBe(field);
    }
    expect((await get('/v3/robot')).body).toEqual(before);
  });

  it('keeps an agent to its limit, all or nothing', async () => {
    const agent = await createAgent(t.ctx);
    const own = await sessionFor(t.ctx, agent.id);
    await t.ctx.db
      .insertInto('robots')
      .values(
        Array.from({ length: ROBOTS_PER_AGENT - 1 }, (_, i) => ({
          agentId: agent.id,
          nickname: `r${i}`,
          avatar: '/robot-avatars/1.svg',
        })),
      )
      .execute();
    const two = [1, 2].map((n) => ({ nickname: `新${n}`, avatar: '/robot-avatars/2.svg' }));
    expectError(
      await call(t.app, 'POST', '/v3/robot', { token: own, body: { robots: two } }),
      400,
      ROBOT_ERRORS.tooMany,
      {
        field: 'robots',
      },
    );
    expect((await get('/v3/robot', own)).body.pager.total).toBe(ROBOTS_PER_AGENT - 1);
    expect((await call(t.app, 'POST', '/v3/robot', { token: own, body: { robots: two.slice(0, 1) } })).status).toBe(
      200,
    );
  });

  it('keeps robots to their agent, deletes to the main account', async () => {
    const mine = (await get('/v3/robot')).body.items[0];
    const other = await createAgent(t.ctx);
    const otherToken = await sessionFor(t.ctx, other.id);
    expect((await get('/v3/robot', otherToken)).body.pager.total).toBe(0);
    const otherRobot = (
      await call(t.app, 'POST', '/v3/robot', {
        token: otherToken,
        body: { robots: [{ nickname: '乙', avatar: '/robot-avatars/1.svg' }] },
      })
    ).body.items[0];
    // One foreign id in the batch: nothing is deleted, mine included.
    expectError(
      await call(t.app, 'DELETE', '/v3/robot', { token, body: { ids: [mine.id, otherRobot.id] } }),
      404,
      ROBOT_ERRORS.robotNotFound,
    );
    expect((await get('/v3/robot')).body.items[0].id).toBe(mine.id);

    const sub = await createSubagent(t.ctx, { agentId });
    const subToken = await sessionFor(t.ctx, agentId, sub.id);
    expect((await get('/v3/robot', subToken)).body.pager.total).toBeGreaterThan(0);
    const refused = await call(t.app, 'DELETE', '/v3/robot', { token: subToken, body: { ids: [mine.id] } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ERROR_CODES.subAgentForbidden);
  });
});
