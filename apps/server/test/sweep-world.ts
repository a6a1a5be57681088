import { API_PREFIX } from '@yanbo/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../src/platform/db/database.ts';
import { type CallResult, call, createAgent, createSubagent, sessionFor, type TestApp } from './harness.ts';
import type { Caller, World } from './tenancy-sweep-routes.ts';

// What the route sweeps share (tenancy-sweep.test.ts, bad-input-sweep.ts): the route table read from the server
// itself, the world of two agents with rows of every kind, and a snapshot of every table.

export interface SeenRoute {
  method: string;
  url: string;
  auth: boolean;
}

/** The sweeps' record of the server's routes, and of which route answered the last request. */
export interface RouteLog {
  routes: SeenRoute[];
  lastRoute: string;
}

/** The bad-input sweep's record: the routes, the last route answering, and the cause of the last 5xx. */
export const sweepLog: RouteLog & { lastError: string } = { routes: [], lastRoute: '', lastError: '' };

/**
 * Fastify for the bad-input sweep's files (`vi.mock('fastify', ...)`): its apps record their routes and each request's
 * route in sweepLog (withRouteLog), and the cause of a 5xx for the failure message (the answer never carries it).
 */
export function sweptFastify<T>(original: T): T {
  const logged = withRouteLog(original, sweepLog) as { default: (...args: unknown[]) => FastifyInstance };
  const factory = logged.default;
  const withErrors = (...args: unknown[]) => {
    const app = factory(...args);
    app.addHook('onError', async (_request, _reply, error) => {
      sweepLog.lastError = `${error.name}: ${error.message}`.slice(0, 300);
    });
    return app;
  };
  return { ...logged, default: Object.assign(withErrors, factory) } as T;
}

/**
 * Wraps Fastify's factory so every app built records its routes (an onRoute hook) and which route answered each
 * request. Used from a test file's vi.mock('fastify'), so the route table is the server's own.
 */
export function withRouteLog<T>(original: T, seen: RouteLog): T {
  const fastify = original as { default: (...args: unknown[]) => FastifyInstance };
  const factory = fastify.default;
  const logged = (...args: unknown[]) => {
    const app = factory(...args);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const config = route.config as { auth?: boolean } | undefined;
      for (const method of methods) seen.routes.push({ method, url: route.url, auth: config?.auth !== false });
    });
    // Which route answered a request, so a probe with a mistyped URL cannot pass on the router's own 404.
    app.addHook('onRequest', async (request) => {
      seen.lastRoute = `${request.method} ${request.routeOptions.url ?? '(no route)'}`;
    });
    return app;
  };
  return { ...original, default: Object.assign(logged, factory) };
}

export const isPublicRoute = (route: SeenRoute) =>
  !route.auth || !route.url.startsWith(`${API_PREFIX}/`) || route.url.startsWith(`${API_PREFIX}/docs`);

/**
 * Texts only B's rows hold, and texts only rows of A's activity not assigned to A's sub-account hold (or tied to it):
 * no answer to A may carry the first, no answer to A's sub-account the second.
 */
export const MARKERS = {
  b: [
    'B 联系人',
    'B 公司',
    'B 的下级',
    'b-staff',
    'B 的分组',
    'B 的活动',
    'B 的子账号分组',
    'B 的渠道',
    'B 的分享',
    'b-secret.mp4',
    'rtmp://example.com/live/b-secret',
    'B 的敏感词',
    'B 的礼物',
    'B 的评论库',
    'B 的机器人',
  ],
  aOther: ['A 的另一个活动', 'A 另一活动的渠道', 'a-other.mp4', 'rtmp://example.com/live/a-other'],
};

/**
 * Agents A and B (new ones each round) with rows of every kind (activities, groups, sub-accounts, ditches, orders, media, stream jobs), A's
 * lower-level agent and sub-accounts, and sessions for A, A's sub-account and A's lower-level agent.
 */
export async function buildWorld(t: TestApp, round = 0): Promise<{ w: World; tokens: Record<Caller, string> }> {
  // Sub-account usernames are unique across agents: a second world in the same database takes names of its own.
  const suffix = round === 0 ? '' : `-${round}`;
  const tokens: Record<Caller, string> = { agentA: '', subA: '', childA: '' };
  const { ctx, app } = t;

  const a = await createAgent(ctx, { coopLevel: 2 });
  const b = await createAgent(ctx, { coopLevel: 2, contact: MARKERS.b[0], company: MARKERS.b[1] });
  const aChild = await createAgent(ctx, { parentId: a.id });
  const bChild = await createAgent(ctx, { parentId: b.id, contact: MARKERS.b[2] });
  const aSub = await createSubagent(ctx, { agentId: a.id });
  const aSub2 = await createSubagent(ctx, { agentId: a.id, username: `a-staff-2${suffix}` });
  const bSub = await createSubagent(ctx, { agentId: b.id, username: `${MARKERS.b[3]}${suffix}` });
  const aToken = await sessionFor(ctx, a.id);
  const bToken = await sessionFor(ctx, b.id);
  tokens.agentA = aToken;
  tokens.subA = await sessionFor(ctx, a.id, aSub.id);
  tokens.childA = await sessionFor(ctx, aChild.id);

  const ok = async (response: Promise<CallResult>) => {
    const result = await response;
    if (result.status !== 200) throw new Error(`fixture: ${result.status} ${result.text}`);
    return result.body;
  };
  const as = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    ok(call(app, method, url, { token, body }));

  const aAct = (await as(aToken, 'POST', '/activity', { name: 'A 的活动', subagentId: aSub.id })).id;
  const aGroup = (await as(aToken, 'POST', '/agent/activity-group', { name: 'A 的分组' })).id;
  const aActOther = (await as(aToken, 'POST', '/activity', { name: MARKERS.aOther[0], groupId: aGroup })).id;
  const aSubGroup = (await as(aToken, 'POST', '/v3/subagent-group', { name: 'A 的子账号分组' })).id;
  const aDitchOther = await as(aToken, 'POST', `/agent/${a.id}/promotion-channel`, {
    name: MARKERS.aOther[1],
    activityId: aActOther,
  });
  const aOrder = (await as(aToken, 'POST', '/agent/order', { packageId: 100005, activityId: aActOther })).orderId;
  // A's template activity is the one its sub-account may not see.
  await as(aToken, 'POST', '/v3/agent/template-activity', { activityId: aActOther });
  const bGroup = (await as(bToken, 'POST', '/agent/activity-group', { name: MARKERS.b[4] })).id;
  const bAct = (await as(bToken, 'POST', '/activity', { name: MARKERS.b[5], subagentId: bSub.id, groupId: bGroup })).id;
  const bSubGroup = (await as(bToken, 'POST', '/v3/subagent-group', { name: MARKERS.b[6] })).id;
  await as(bToken, 'PUT', `/agent/subagent/${bSub.id}`, { groupId: bSubGroup });
  const aDitch = await as(aToken, 'POST', `/agent/${a.id}/promotion-channel`, { name: 'A 的渠道', activityId: aAct });
  const bDitch = await as(bToken, 'POST', `/agent/${b.id}/promotion-channel`, {
    name: MARKERS.b[7],
    activityId: bAct,
  });
  // B's activity carries settings of its own, so a write through A would show in the snapshot.
  await as(bToken, 'PUT', `/activity/${bAct}/template`, { imgCover: 'b.png' });
  await as(bToken, 'PUT', `/activity/${bAct}/watchcode`, { enabled: true, code: '246810' });
  await as(bToken, 'PUT', `/activity/${bAct}/shareCard`, { title: MARKERS.b[8] });
  await as(bToken, 'POST', `/v3/activity/${bAct}/meeting/join`);
  const bOrder = (await as(bToken, 'POST', '/agent/order', { packageId: 100005, activityId: bAct })).orderId;
  const aWordList = (await as(aToken, 'POST', '/agent/sensitiveWord', { name: 'A 的词表', words: ['a-word'] })).id;
  const bWordList = (await as(bToken, 'POST', '/agent/sensitiveWord', { name: MARKERS.b[11], words: ['b-word'] })).id;
  const aGift = (await as(aToken, 'POST', '/v3/agent/gift', { name: 'A 的礼物', icon: '/files/a.png', price: 100 })).id;
  const aLibrary = (await as(aToken, 'POST', '/agent/comment/library', { name: 'A 的评论库' })).id;
  const bLibrary = (await as(bToken, 'POST', '/agent/comment/library', { name: MARKERS.b[13] })).id;
  const aRobot = (
    await as(aToken, 'POST', '/v3/robot', { robots: [{ nickname: 'A 的机器人', avatar: '/robot-avatars/1.svg' }] })
  ).items[0].id;
  const bRobot = (
    await as(bToken, 'POST', '/v3/robot', { robots: [{ nickname: MARKERS.b[14], avatar: '/robot-avatars/2.svg' }] })
  ).items[0].id;
  const bGift = (await as(bToken, 'POST', '/v3/agent/gift', { name: MARKERS.b[12], icon: '/files/b.png', price: 100 }))
    .id;
  const bVote = (await as(bToken, 'POST', `/v3/activity/${bAct}/vote`, { title: 'B 的投票', options: ['是', '否'] }))
    .id;
  const bCheckin = (await as(bToken, 'POST', `/v3/activity/${bAct}/checkin`, { durationSeconds: 3_600 })).id;
  const bQuestion = (
    await ctx.db
      .insertInto('questions')
      .values({
        activityId: bAct,
        agentId: b.id,
        viewerId: 'viewer-b-0123456789',
        nickname: 'B',
        text: '?',
        status: 'passed',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const bRedPackRecharge = (await as(bToken, 'POST', '/v3/agent/red-pack/recharge', { amount: 100 })).orderId;
  // Finance (issue 13): a bank card of A and of B (written as POST /agent/card writes one once its SMS code checks),
  // a recharge of each, and a pending outflow of A's lower agent (A reviews it) and of B.
  const card = (agentId: number, cardNo: string) =>
    ctx.db
      .insertInto('agentCards')
      .values({ agentId, holder: '持卡人', bank: '中国银行', cardNo, mobile: '13800000021' })
      .returning('id')
      .executeTakeFirstOrThrow();
  const aCard = (await card(a.id, '6216000000000000001')).id;
  const bCard = (await card(b.id, '6216000000000000002')).id;
  const aRecharge = (await as(aToken, 'POST', `/v3/agent/${a.id}/recharge-order`, { amount: 100 })).orderId;
  const bRecharge = (await as(bToken, 'POST', `/v3/agent/${b.id}/recharge-order`, { amount: 100 })).orderId;
  const pendingOutflow = (agentId: number) =>
    ctx.db
      .insertInto('withdrawals')
      .values({ agentId, kind: 'outflow', amount: 100, remark: '出账' })
      .returning('id')
      .executeTakeFirstOrThrow();
  const aChildWithdrawal = (await pendingOutflow(aChild.id)).id;
  const bWithdrawal = (await pendingOutflow(b.id)).id;
  // A's catalog (made by the main account, so its sub-account does not see it) and B's, holding B's activity.
  const aCatalog = (await as(aToken, 'POST', '/v3/catalog', { name: 'A 的合辑' })).id;
  const bCatalog = (await as(bToken, 'POST', '/v3/catalog', { name: `${MARKERS.b[0]} 的合辑` })).id;
  await as(bToken, 'PUT', `/v3/catalog/${bCatalog}/chapters`, { chapters: [{ title: '章节', activityIds: [bAct] }] });
  // An aggregation of A's main account (its sub-account does not see it) and B's, each of a venue of its own.
  const venues = async (token: string, name: string) => [
    { activityId: (await as(token, 'POST', '/activity', { name })).id, label: '主会场' },
  ];
  const aAggregation = (
    await as(aToken, 'POST', '/v3/aggregation', { name: 'A 的多会场', venues: await venues(aToken, 'A 的会场') })
  ).id;
  const bAggregation = (
    await as(bToken, 'POST', '/v3/aggregation', {
      name: `${MARKERS.b[0]} 的多会场`,
      venues: await venues(bToken, `${MARKERS.b[0]} 的会场`),
    })
  ).id;
  // A page of A's main account (its sub-account does not see it) with a column, and B's with a column of B's activity.
  const aPage = (await as(aToken, 'POST', '/page', { name: 'A 的页面' })).id;
  const bPage = (await as(bToken, 'POST', '/page', { name: `${MARKERS.b[0]} 的页面` })).id;
  const column = (activityIds: number[]) => ({ title: '栏目', source: { kind: 'chosen', activityIds } });
  const aPageList = (await as(aToken, 'POST', `/page/${aPage}/list`, column([]))).id;
  const bPageList = (await as(bToken, 'POST', `/page/${bPage}/list`, column([bAct]))).id;
  // A photo list on A's activity its sub-account sees, and B's on B's activity.
  const aPhotoList = (await as(aToken, 'POST', `/v3/activity/${aAct}/photo-list`, { title: 'A 的照片' })).id;
  const bPhotoList = (await as(bToken, 'POST', `/v3/activity/${bAct}/photo-list`, { title: `${MARKERS.b[0]} 的照片` }))
    .id;
  // A product and a shop of A's (on the activity its sub-account sees) and of B's (on B's activity).
  const product = { pictures: ['/files/p.png'], price: 100, buyMode: 'platform' };
  const aProduct = (await as(aToken, 'POST', '/v3/agent/product', { ...product, name: 'A 的商品' })).id;
  const bProduct = (await as(bToken, 'POST', '/v3/agent/product', { ...product, name: `${MARKERS.b[0]} 的商品` })).id;
  const aShop = (await as(aToken, 'POST', `/v3/activity/${aAct}/product`, { productIds: [aProduct] })).activityShopId;
  const bShop = (await as(bToken, 'POST', `/v3/activity/${bAct}/product`, { productIds: [bProduct] })).activityShopId;
  // A's registration form (made by the main account, so its sub-account does not see it) with a whitelist record, and
  // B's, bound to B's activity with a record of its own.
  const aRegistration = (await as(aToken, 'POST', '/v3/registration', { name: 'A 的报名' })).id;
  const aRecord = (
    await as(aToken, 'POST', `/v3/registration/${aRegistration}/review`, {
      mobiles: ['13800000011'],
      status: 'approved',
    })
  ).items[0].id;
  const bRegistration = (await as(bToken, 'POST', '/v3/registration', { name: `${MARKERS.b[0]} 的报名` })).id;
  await as(bToken, 'POST', `/v3/registration/${bRegistration}/bind`, { activityIds: [bAct] });
  const bRecord = (
    await as(bToken, 'POST', `/v3/registration/${bRegistration}/review`, {
      mobiles: ['13800000012'],
      status: 'approved',
    })
  ).items[0].id;
  // A's document (uploaded by the main account, so its sub-account does not see it) bound to A's activity, and B's
  // bound to B's activity; their files are not needed by any probe.
  const document = async (agentId: number, name: string, activityId: number) => {
    const row = await ctx.db
      .insertInto('documents')
      .values({
        agentId,
        name,
        fileKey: `agent/${agentId}/${name}`,
        mimeType: 'application/pdf',
        kind: 'pdf',
        sizeBytes: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db.insertInto('documentActivities').values({ documentId: row.id, activityId, agentId }).execute();
    return row.id;
  };
  const aDocument = await document(a.id, 'a.pdf', aAct);
  const bDocument = await document(b.id, 'b.pdf', bAct);
  // A's report task on the activity its sub-account may not see, and B's.
  const aTask = (await as(aToken, 'POST', '/v3/task/', { kind: 'report', activityId: aActOther })).id;
  const bTask = (await as(bToken, 'POST', '/v3/task/', { kind: 'report', activityId: bAct })).id;
  // An audience person of each agent (the watch page's SMS sign-in keeps them; here written as it would) and a tag.
  const person = (agentId: number, mobile: string) =>
    ctx.db
      .insertInto('audiencePeople')
      .values({ agentId, mobile, viewerId: `m${String(agentId).padStart(31, '0')}`, name: '观众' })
      .returning('id')
      .executeTakeFirstOrThrow();
  const aPerson = (await person(a.id, '13800000001')).id;
  const bPerson = (await person(b.id, '13800000002')).id;
  const aTag = (await as(aToken, 'POST', '/v3/user-tag', { name: 'A 的标签' })).id;
  const bTag = (await as(bToken, 'POST', '/v3/user-tag', { name: 'B 的标签' })).id;
  // The reports run in the app's worker: the world is ready once they have, so no probe sees them change under it.
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const waiting = await ctx.db
      .selectFrom('tasks')
      .select('id')
      .where('status', 'in', ['pending', 'running'])
      .executeTakeFirst();
    if (!waiting) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const media = (agentId: number, activityId: number, name: string) =>
    ctx.db
      .insertInto('media')
      .values({
        agentId,
        activityId,
        subagentId: null,
        name,
        sourceKind: 'upload',
        source: `uploads/${name}`,
        status: 'failed',
        durationSeconds: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const streamJob = (agentId: number, activityId: number, source: string) =>
    ctx.db
      .insertInto('streamJobs')
      // Running in this process (no ffmpeg behind it): a job of no living process would be failed by the heartbeat.
      .values({ activityId, agentId, kind: 'relay', source, status: 'running', ownerProcess: ctx.process.id })
      .returning('id')
      .executeTakeFirstOrThrow();
  const bMedia = await media(b.id, bAct, MARKERS.b[9]);
  const bJob = await streamJob(b.id, bAct, MARKERS.b[10]);
  const aMediaOther = await media(a.id, aActOther, MARKERS.aOther[2]);
  const aJobOther = await streamJob(a.id, aActOther, MARKERS.aOther[3]);

  const w: World = {
    aId: a.id,
    aChildId: aChild.id,
    aAct,
    aActOther,
    aSub: aSub.id,
    aDitchSign: aDitch.sign,
    aSub2: aSub2.id,
    aGroup,
    aSubGroup,
    aDitchOtherSign: aDitchOther.sign,
    aMediaOther: aMediaOther.id,
    aJobOther: aJobOther.id,
    aOrder,
    aWordList,
    aGift,
    aLibrary,
    aRobot,
    bId: b.id,
    bChildId: bChild.id,
    bAct,
    bSub: bSub.id,
    bGroup,
    bSubGroup,
    bMedia: bMedia.id,
    bDitchSign: bDitch.sign,
    bJob: bJob.id,
    bOrder,
    bWordList,
    bGift,
    bLibrary,
    bRobot,
    bVote,
    bCheckin,
    bQuestion,
    bRedPackRecharge,
    aCard,
    bCard,
    aRecharge,
    bRecharge,
    aChildWithdrawal,
    bWithdrawal,
    aTask,
    bTask,
    aPerson,
    bPerson,
    aTag,
    bTag,
    aCatalog,
    bCatalog,
    aAggregation,
    bAggregation,
    aPage,
    bPage,
    aPageList,
    bPageList,
    aRegistration,
    bRegistration,
    aRecord,
    bRecord,
    aDocument,
    bDocument,
    aPhotoList,
    bPhotoList,
    aProduct,
    bProduct,
    aShop,
    bShop,
  };
  return { w, tokens };
}

/** Every row of every table but the volatile ones, per table, in a stable order. */
export async function snapshotTables(db: Db, volatile: ReadonlySet<string>): Promise<Record<string, string[]>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const result: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    if (volatile.has(name)) continue;
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    result[name] = rows.rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}
