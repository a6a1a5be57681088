import {
  AGGREGATION_ERRORS,
  AUDIENCE_ERRORS,
  CATALOG_APPEARANCE_DEFAULTS,
  CATALOG_ERRORS,
  CHAT_ERRORS,
  COMMENT_ERRORS,
  DITCH_ERRORS,
  DOCUMENT_ERRORS,
  ERROR_MESSAGES,
  EXTENSION_IDENTITIES,
  FINANCE_ERRORS,
  GIFT_ERRORS,
  INTERACTION_ERRORS,
  MEDIA_ERRORS,
  PAGE_ERRORS,
  PHOTO_ERRORS,
  PRICE_ERRORS,
  PRODUCT_ERRORS,
  REGISTRATION_ERRORS,
  REWARD_ERRORS,
  ROBOT_ERRORS,
  SENSITIVE_WORD_ERRORS,
  TASK_ERRORS,
  VIRTUAL_AUDIENCE_ERRORS,
} from '@yanbo/contracts';

// The tenancy table: every route the server registers, keyed `METHOD /path` as Fastify knows it. A route is either
// public (with the reason), the caller's own (it takes no id of a stored row: it can only reach the caller's data),
// or has probes: calls made with agent B's ids (or, as agent A's sub-account, with A's activity that is not assigned
// to it) and the answer each must give. tenancy-sweep.test.ts fails on a route missing here.

/** The rows agent B owns, and agent A's own rows the probes combine them with. */
export interface World {
  aId: number;
  /** A lower-level agent of A's, for the agent administration calls. */
  aChildId: number;
  /** A's activity assigned to A's sub-account, and one that is not. */
  aAct: number;
  aActOther: number;
  aSub: number;
  aDitchSign: string;
  /** A's second sub-account, its groups, and A's rows tied to the activity not assigned to A's sub-account. */
  aSub2: number;
  aGroup: number;
  aSubGroup: number;
  aDitchOtherSign: string;
  aMediaOther: number;
  aJobOther: number;
  aOrder: number;
  aWordList: number;
  aGift: number;
  aLibrary: number;
  aRobot: number;
  bId: number;
  bChildId: number;
  bAct: number;
  bSub: number;
  bGroup: number;
  bSubGroup: number;
  bMedia: number;
  bDitchSign: string;
  bJob: number;
  bOrder: number;
  bWordList: number;
  bGift: number;
  bLibrary: number;
  bRobot: number;
  bVote: number;
  bCheckin: number;
  bQuestion: number;
  bRedPackRecharge: number;
  /** Finance: a bank card and an account recharge of A and of B; a pending outflow of A's lower agent and of B. */
  aCard: number;
  bCard: number;
  aRecharge: number;
  bRecharge: number;
  aChildWithdrawal: number;
  bWithdrawal: number;
  /** A's task on the activity its sub-account may not see, and B's task. */
  aTask: number;
  bTask: number;
  /** An audience person and a user tag of A's and of B's. */
  aPerson: number;
  bPerson: number;
  aTag: number;
  bTag: number;
  /** A catalog A's main account made (its sub-account does not see it), and B's. */
  aCatalog: number;
  bCatalog: number;
  /** An aggregation A's main account made (its sub-account does not see it), and B's. */
  aAggregation: number;
  bAggregation: number;
  /** A page A's main account made (its sub-account does not see it) and its column, and B's. */
  aPage: number;
  bPage: number;
  aPageList: number;
  bPageList: number;
  /** A registration form A's main account made (its sub-account does not see it) and its record, and B's. */
  aRegistration: number;
  bRegistration: number;
  aRecord: number;
  bRecord: number;
  /** A document A's main account uploaded (its sub-account does not see it), and B's, bound to B's activity. */
  aDocument: number;
  bDocument: number;
  /** A photo list on A's activity assigned to its sub-account, and B's on B's activity. */
  aPhotoList: number;
  bPhotoList: number;
  /** A product and a shop of A's (on the activity assigned to its sub-account), and B's (on B's activity). */
  aProduct: number;
  bProduct: number;
  aShop: number;
  bShop: number;
}

/** Agent A, A's sub-account, or A's lower-level agent (which may not administer A, its upper agent). */
export type Caller = 'agentA' | 'subA' | 'childA';

export interface Probe {
  /** Who calls: agent A (default), A's sub-account or A's lower-level agent. */
  as?: Caller;
  url: (w: World) => string;
  body?: (w: World) => unknown;
  /**
   * The answer: 404 (an id not the caller's, as a missing one), 400 naming the body field that holds a foreign
   * reference (answered exactly as for a missing one), 403 for a call a sub-account may not make, or `empty` for a
   * list filter that finds nothing of B's.
   */
  expect: 404 | 403 | { status: 400; field: string } | 'empty';
  /** The English message of a 404 or 403, exactly. */
  message?: string;
}

/** whenBuilt: registered only when the console or watch page has been built, so a test app may not have it. */
export type RouteEntry = { public: string; whenBuilt?: boolean } | { own: string } | { probes: Probe[] };

const ACTIVITY = ERROR_MESSAGES.activityNotFound;
const VIRTUAL_AUDIENCE = {
  enabled: true,
  target: 100,
  rampMinutes: 0,
  jitterPercent: 0,
  commentsEnabled: false,
  libraryId: 0,
  commentIntervalSeconds: 30,
};
const AGENT = ERROR_MESSAGES.agentNotFound;
const GROUP = ERROR_MESSAGES.activityGroupNotFound;
const SUBACCOUNT = ERROR_MESSAGES.subaccountNotFound;
const SUBACCOUNT_GROUP = ERROR_MESSAGES.subaccountGroupNotFound;
const MEDIA = MEDIA_ERRORS.mediaNotFound;
const DITCH = DITCH_ERRORS.ditchNotFound;
// The live-stream feature names this one in place.
const STREAM_JOB = 'Stream Job Not Found';
const EXTENSION = EXTENSION_IDENTITIES[0];
/** A watch-page viewer id, as the chat's ban and blacklist calls name one. */
const VIEWER = 'viewer-0123456789abcdef';

/** An activity route: B's activity as agent A, and A's unassigned activity as A's sub-account, both 404. */
function activity(path: (id: number) => string, body?: unknown): { probes: Probe[] } {
  return {
    probes: [
      { url: (w) => path(w.bAct), body: () => body, expect: 404, message: ACTIVITY },
      { as: 'subA', url: (w) => path(w.aActOther), body: () => body, expect: 404, message: ACTIVITY },
    ],
  };
}

/** A page's tabs naming B's shop, photo list and product, on A's own activity: each answers its feature's 404. */
function tabReferences(to: (w: World, tabs: unknown[]) => { url: string; body: unknown }): Probe[] {
  const tab = { title: '商品', key: 'shop', type: 'productMessage' };
  const probe = (tabOf: (w: World) => object, message: string): Probe => ({
    url: (w) => to(w, [{ ...tab, ...tabOf(w) }]).url,
    body: (w) => to(w, [{ ...tab, ...tabOf(w) }]).body,
    expect: 404,
    message,
  });
  return [
    probe((w) => ({ productListId: w.bShop }), PRODUCT_ERRORS.shopNotFound),
    probe((w) => ({ type: 'photoLive', photoListId: w.bPhotoList }), PHOTO_ERRORS.listNotFound),
    probe((w) => ({ productList: [w.bProduct] }), PRODUCT_ERRORS.productNotFound),
  ];
}

/** A task route: B's task as agent A, and A's task on an activity not assigned to A's sub-account as that sub-account. */
function taskPath(path: (id: number) => string): { probes: Probe[] } {
  return {
    probes: [
      { url: (w) => path(w.bTask), expect: 404, message: TASK_ERRORS.taskNotFound },
      { as: 'subA', url: (w) => path(w.aTask), expect: 404, message: TASK_ERRORS.taskNotFound },
    ],
  };
}

/** A route on `/agent/{id}/...` of the caller's own agent: B's id answers 404 Agent Not Found. */
function agentPath(path: (id: number) => string, body?: unknown): Probe {
  return { url: (w) => path(w.bId), body: () => body, expect: 404, message: AGENT };
}

/**
 * An agent administration route on a lower-level agent: B's own lower agent and B itself answer 404, and so does A
 * for A's own lower-level agent (an upper agent is not below it); A's sub-account gets the documented 403.
 */
function lowerAgent(path: (id: number) => string, body?: unknown): { probes: Probe[] } {
  return {
    probes: [
      { url: (w) => path(w.bChildId), body: () => body, expect: 404, message: AGENT },
      { url: (w) => path(w.bId), body: () => body, expect: 404, message: AGENT },
      mainOnly(
        (w) => path(w.aChildId),
        () => body,
      ),
      { as: 'childA', url: (w) => path(w.aId), body: () => body, expect: 404, message: AGENT },
    ],
  };
}

const MAIN_ONLY = 'Sub-account is not allowed to do this';

/** A call of the main account's, made by A's sub-account on A's own row: the documented 403. */
function mainOnly(url: (w: World) => string, body?: (w: World) => unknown): Probe {
  return { as: 'subA', url, body, expect: 403, message: MAIN_ONLY };
}

const VOTE = { title: '投票', options: ['是', '否'] };
const VOTE_NOT_FOUND = INTERACTION_ERRORS.voteNotFound;
const CHECKIN_NOT_FOUND = INTERACTION_ERRORS.checkinNotFound;
const QUESTION_NOT_FOUND = INTERACTION_ERRORS.questionNotFound;

/**
 * A route on one of an activity's votes, check-ins or questions: B's activity and B's row, and A's activity with B's
 * row (404 for the row), and A's unassigned activity as A's sub-account.
 */
function interaction(
  kind: 'vote' | 'checkin' | 'question',
  bRow: (w: World) => number,
  message: string,
  body?: unknown,
  tail = '',
): { probes: Probe[] } {
  const path = (activityId: number, rowId: number) => `/api/v3/activity/${activityId}/${kind}/${rowId}${tail}`;
  return {
    probes: [
      { url: (w) => path(w.bAct, bRow(w)), body: () => body, expect: 404, message: ACTIVITY },
      { url: (w) => path(w.aAct, bRow(w)), body: () => body, expect: 404, message },
      { as: 'subA', url: (w) => path(w.aActOther, bRow(w)), body: () => body, expect: 404, message: ACTIVITY },
    ],
  };
}

const PERSON = AUDIENCE_ERRORS.personNotFound;
const TAG = AUDIENCE_ERRORS.tagNotFound;

/** The audience CRM (issue 12): B's person or tag answers 404, and every call refuses A's sub-account (seed 001 §6). */
function person(path: (id: number) => string, body?: unknown): { probes: Probe[] } {
  return {
    probes: [
      { url: (w) => path(w.bPerson), body: () => body, expect: 404, message: PERSON },
      mainOnly(
        (w) => path(w.aPerson),
        () => body,
      ),
    ],
  };
}
function tag(path: (id: number) => string, body?: unknown): { probes: Probe[] } {
  return {
    probes: [
      { url: (w) => path(w.bTag), body: () => body, expect: 404, message: TAG },
      mainOnly(
        (w) => path(w.aTag),
        () => body,
      ),
    ],
  };
}
/** A person's records: B's agent id answers 404 Agent Not Found, B's person under A's agent 404 User Not Found. */
function personRecords(kind: string): { probes: Probe[] } {
  const path = (agentId: number, userId: number) => `/api/v3/agent/${agentId}/user/${userId}/${kind}`;
  return {
    probes: [
      { url: (w) => path(w.bId, w.bPerson), expect: 404, message: AGENT },
      { url: (w) => path(w.aId, w.bPerson), expect: 404, message: PERSON },
      mainOnly((w) => path(w.aId, w.aPerson)),
    ],
  };
}
const AUDIENCE_ROUTES: Record<string, RouteEntry> = {
  'GET /api/v3/user/search': {
    probes: [
      { url: (w) => `/api/v3/user/search?invitedBy=${w.bPerson}`, expect: 'empty' },
      { url: (w) => `/api/v3/user/search?tagId=${w.bTag}`, expect: 'empty' },
      mainOnly(() => '/api/v3/user/search'),
    ],
  },
  'GET /api/v3/user': {
    probes: [{ url: (w) => `/api/v3/user?invitedBy=${w.bPerson}`, expect: 'empty' }, mainOnly(() => '/api/v3/user')],
  },
  'GET /api/v3/user/:id': person((id) => `/api/v3/user/${id}`),
  'PUT /api/v3/user/:id': person((id) => `/api/v3/user/${id}`, { info: { name: '改名' } }),
  'DELETE /api/v3/user/:id': person((id) => `/api/v3/user/${id}`),
  'PUT /api/v3/user/:id/block-management': person((id) => `/api/v3/user/${id}/block-management`, {
    isBlocked: true,
  }),
  'PUT /api/v3/user/:id/tag': {
    probes: [
      { url: (w) => `/api/v3/user/${w.bPerson}/tag`, body: () => ({ tagIds: [] }), expect: 404, message: PERSON },
      {
        url: (w) => `/api/v3/user/${w.aPerson}/tag`,
        body: (w) => ({ tagIds: [w.bTag] }),
        expect: { status: 400, field: 'tagIds' },
      },
      mainOnly(
        (w) => `/api/v3/user/${w.aPerson}/tag`,
        (w) => ({ tagIds: [w.aTag] }),
      ),
    ],
  },
  // Its sub-account refusal is in apps/server/test/audience/audience.test.ts.
  'POST /api/v3/user-tag': { own: 'a new tag of the caller’s agent; it takes no stored id' },
  'GET /api/v3/user-tag': {
    probes: [
      { url: () => `/api/v3/user-tag?name=${encodeURIComponent('B 的标签')}`, expect: 'empty' },
      mainOnly(() => '/api/v3/user-tag'),
    ],
  },
  'GET /api/v3/user-tag/:id': tag((id) => `/api/v3/user-tag/${id}`),
  'PATCH /api/v3/user-tag/:id': tag((id) => `/api/v3/user-tag/${id}`, { name: '改名的标签' }),
  'DELETE /api/v3/user-tag/:id': tag((id) => `/api/v3/user-tag/${id}`),
  'POST /api/v3/user/fav-inviter/add': {
    probes: [
      { url: () => '/api/v3/user/fav-inviter/add', body: (w) => ({ userId: w.bPerson }), expect: 404, message: PERSON },
      mainOnly(
        () => '/api/v3/user/fav-inviter/add',
        (w) => ({ userId: w.aPerson }),
      ),
    ],
  },
  'DELETE /api/v3/user/fav-inviter/remove': {
    probes: [
      {
        url: () => '/api/v3/user/fav-inviter/remove',
        body: (w) => ({ userId: w.bPerson }),
        expect: 404,
        message: PERSON,
      },
      mainOnly(
        () => '/api/v3/user/fav-inviter/remove',
        (w) => ({ userId: w.aPerson }),
      ),
    ],
  },
  'GET /api/v3/user/fav-inviter': {
    probes: [{ url: () => '/api/v3/user/fav-inviter', expect: 'empty' }, mainOnly(() => '/api/v3/user/fav-inviter')],
  },
  'GET /api/v3/agent/:agentId/user_extra_conf': {
    probes: [
      agentPath((id) => `/api/v3/agent/${id}/user_extra_conf`),
      mainOnly((w) => `/api/v3/agent/${w.aId}/user_extra_conf`),
    ],
  },
  'POST /api/v3/agent/:agentId/user_extra_conf': {
    probes: [
      agentPath((id) => `/api/v3/agent/${id}/user_extra_conf`, { fields: [] }),
      mainOnly(
        (w) => `/api/v3/agent/${w.aId}/user_extra_conf`,
        () => ({ fields: [] }),
      ),
    ],
  },
  'GET /api/v3/agent/:agentId/user/:userId/stats/visits': personRecords('stats/visits'),
  'GET /api/v3/agent/:agentId/user/:userId/pay': personRecords('pay'),
  'GET /api/v3/agent/:agentId/user/:userId/share': personRecords('share'),
  'GET /api/v3/agent/:agentId/user/:userId/question': personRecords('question'),
  'GET /api/v3/agent/:agentId/user/:userId/comment': personRecords('comment'),
  'GET /api/v3/agent/:agentId/user/:userId/checkin': personRecords('checkin'),
  'GET /api/v3/agent/:agentId/user/:userId/vote': personRecords('vote'),
  'GET /api/v3/agent/:agentId/user/:userId/gift': personRecords('gift'),
  'GET /api/v3/agent/:agentId/user/:userId/hb': personRecords('hb'),
};

/** A catalog route: B's catalog as agent A, and A's catalog as A's sub-account (it sees only its own), both 404. */
function catalogPath(path: (id: number) => string, body?: unknown): { probes: Probe[] } {
  const message = CATALOG_ERRORS.catalogNotFound;
  return {
    probes: [
      { url: (w) => path(w.bCatalog), body: () => body, expect: 404, message },
      { as: 'subA', url: (w) => path(w.aCatalog), body: () => body, expect: 404, message },
    ],
  };
}

const CATALOG_ROUTES: Record<string, RouteEntry> = {
  'POST /api/v3/catalog': { own: 'a new catalog of the caller’s agent (and sub-account), naming no stored row' },
  'GET /api/v3/catalog': { own: 'the caller’s catalogs' },
  'GET /api/v3/catalog/:id': catalogPath((id) => `/api/v3/catalog/${id}`),
  'PUT /api/v3/catalog/:id': catalogPath((id) => `/api/v3/catalog/${id}`, { name: 'x' }),
  'DELETE /api/v3/catalog/:id': catalogPath((id) => `/api/v3/catalog/${id}`),
  'GET /api/v3/catalog/:id/chapters': catalogPath((id) => `/api/v3/catalog/${id}/chapters`),
  'PUT /api/v3/catalog/:id/chapters': {
    probes: [
      ...catalogPath((id) => `/api/v3/catalog/${id}/chapters`, { chapters: [] }).probes,
      {
        url: (w) => `/api/v3/catalog/${w.aCatalog}/chapters`,
        body: (w) => ({ chapters: [{ title: 'x', activityIds: [w.bAct] }] }),
        expect: 404,
        message: ERROR_MESSAGES.activityNotFound,
      },
    ],
  },
  'GET /api/v3/catalog/:id/share': catalogPath((id) => `/api/v3/catalog/${id}/share`),
  'POST /api/v3/catalog/:id/share': catalogPath((id) => `/api/v3/catalog/${id}/share`, {
    title: 'x',
    description: '',
    picture: '',
  }),
  'GET /api/v3/catalog/:id/abstract': catalogPath((id) => `/api/v3/catalog/${id}/abstract`),
  'POST /api/v3/catalog/:id/abstract': catalogPath((id) => `/api/v3/catalog/${id}/abstract`, { description: 'x' }),
  'GET /api/v3/catalog/:id/appearance': catalogPath((id) => `/api/v3/catalog/${id}/appearance`),
  'POST /api/v3/catalog/:id/appearance': catalogPath(
    (id) => `/api/v3/catalog/${id}/appearance`,
    CATALOG_APPEARANCE_DEFAULTS,
  ),
  'GET /watch/catalog/:id': {
    public: 'the catalog’s public page: anyone with its link sees it, as a watch page',
  },
};

/** An aggregation route: B's aggregation as agent A, and A's as A's sub-account (it sees only its own), both 404. */
function aggregationPath(path: (id: number) => string, body?: (w: World) => unknown): { probes: Probe[] } {
  const message = AGGREGATION_ERRORS.aggregationNotFound;
  return {
    probes: [
      { url: (w) => path(w.bAggregation), body, expect: 404, message },
      { as: 'subA', url: (w) => path(w.aAggregation), body, expect: 404, message },
    ],
  };
}

/** An aggregation naming an activity as its venue. */
const venueBody = (activityId: number) => ({ name: 'x', venues: [{ activityId }] });

const AGGREGATION_ROUTES: Record<string, RouteEntry> = {
  'GET /api/v3/aggregation': { own: 'the caller’s aggregations' },
  'POST /api/v3/aggregation': {
    probes: [
      { url: () => '/api/v3/aggregation', body: (w) => venueBody(w.bAct), expect: 404, message: ACTIVITY },
      {
        as: 'subA',
        url: () => '/api/v3/aggregation',
        body: (w) => venueBody(w.aActOther),
        expect: 404,
        message: ACTIVITY,
      },
    ],
  },
  'GET /api/v3/aggregation/:id': aggregationPath((id) => `/api/v3/aggregation/${id}`),
  'PUT /api/v3/aggregation/:id': {
    probes: [
      ...aggregationPath(
        (id) => `/api/v3/aggregation/${id}`,
        (w) => venueBody(w.aAct),
      ).probes,
      {
        url: (w) => `/api/v3/aggregation/${w.aAggregation}`,
        body: (w) => venueBody(w.bAct),
        expect: 404,
        message: ACTIVITY,
      },
    ],
  },
  'DELETE /api/v3/aggregation/:id': aggregationPath((id) => `/api/v3/aggregation/${id}`),
  'GET /watch/aggregation/:id': {
    public: 'the aggregation’s public page: anyone with its link sees it, as a watch page',
  },
  'GET /watch/page/:id': {
    public: 'a published page built in the console: anyone with its link sees it (a draft answers 404)',
  },
};

/** A page route: B's page as agent A, and A's page as A's sub-account (it sees only its own), both 404. */
function pagePath(path: (id: number) => string, body?: unknown): { probes: Probe[] } {
  const message = PAGE_ERRORS.pageNotFound;
  return {
    probes: [
      { url: (w) => path(w.bPage), body: () => body, expect: 404, message },
      { as: 'subA', url: (w) => path(w.aPage), body: () => body, expect: 404, message },
    ],
  };
}

/** A column route: B's page and column, A's page with B's column, and A's page as A's sub-account. */
function pageListPath(body?: unknown): { probes: Probe[] } {
  const path = (page: number, list: number) => `/api/page/${page}/list/${list}`;
  return {
    probes: [
      { url: (w) => path(w.bPage, w.bPageList), body: () => body, expect: 404, message: PAGE_ERRORS.pageNotFound },
      { url: (w) => path(w.aPage, w.bPageList), body: () => body, expect: 404, message: PAGE_ERRORS.listNotFound },
      {
        as: 'subA',
        url: (w) => path(w.aPage, w.aPageList),
        body: () => body,
        expect: 404,
        message: PAGE_ERRORS.pageNotFound,
      },
    ],
  };
}

const PAGE_COLUMN = { title: '栏目', source: { kind: 'chosen', activityIds: [] } };
/** A's page's data naming B's activity: refused as a missing activity. */
const pageNamingActivity = (w: World) => ({
  data: { components: [{ id: 'v', type: 'video', activityId: w.bAct }] },
});

const PAGE_ROUTES: Record<string, RouteEntry> = {
  'GET /api/page': { own: 'the caller’s pages' },
  'POST /api/page': {
    probes: [
      {
        url: () => '/api/page',
        body: (w) => ({ name: 'x', ...pageNamingActivity(w) }),
        expect: 404,
        message: ACTIVITY,
      },
    ],
  },
  'GET /api/page/:id': pagePath((id) => `/api/page/${id}`),
  'PUT /api/page/:id': {
    probes: [
      ...pagePath((id) => `/api/page/${id}`, { name: 'x' }).probes,
      { url: (w) => `/api/page/${w.aPage}`, body: pageNamingActivity, expect: 404, message: ACTIVITY },
    ],
  },
  'DELETE /api/page/:id': pagePath((id) => `/api/page/${id}`),
  'GET /api/page/:id/list': pagePath((id) => `/api/page/${id}/list`),
  'POST /api/page/:id/list': {
    probes: [
      ...pagePath((id) => `/api/page/${id}/list`, PAGE_COLUMN).probes,
      {
        url: (w) => `/api/page/${w.aPage}/list`,
        body: (w) => ({ title: 'x', source: { kind: 'group', groupId: w.bGroup } }),
        expect: 404,
        message: PAGE_ERRORS.groupNotFound,
      },
    ],
  },
  'PUT /api/page/:id/list/:listId': pageListPath(PAGE_COLUMN),
  'DELETE /api/page/:id/list/:listId': pageListPath(),
  'GET /api/page/:id/activity/live': pagePath((id) => `/api/page/${id}/activity/live?pageSize=99`),
  'GET /api/page/:id/activities': pagePath((id) => `/api/page/${id}/activities?orderBy=popular`),
  'GET /api/page/:id/activity/list': {
    probes: [
      ...pagePath((id) => `/api/page/${id}/activity/list?activityIds=1`).probes,
      { url: (w) => `/api/page/${w.aPage}/activity/list?activityIds=${w.bAct}`, expect: 'empty' },
    ],
  },
  'GET /api/page/:id/catalog/list': {
    probes: [
      ...pagePath((id) => `/api/page/${id}/catalog/list?catalogIds=1`).probes,
      { url: (w) => `/api/page/${w.aPage}/catalog/list?catalogIds=${w.bCatalog}`, expect: 'empty' },
    ],
  },
  'GET /api/v3/activity-group/:id/activities': {
    probes: [
      { url: (w) => `/api/v3/activity-group/${w.bGroup}/activities`, expect: 404, message: PAGE_ERRORS.groupNotFound },
    ],
  },
  'POST /api/page/:id/homepage/:action': {
    probes: [
      { url: (w) => `/api/page/${w.bPage}/homepage/set`, expect: 404, message: PAGE_ERRORS.pageNotFound },
      mainOnly((w) => `/api/page/${w.aPage}/homepage/set`),
    ],
  },
  'POST /api/page/:id/homepage/bottom-nav': {
    probes: [
      ...pagePath((id) => `/api/page/${id}/homepage/bottom-nav`, { items: [] }).probes,
      {
        url: (w) => `/api/page/${w.aPage}/homepage/bottom-nav`,
        body: (w) => ({ items: [{ title: 'x', link: { kind: 'activity', activityId: w.bAct } }] }),
        expect: 404,
        message: ACTIVITY,
      },
    ],
  },
  'POST /api/agent/:id/upload': { probes: [agentPath((id) => `/api/agent/${id}/upload`)] },
};

/** A registration route: B's form as agent A, and A's form as A's sub-account (it sees only its own), both 404. */
function registrationPath(path: (id: number) => string, body?: unknown): { probes: Probe[] } {
  const message = REGISTRATION_ERRORS.registrationNotFound;
  return {
    probes: [
      { url: (w) => path(w.bRegistration), body: () => body, expect: 404, message },
      { as: 'subA', url: (w) => path(w.aRegistration), body: () => body, expect: 404, message },
    ],
  };
}

const REGISTRATION_ROUTES: Record<string, RouteEntry> = {
  'POST /api/v3/registration': { own: 'a new form of the caller’s agent (and sub-account), naming no stored row' },
  'GET /api/v3/registration': { own: 'the caller’s forms' },
  'GET /api/v3/registration/record': registrationPath((id) => `/api/v3/registration/record?registrationId=${id}`),
  'DELETE /api/v3/registration/record/:id': {
    probes: [
      {
        url: (w) => `/api/v3/registration/record/${w.bRecord}`,
        expect: 404,
        message: REGISTRATION_ERRORS.recordNotFound,
      },
      {
        as: 'subA',
        url: (w) => `/api/v3/registration/record/${w.aRecord}`,
        expect: 404,
        message: REGISTRATION_ERRORS.recordNotFound,
      },
    ],
  },
  'GET /api/v3/registration/:id': registrationPath((id) => `/api/v3/registration/${id}`),
  'PATCH /api/v3/registration/:id': registrationPath((id) => `/api/v3/registration/${id}`, { name: 'x' }),
  'DELETE /api/v3/registration/:id': registrationPath((id) => `/api/v3/registration/${id}`),
  'POST /api/v3/registration/:id/duplicate': registrationPath((id) => `/api/v3/registration/${id}/duplicate`),
  'POST /api/v3/registration/:id/bind': {
    probes: [
      ...registrationPath((id) => `/api/v3/registration/${id}/bind`, { activityIds: [1] }).probes,
      {
        url: (w) => `/api/v3/registration/${w.aRegistration}/bind`,
        body: (w) => ({ activityIds: [w.bAct] }),
        expect: 404,
        message: ACTIVITY,
      },
    ],
  },
  'POST /api/v3/registration/:id/unbind': {
    probes: [
      ...registrationPath((id) => `/api/v3/registration/${id}/unbind`, { activityIds: [1] }).probes,
      {
        url: (w) => `/api/v3/registration/${w.aRegistration}/unbind`,
        body: (w) => ({ activityIds: [w.bAct] }),
        expect: 404,
        message: ACTIVITY,
      },
    ],
  },
  'GET /api/v3/registration/:id/bindings': registrationPath((id) => `/api/v3/registration/${id}/bindings`),
  'POST /api/v3/registration/:id/review': registrationPath((id) => `/api/v3/registration/${id}/review`, {
    mobiles: ['13800000013'],
    status: 'approved',
  }),
  'GET /api/v3/registration/:id/hash/0': registrationPath((id) => `/api/v3/registration/${id}/hash/0`),
  'PUT /api/v3/registration/:id/hash/0': registrationPath((id) => `/api/v3/registration/${id}/hash/0`, {}),
  'GET /api/v3/activity/:id/registration': activity((id) => `/api/v3/activity/${id}/registration`),
  'GET /api/activity/:id/registration/download': activity((id) => `/api/activity/${id}/registration/download`),
  'GET /api/watch/:id/registration': {
    public: 'the audience reads the form bound to any activity it may watch, and its own record’s state',
  },
  'POST /api/watch/:id/registration/file': {
    public: 'the audience attaches a file for the form bound to an activity it may watch; the form is the permission',
  },
  'POST /api/watch/:id/registration': {
    public: 'the audience submits the form of an activity it may watch, as its own signed viewer identity',
  },
};

/** A document route: B's document as agent A, and A's document as A's sub-account (it sees only its own), both 404. */
function documentPath(path: (id: number) => string, body?: unknown): { probes: Probe[] } {
  const message = DOCUMENT_ERRORS.documentNotFound;
  return {
    probes: [
      { url: (w) => path(w.bDocument), body: () => body, expect: 404, message },
      { as: 'subA', url: (w) => path(w.aDocument), body: () => body, expect: 404, message },
    ],
  };
}

const DOCUMENT_ROUTES: Record<string, RouteEntry> = {
  'GET /api/v3/agent/document': {
    probes: [
      { url: (w) => `/api/v3/agent/document?activityId=${w.bAct}`, expect: 'empty' },
      { as: 'subA', url: (w) => `/api/v3/agent/document?activityId=${w.aAct}`, expect: 'empty' },
    ],
  },
  'POST /api/v3/agent/document': {
    own: 'a new document of the caller’s agent (and sub-account), naming no stored row',
  },
  'PUT /api/v3/agent/document/:id': documentPath((id) => `/api/v3/agent/document/${id}`, { permission: 'download' }),
  'DELETE /api/v3/agent/document/:id': documentPath((id) => `/api/v3/agent/document/${id}`),
  'PUT /api/v3/agent/document/:id/activity': {
    probes: [
      ...documentPath((id) => `/api/v3/agent/document/${id}/activity`, { activityIds: [] }).probes,
      {
        url: (w) => `/api/v3/agent/document/${w.aDocument}/activity`,
        body: (w) => ({ activityIds: [w.bAct] }),
        expect: 404,
        message: ACTIVITY,
      },
    ],
  },
  'GET /api/v3/agent/document/:id/file': documentPath((id) => `/api/v3/agent/document/${id}/file`),
  'GET /api/v3/activity/:id/document': activity((id) => `/api/v3/activity/${id}/document`),
  'GET /api/watch/:id/document': {
    public: 'the audience lists the documents bound to an activity it may watch',
  },
  'GET /api/watch/:id/document/:documentId/file': {
    public: 'the audience reads a document only through an activity it is bound to, under the document’s permission',
  },
};

const own = (reason: string) => ({ own: reason });
const pub = (reason: string) => ({ public: reason });

/**
 * Money in and out (issue 13, finance.ts): the money is the main account's, so a sub-account gets the documented 403;
 * another agent's ids answer 404; a withdrawal is reviewed only by an agent above its agent.
 */
const FINANCE_MONEY_ROUTES: Record<string, RouteEntry> = {
  'GET /api/activity/:id/pay-config': activity((id) => `/api/activity/${id}/pay-config`),
  'PUT /api/activity/:id/pay-config': activity((id) => `/api/activity/${id}/pay-config`, { enabled: false }),
  'GET /api/watch/:id/paid-view': pub('what any activity’s watch page asks a viewer to pay; the viewer is its cookie'),
  'POST /api/watch/:id/paid-view/order': pub('the audience orders its access to an activity; the viewer is its cookie'),
  'GET /api/watch/:id/paid-view/order/:orderId': pub('the audience’s own view order, found by its viewer cookie only'),
  'POST /api/v3/agent/:id/recharge-order': {
    probes: [
      agentPath((id) => `/api/v3/agent/${id}/recharge-order`, {}),
      mainOnly(
        (w) => `/api/v3/agent/${w.aId}/recharge-order`,
        () => ({}),
      ),
    ],
  },
  'GET /api/v3/agent/:id/recharge-result': {
    probes: [
      agentPath((id) => `/api/v3/agent/${id}/recharge-result?orderId=1`),
      {
        url: (w) => `/api/v3/agent/${w.aId}/recharge-result?orderId=${w.bRecharge}`,
        expect: 404,
        message: FINANCE_ERRORS.rechargeNotFound,
      },
      mainOnly((w) => `/api/v3/agent/${w.aId}/recharge-result?orderId=${w.aRecharge}`),
    ],
  },
  'GET /api/agent/card': own(
    'the caller agent’s bank accounts (a sub-account is refused: the money is the main account’s)',
  ),
  'POST /api/v3/agent/card/sms': own('a code to the mobile of a bank account the caller agent is adding'),
  'POST /api/agent/card': own('a bank account of the caller agent'),
  'POST /api/agent/withdraw': {
    probes: [
      {
        url: () => '/api/agent/withdraw',
        body: (w) => ({ cardId: w.bCard, amount: 100 }),
        expect: 404,
        message: FINANCE_ERRORS.cardNotFound,
      },
      mainOnly(
        () => '/api/agent/withdraw',
        (w) => ({ cardId: w.aCard, amount: 100 }),
      ),
    ],
  },
  'GET /api/agent/withdraw': own('the caller agent’s withdrawals'),
  'GET /api/agent/balance': own('the caller agent’s balance, from its ledger entries'),
  'GET /api/v3/agent/:id/account-balance': {
    probes: [
      agentPath((id) => `/api/v3/agent/${id}/account-balance`),
      mainOnly((w) => `/api/v3/agent/${w.aId}/account-balance`),
    ],
  },
  'GET /api/agent/:id/outflow': {
    probes: [agentPath((id) => `/api/agent/${id}/outflow`), mainOnly((w) => `/api/agent/${w.aId}/outflow`)],
  },
  'POST /api/agent/:id/outflow': {
    probes: [
      agentPath((id) => `/api/agent/${id}/outflow`, { amount: 100 }),
      mainOnly(
        (w) => `/api/agent/${w.aId}/outflow`,
        () => ({ amount: 100 }),
      ),
    ],
  },
  'GET /api/v3/agent/withdraw-review': own('the withdrawals of the agents below the caller agent only'),
  'POST /api/v3/agent/withdraw-review/:id/approve': withdrawalReview('approve', { reference: 'R1' }),
  'POST /api/v3/agent/withdraw-review/:id/reject': withdrawalReview('reject', {}),
};

/** B's withdrawal is not below A; A's lower agent may not review its own (A's, its upper agent, reviews it). */
function withdrawalReview(action: string, body: unknown): { probes: Probe[] } {
  const path = (id: number) => `/api/v3/agent/withdraw-review/${id}/${action}`;
  return {
    probes: [
      { url: (w) => path(w.bWithdrawal), body: () => body, expect: 404, message: FINANCE_ERRORS.withdrawalNotFound },
      {
        as: 'childA',
        url: (w) => path(w.aChildWithdrawal),
        body: () => body,
        expect: 404,
        message: FINANCE_ERRORS.withdrawalNotFound,
      },
      mainOnly(
        (w) => path(w.aChildWithdrawal),
        () => body,
      ),
    ],
  };
}

/**
 * The finance views (issue 13): an agent's money by its id is the caller's own or a lower agent's; B's, B's lower
 * agent's and (for a lower agent) its upper agent's answer 404, and a sub-account may not read the agent's accounts.
 */
function financeAgent(path: (id: number) => string, options: { subaccount: 'own' | 'refused' }): { probes: Probe[] } {
  return {
    probes: [
      agentPath(path),
      { url: (w) => path(w.bChildId), expect: 404, message: AGENT },
      { as: 'childA', url: (w) => path(w.aId), expect: 404, message: AGENT },
      options.subaccount === 'own'
        ? { as: 'subA', url: (w) => path(w.aChildId), expect: 404, message: AGENT }
        : mainOnly((w) => path(w.aId)),
    ],
  };
}

const FINANCE_VIEW_ROUTES: Record<string, RouteEntry> = {
  'GET /api/order': {
    probes: [
      { url: (w) => `/api/order?activityId=${w.bAct}`, expect: 'empty' },
      { as: 'subA', url: (w) => `/api/order?activityId=${w.aActOther}`, expect: 'empty' },
    ],
  },
  'GET /api/agent/:id/gain-details': financeAgent((id) => `/api/agent/${id}/gain-details`, { subaccount: 'own' }),
  'GET /api/v3/agent/:id/transaction': financeAgent((id) => `/api/v3/agent/${id}/transaction`, {
    subaccount: 'refused',
  }),
  'GET /api/v3/agent/:id/hb-transaction': financeAgent((id) => `/api/v3/agent/${id}/hb-transaction`, {
    subaccount: 'refused',
  }),
  'GET /api/v3/agent/:id/hb-transaction-list': financeAgent((id) => `/api/v3/agent/${id}/hb-transaction-list`, {
    subaccount: 'refused',
  }),
  'GET /api/v3/agent/:id/flux-transaction': financeAgent((id) => `/api/v3/agent/${id}/flux-transaction`, {
    subaccount: 'refused',
  }),
  'GET /api/agent/:id/flux-resource': financeAgent((id) => `/api/agent/${id}/flux-resource`, {
    subaccount: 'refused',
  }),
  'GET /api/v3/agent/:id/statement': financeAgent((id) => `/api/v3/agent/${id}/statement?month=2026-01`, {
    subaccount: 'refused',
  }),
  'GET /api/v3/agent/:id/statement/download': financeAgent(
    (id) => `/api/v3/agent/${id}/statement/download?month=2026-01`,
    { subaccount: 'refused' },
  ),
  'GET /api/v3/agent/stream-usage/summary': own('the caller’s pushes (a sub-account’s own activities’)'),
  // The model names a figure, not a stored row: the caller's own pushes (a sub-account's own activities').
  'GET /api/v3/agent/stream-usage/:model': {
    probes: [{ url: () => '/api/v3/agent/stream-usage/1', expect: badField('model') }],
  },
  'GET /api/v3/activity/:id/earnings': activity((id) => `/api/v3/activity/${id}/earnings`),
  'GET /api/v3/agent/ledger-check': own('the caller agent’s ledger'),
};

/**
 * A photo list route: B's activity and list as agent A (404 for the activity), A's activity with B's list (404 for the
 * list), and A's unassigned activity as A's sub-account.
 */
function photoListPath(tail: string, body?: unknown): { probes: Probe[] } {
  const path = (activityId: number, listId: number) => `/api/v3/activity/${activityId}/photo-list/${listId}${tail}`;
  return {
    probes: [
      { url: (w) => path(w.bAct, w.bPhotoList), body: () => body, expect: 404, message: ACTIVITY },
      {
        url: (w) => path(w.aAct, w.bPhotoList),
        body: () => body,
        expect: 404,
        message: PHOTO_ERRORS.listNotFound,
      },
      { as: 'subA', url: (w) => path(w.aActOther, w.aPhotoList), body: () => body, expect: 404, message: ACTIVITY },
    ],
  };
}

/** A product route: B's product as agent A. */
function productPath(tail: string, body?: unknown): { probes: Probe[] } {
  return {
    probes: [
      {
        url: (w) => `/api/v3/agent/product/${w.bProduct}${tail}`,
        body: () => body,
        expect: 404,
        message: PRODUCT_ERRORS.productNotFound,
      },
    ],
  };
}

/** A shop route: B's activity and shop as agent A, A's activity with B's shop, A's unassigned activity as A's sub. */
function shopPath(body?: unknown): { probes: Probe[] } {
  const path = (activityId: number, shopId: number) => `/api/v3/activity/${activityId}/product/${shopId}`;
  return {
    probes: [
      { url: (w) => path(w.bAct, w.bShop), body: () => body, expect: 404, message: ACTIVITY },
      { url: (w) => path(w.aAct, w.bShop), body: () => body, expect: 404, message: PRODUCT_ERRORS.shopNotFound },
      { as: 'subA', url: (w) => path(w.aActOther, w.aShop), body: () => body, expect: 404, message: ACTIVITY },
    ],
  };
}

export const ROUTES: Record<string, RouteEntry> = {
  // Public: no session; what they reach is decided by something else than the caller's agent.
  'GET /api/healthz': pub('liveness probe, answers nothing stored'),
  'GET /api/readyz': pub('readiness probe: whether the database, migrations and Redis answer, nothing stored'),
  'GET /metrics': pub('Prometheus metrics of this process, no stored row; METRICS_TOKEN, else loopback only'),
  'GET /api/error-codes': pub('the error catalogue, the same for everyone'),
  'GET /api/docs': pub('the OpenAPI document and its viewer'),
  'GET /api/docs/static/index.html': pub('the OpenAPI viewer'),
  'GET /api/docs/static/swagger-initializer.js': pub('the OpenAPI viewer'),
  'GET /api/docs/static/*': pub('the OpenAPI viewer'),
  'GET /api/docs/json': pub('the OpenAPI document'),
  'GET /api/docs/yaml': pub('the OpenAPI document'),
  'POST /api/agent/login': pub('sign-in by password'),
  'POST /api/agent/login/token': pub('sign-in by a one-time login ticket'),
  'POST /api/agent/login/sms': pub('sign-in by SMS code'),
  'POST /api/sms': pub('signed SMS for sign-up, sign-in and password reset'),
  'POST /api/agent/signup': pub('sign-up'),
  'POST /api/agent/sms/verify': pub('checks an SMS code before sign-up or password reset'),
  'PUT /api/agent/password': pub('password reset by mobile and SMS code'),
  'GET /api/agent/exists': pub('sign-up checks whether a mobile is taken (seed 000 §5)'),
  'GET /api/agent/template/public': pub('the login page template, shown before sign-in'),
  'POST /api/upload': pub('the upload policy token is the permission, scoped when it was issued'),
  'POST /api/upload/complete': pub('the upload policy token names the one bucket key it allowed, of its agent'),
  'GET /api/watch/:id': pub('the audience’s watch page of any activity'),
  'POST /api/watch/:id/watchcode': pub('the audience enters the watch code'),
  'POST /api/watch/:id/visit': pub('the audience’s visit'),
  'POST /api/watch/:id/heartbeat': pub('the audience’s heartbeat, its visit id signed in the viewer token'),
  'GET /api/watch/:id/events': pub('the audience’s live state stream'),
  'GET /api/watch/:id/wechat-share': pub(
    'the audience’s WeChat share signature for its own page address (this activity’s page on its hosts only)',
  ),
  'POST /api/watch/:id/subscribe/code': pub('the audience asks for a code to subscribe its own mobile to a reminder'),
  'POST /api/watch/:id/subscribe': pub('the audience subscribes its own mobile, proven by its code'),
  'POST /api/watch/:id/sign-in/code': pub('a viewer asks for a code to sign in with its own mobile'),
  'POST /api/watch/:id/sign-in': pub(
    'a viewer signs in with its own mobile, proven by its code; the proof names the agent',
  ),
  'DELETE /api/watch/:id/sign-in': pub('a viewer clears its own sign-in cookie'),
  'GET /api/watch/:id/chat': pub('the audience’s chat socket of any activity; the viewer is its own cookie'),
  'GET /api/watch/:id/vote': pub('the audience’s votes of any activity; the viewer is its own cookie'),
  'POST /api/watch/:id/vote/:voteId': pub('the audience votes in a published vote of the activity, as its own cookie'),
  'GET /api/watch/:id/checkin': pub('the audience’s check-in of any activity; the viewer is its own cookie'),
  'POST /api/watch/:id/checkin/:checkinId': pub('the audience checks in to the activity’s check-in, as its own cookie'),
  'GET /api/watch/:id/question': pub('the audience’s public questions of any activity, and its own'),
  'POST /api/watch/:id/question': pub('the audience asks a question, as its own cookie'),
  'GET /api/watch/:id/questionnaire': pub('the questionnaire offered on any activity; the viewer is its own cookie'),
  'POST /api/watch/:id/questionnaire': pub('the audience answers the activity’s questionnaire, as its own cookie'),
  'GET /api/watch/:id/gift': pub('the gifts the audience may send on any activity: its own agent’s enabled ones'),
  'POST /api/watch/:id/gift': pub(
    'the audience sends a gift of the activity’s own agent (another agent’s gift answers 404); the viewer is its cookie',
  ),
  'GET /api/watch/:id/top-gift': pub('the top givers’ names and totals of any activity, as its watch page shows them'),
  'GET /api/watch/:id/gift/order/:orderId': pub('the audience’s own gift order, found by its viewer cookie only'),
  'POST /api/watch/:id/invitation/card': pub('the audience’s own invitation card; the viewer is its own cookie'),
  'GET /api/watch/:id/text-live': pub('the audience’s text live tab of any activity it may see'),
  'GET /api/watch/:id/photo-list/:listId': pub('the audience’s photo tab: published photos of a list of the activity'),
  'GET /api/v3/activity/:id/top-share/guest': pub('the watch page’s rank tab of any activity the audience may see'),
  'POST /api/meeting/:id/room': pub('a meeting join link’s room; the link’s signed token is the permission'),
  'GET /api/meeting/:id/signal': pub('the meeting room’s signalling socket; hello’s join-link token is the permission'),
  'POST /api/ingest/hooks/on_publish': pub('the media server’s webhook, authorised by the stream key'),
  'POST /api/ingest/hooks/on_publish_done': pub('the media server’s webhook'),
  'POST /api/ingest/hooks/on_unpublish': pub('the media server’s webhook'),
  'POST /api/ingest/hooks/on_update': pub('the media server’s webhook, authorised by the stream key'),
  'POST /api/ingest/hooks/on_report': pub('a media process’s report, authorised by its signature under SECRET_KEY'),
  'GET /api/realtime/console': pub('the console’s event stream, proven by the caller’s own ephemeral token'),
  'POST /api/pay/notify/:provider': pub('the pay gateway’s notification, checked by its signature'),
  'GET /sandbox/wechat/authorize': pub('the sandbox WeChat consent page'),
  'POST /sandbox/wechat/authorize': pub('the sandbox WeChat consent page'),
  'GET /sandbox/pay/checkout': pub('the sandbox pay page, its order in a signed token'),
  'POST /sandbox/pay/checkout': pub('the sandbox pay page, its order in a signed token'),
  'GET /live/:app/:stream.flv': pub('playback for the audience'),
  'GET /live/:app/:stream/index.m3u8': pub('playback for the audience'),
  'GET /live/:app/:stream/:segment': pub('playback for the audience'),
  'GET /files/*': pub('stored files under unguessable keys, as the watch page shows them'),
  'GET *': { public: 'the console’s pages (served when the console is built)', whenBuilt: true },
  'GET /watch/:id': { public: 'the audience’s watch page (served when it is built)', whenBuilt: true },
  'GET /watch/assets/*': { public: 'the watch page’s files (served when it is built)', whenBuilt: true },
  'GET /watch/favicon.svg': { public: 'the watch page’s icon (served when it is built)', whenBuilt: true },
  'GET /favicon.ico': {
    public: 'the icon browsers ask for on their own (served when the watch page is built)',
    whenBuilt: true,
  },

  // The caller's own: no id of a stored row in the path, query or body.
  'GET /api/v3/resource-config': own('the resource configuration'),
  'POST /api/ephemeral-token': own('a message token for the caller'),
  'GET /api/agent/me': own('the caller'),
  'GET /api/logout': own('the caller’s session'),
  'POST /api/agent/sms': own('an SMS to the caller’s mobile'),
  'GET /api/agent/login-record': own('the caller’s login records'),
  'GET /api/agent/openid': own('the caller’s WeChat binding'),
  'PUT /api/agent/openid': own('the caller’s WeChat binding'),
  'DELETE /api/agent/openid': own('the caller’s WeChat binding'),
  'GET /api/v3/app-center-token': own('a token for the caller'),
  'GET /api/user/me': own('the caller'),
  'GET /api/agent/user': own('the caller’s customer-service identity'),
  'GET /api/activity/subagent': own('the caller’s sub-accounts'),
  'GET /api/category/': own('the category list, the same for everyone'),
  'GET /api/agent/activity-group': own('the caller’s activity groups'),
  'POST /api/agent/activity-group': own('a new group of the caller'),
  'GET /api/agent/activity/template': own('the caller’s image template'),
  'PUT /api/agent/activity/template': own('the caller’s image template'),
  'PATCH /api/v3/agent/user-profile/setting': own('the caller’s profile settings'),
  'GET /api/agent/template': own('the caller’s login template'),
  'PUT /api/agent/template': own('the caller’s login template'),
  'GET /api/agent/customization': own('the caller’s customisation'),
  'PUT /api/agent/customization': own('the caller’s customisation (apiAppId is a WeChat app id)'),
  'POST /api/agent/customization/host/verify': own('the caller’s own custom host, checked in DNS'),
  'GET /api/v3/agent/customized-info': own('the caller’s customisation'),
  'GET /api/wechat/auth': own('the caller’s WeChat authorisation'),
  'PUT /api/agent/wechat-offical-customization': own('the caller’s customisation (appId is a WeChat app id)'),
  'GET /api/v3/promote': own('the caller’s promotion link'),
  'GET /api/agent/area': own('the region library, the same for everyone'),
  'GET /api/agent/field': own('the field list, the same for everyone'),
  'GET /api/agent/agent': own('the agents below the caller'),
  'GET /api/v2/agency/agent': own('the agents below the caller'),
  'GET /api/v3/subagent/count': own('the caller’s sub-account figures'),
  'GET /api/v3/subagent-group': own('the caller’s sub-account groups'),
  'POST /api/v3/subagent-group': own('a new group of the caller'),
  'GET /api/agent/storageUsage': own('the caller’s storage'),
  'GET /api/v3/agent/global-media': own('the caller’s overall media'),
  'PUT /api/v3/agent/global-media': {
    probes: [
      {
        url: () => '/api/v3/agent/global-media',
        body: (w) => ({ items: [{ mediaId: w.bMedia }] }),
        expect: 404,
        message: MEDIA,
      },
      // Overall media reach every activity of the agent: the main account's to set.
      mainOnly(
        () => '/api/v3/agent/global-media',
        () => ({ items: [] }),
      ),
    ],
  },
  'GET /api/v3/agent/default-media': own('the caller’s default media'),
  'PUT /api/v3/agent/default-media': {
    probes: [
      {
        url: () => '/api/v3/agent/default-media',
        body: (w) => ({ lists: { 0: [{ mediaId: w.bMedia }], 1: [] } }),
        expect: 404,
        message: MEDIA,
      },
      // The default media reach every activity of the agent without lists of its own: the main account's to set.
      mainOnly(
        () => '/api/v3/agent/default-media',
        () => ({ lists: { 0: [], 1: [] } }),
      ),
    ],
  },
  'GET /api/agent/package': own('the package list, the same for everyone'),
  'GET /api/agent/packageConfig': own('the caller’s package'),
  'GET /api/agent/order/download': own('the caller’s orders (admin: of the agents below it)'),
  'GET /api/agent/charge-history': own('the caller’s expenses'),

  // Accounts: the caller's own agent id only.
  'GET /api/agent/:id': { probes: [agentPath((id) => `/api/agent/${id}`)] },
  'PUT /api/agent/:id': {
    probes: [
      agentPath((id) => `/api/agent/${id}`, { contact: 'x' }),
      mainOnly(
        (w) => `/api/agent/${w.aId}`,
        () => ({ contact: 'x' }),
      ),
    ],
  },
  'PUT /api/agent/:id/password': {
    probes: [
      agentPath((id) => `/api/agent/${id}/password`, { oldPassword: 'secret-pass-1', password: 'new-pass-12' }),
      mainOnly(
        (w) => `/api/agent/${w.aId}/password`,
        () => ({ oldPassword: 'secret-pass-1', password: 'new-pass-12' }),
      ),
    ],
  },
  'PUT /api/agent/:id/mobile': {
    probes: [
      agentPath((id) => `/api/agent/${id}/mobile`, { mobile: '13999999999', code: '123456' }),
      mainOnly(
        (w) => `/api/agent/${w.aId}/mobile`,
        () => ({ mobile: '13999999999', code: '123456' }),
      ),
    ],
  },
  'GET /api/agent/:id/sms': { probes: [agentPath((id) => `/api/agent/${id}/sms`)] },
  'GET /api/agent/login/token': {
    probes: [
      { url: (w) => `/api/agent/login/token?agentId=${w.bChildId}`, expect: 404, message: AGENT },
      { url: (w) => `/api/agent/login/token?agentId=${w.bId}`, expect: 404, message: AGENT },
      mainOnly((w) => `/api/agent/login/token?agentId=${w.aChildId}`),
      { as: 'childA', url: (w) => `/api/agent/login/token?agentId=${w.aId}`, expect: 404, message: AGENT },
    ],
  },

  // Activities.
  'GET /api/activity': {
    probes: [
      { url: (w) => `/api/activity?groupId=${w.bGroup}`, expect: 'empty' },
      { url: (w) => `/api/activity?subagentId=${w.bSub}`, expect: 'empty' },
      { url: (w) => `/api/activity?activityId=${w.bAct}`, expect: 'empty' },
      { as: 'subA', url: (w) => `/api/activity?activityId=${w.aActOther}`, expect: 'empty' },
      { as: 'subA', url: (w) => `/api/activity?groupId=${w.aGroup}`, expect: 'empty' },
    ],
  },
  'POST /api/activity': {
    probes: [
      { url: () => '/api/activity', body: (w) => ({ name: 'x', groupId: w.bGroup }), expect: 404, message: GROUP },
      { url: () => '/api/activity', body: (w) => ({ name: 'x', subagentId: w.bSub }), expect: badField('subagentId') },
    ],
  },
  'DELETE /api/activity': {
    probes: [
      { url: () => '/api/activity', body: (w) => ({ ids: [w.bAct] }), expect: 404, message: ACTIVITY },
      { url: () => '/api/activity', body: (w) => ({ ids: [w.aAct, w.bAct] }), expect: 404, message: ACTIVITY },
      { as: 'subA', url: () => '/api/activity', body: (w) => ({ ids: [w.aActOther] }), expect: 404, message: ACTIVITY },
    ],
  },
  'POST /api/v3/activity/bulk-activity': {
    probes: [
      {
        url: () => '/api/v3/activity/bulk-activity',
        body: (w) => ({ activities: [{ name: 'x' }, { name: 'y', groupId: w.bGroup }] }),
        expect: 404,
        message: GROUP,
      },
      {
        url: () => '/api/v3/activity/bulk-activity',
        body: (w) => ({ activities: [{ name: 'x' }, { name: 'y', subagentId: w.bSub }] }),
        expect: badField('subagentId'),
      },
    ],
  },
  'GET /api/activity/:id': activity((id) => `/api/activity/${id}`),
  'PUT /api/activity/:id': {
    probes: [
      ...activity((id) => `/api/activity/${id}`, { name: 'x' }).probes,
      { url: (w) => `/api/activity/${w.aAct}`, body: (w) => ({ groupId: w.bGroup }), expect: 404, message: GROUP },
      { url: (w) => `/api/activity/${w.aAct}`, body: (w) => ({ subagentId: w.bSub }), expect: badField('subagentId') },
    ],
  },
  'DELETE /api/activity/:id': activity((id) => `/api/activity/${id}`),
  'PUT /api/activity/:id/archive': activity((id) => `/api/activity/${id}/archive`, { isArchived: true }),
  'POST /api/activity/:id/copy': activity((id) => `/api/activity/${id}/copy`),
  'POST /api/activity/:id/copy-channel': activity((id) => `/api/activity/${id}/copy-channel`),
  'POST /api/v3/activity/:id/duplicate': activity((id) => `/api/v3/activity/${id}/duplicate`, { name: 'x' }),
  'POST /api/v3/activity/:id/destroy': activity((id) => `/api/v3/activity/${id}/destroy`),
  'GET /api/v3/activity/:id/usage': activity((id) => `/api/v3/activity/${id}/usage`),
  'GET /api/activity/:id/stats': activity((id) => `/api/activity/${id}/stats`),
  'GET /api/v3/activity/:id/stats/timeline': activity((id) => `/api/v3/activity/${id}/stats/timeline`),
  'GET /api/v3/activity/:id/stats/referrer/json': activity((id) => `/api/v3/activity/${id}/stats/referrer/json`),
  'GET /api/v3/activity/:id/stats/device/json': activity((id) => `/api/v3/activity/${id}/stats/device/json`),
  'GET /api/v3/activity/:id/stats/user-visits': activity((id) => `/api/v3/activity/${id}/stats/user-visits`),
  // Exports and the data-statistics tabs (issue 11).
  'GET /api/v2/activity/:id/checkin/data/csv': activity((id) => `/api/v2/activity/${id}/checkin/data/csv`),
  'GET /api/activity/:id/user/download': activity((id) => `/api/activity/${id}/user/download`),
  'GET /api/v3/activity/:id/subscribers/csv': activity((id) => `/api/v3/activity/${id}/subscribers/csv`),
  'GET /api/activity/:id/whitelist/mobile/csv': activity((id) => `/api/activity/${id}/whitelist/mobile/csv`),
  'GET /api/activity/:id/stats/user-visits/csv': activity((id) => `/api/activity/${id}/stats/user-visits/csv`),
  'GET /api/activity/:id/stats/download': activity((id) => `/api/activity/${id}/stats/download`),
  'GET /api/activity/:id/comment/download': activity((id) => `/api/activity/${id}/comment/download`),
  'GET /api/v3/activity/:id/data-stats/:kind': activity((id) => `/api/v3/activity/${id}/data-stats/comments`),
  'GET /api/v3/activity/:id/data-stats/:kind/download': activity(
    (id) => `/api/v3/activity/${id}/data-stats/votes/download`,
  ),
  'GET /api/agent/:userId/gain-details/download': {
    probes: [
      agentPath((id) => `/api/agent/${id}/gain-details/download?type=gift-reward`),
      {
        url: (w) => `/api/agent/${w.aId}/gain-details/download?type=per-view&activityId=${w.bAct}`,
        expect: 404,
        message: ACTIVITY,
      },
      {
        as: 'subA',
        url: (w) => `/api/agent/${w.aId}/gain-details/download?type=gift-reward&activityId=${w.aActOther}`,
        expect: 404,
        message: ACTIVITY,
      },
    ],
  },
  // The field sets are the same for every caller and the saved columns are the caller's own: their path names a
  // field set or a table, never a stored row, so the only refusal is of a name that is none.
  'GET /api/v3/task/export-fields/:name': {
    probes: [{ url: () => '/api/v3/task/export-fields/1', expect: badField('name') }],
  },
  'POST /api/v3/task/export-fields/custom-export': own('checks field names against a field set: no stored row'),
  'GET /api/v3/agent/table-thead/:id': {
    probes: [{ url: () => '/api/v3/agent/table-thead/1', expect: badField('id') }],
  },
  'PUT /api/v3/agent/table-thead/:id': {
    probes: [
      { url: () => '/api/v3/agent/table-thead/1', body: () => ({ fields: ['visitAt'] }), expect: badField('id') },
    ],
  },
  'GET /api/v3/activity/:id/stats/region/json': activity((id) => `/api/v3/activity/${id}/stats/region/json`),
  'GET /api/v3/activity/:id/stats/online': activity((id) => `/api/v3/activity/${id}/stats/online`),
  // What the audience did: interactions, income, the shares of viewers who checked in or signed in (issue 11).
  'GET /api/v3/activity/:id/stats/interactive': activity((id) => `/api/v3/activity/${id}/stats/interactive`),
  'GET /api/v3/activity/:id/revenue': activity((id) => `/api/v3/activity/${id}/revenue`),
  'GET /api/activity/:id/stats/percentage/checkin-user': activity(
    (id) => `/api/activity/${id}/stats/percentage/checkin-user`,
  ),
  'GET /api/activity/:id/stats/percentage/login-user': activity(
    (id) => `/api/activity/${id}/stats/percentage/login-user`,
  ),
  'GET /api/activity/stats': own('the caller’s activities (a sub-account’s own only) with their figures'),
  // Invitation cards and the top-share ranking; text live (issue 10).
  'GET /api/v3/activity/:id/top-share': activity((id) => `/api/v3/activity/${id}/top-share`),
  'GET /api/v3/activity/:id/top-promotion': activity((id) => `/api/v3/activity/${id}/top-promotion`),
  'GET /api/v3/activity/:id/invitee': activity((id) => `/api/v3/activity/${id}/invitee`),
  'GET /api/activity/:id/stats/top/share': activity((id) => `/api/activity/${id}/stats/top/share`),
  'GET /api/v3/activity/:id/text-live': activity((id) => `/api/v3/activity/${id}/text-live`),
  'POST /api/v3/activity/:id/text-live': activity((id) => `/api/v3/activity/${id}/text-live`, { text: '图文' }),
  'DELETE /api/v3/activity/:id/text-live/:postId': activity((id) => `/api/v3/activity/${id}/text-live/1`),
  // Products and the shop: the library is the agent's; shops, the presented product and orders are the activity's.
  'GET /api/v3/agent/product': own('the caller agent’s product library'),
  'POST /api/v3/agent/product': own('a new product of the caller’s agent, naming no stored row'),
  'DELETE /api/v3/agent/product': {
    probes: [
      {
        url: () => '/api/v3/agent/product',
        body: (w) => ({ ids: [w.aProduct, w.bProduct] }),
        expect: 404,
        message: PRODUCT_ERRORS.productNotFound,
      },
    ],
  },
  'GET /api/v3/agent/product/:id': productPath(''),
  'PUT /api/v3/agent/product/:id': productPath('', {
    name: 'x',
    pictures: ['/files/p.png'],
    price: 1,
    buyMode: 'platform',
  }),
  'DELETE /api/v3/agent/product/:id': productPath(''),
  'GET /api/v3/activity-shop': {
    probes: [
      { url: (w) => `/api/v3/activity-shop?activityId=${w.bAct}`, expect: 'empty' },
      { as: 'subA', url: (w) => `/api/v3/activity-shop?activityId=${w.aActOther}`, expect: 'empty' },
    ],
  },
  'POST /api/v3/activity/:id/product': {
    probes: [
      ...activity((id) => `/api/v3/activity/${id}/product`, { productIds: [] }).probes,
      {
        url: (w) => `/api/v3/activity/${w.aActOther}/product`,
        body: (w) => ({ productIds: [w.bProduct] }),
        expect: 404,
        message: PRODUCT_ERRORS.productNotFound,
      },
    ],
  },
  'GET /api/v3/activity/:id/product/:shopId': shopPath(),
  'PUT /api/v3/activity/:id/product/:shopId': {
    probes: [
      ...shopPath({ productIds: [] }).probes,
      {
        url: (w) => `/api/v3/activity/${w.aAct}/product/${w.aShop}`,
        body: (w) => ({ productIds: [w.bProduct] }),
        expect: 404,
        message: PRODUCT_ERRORS.productNotFound,
      },
    ],
  },
  'DELETE /api/v3/activity/:id/product/:shopId': shopPath(),
  'GET /api/v3/activity/:id/product-push': activity((id) => `/api/v3/activity/${id}/product-push`),
  'POST /api/v3/activity/:id/product-push': {
    probes: [
      ...activity((id) => `/api/v3/activity/${id}/product-push`, { productId: 1 }).probes,
      {
        url: (w) => `/api/v3/activity/${w.aAct}/product-push`,
        body: (w) => ({ productId: w.bProduct }),
        expect: 404,
        message: PRODUCT_ERRORS.productNotFound,
      },
    ],
  },
  'DELETE /api/v3/activity/:id/product-push': activity((id) => `/api/v3/activity/${id}/product-push`),
  'GET /api/v3/activity/:id/product-order': activity((id) => `/api/v3/activity/${id}/product-order`),
  'PUT /api/v3/activity/:id/product-order/:orderId/ship': activity(
    (id) => `/api/v3/activity/${id}/product-order/1/ship`,
  ),
  'GET /api/watch/:id/shop': pub('the audience’s product tab: the on-shelf products of any activity’s shop'),
  'GET /api/watch/:id/product-push': pub('the product any activity presents now, as its watch page shows it'),
  'POST /api/watch/:id/product/:productId/order': pub(
    'the audience buys a product of the activity’s own shop (another’s answers 404); the viewer is its cookie',
  ),
  'GET /api/watch/:id/product-order/:orderId': pub('the audience’s own shop order, found by its viewer cookie only'),
  'GET /api/v3/photo-list': {
    probes: [
      { url: (w) => `/api/v3/photo-list?activityId=${w.bAct}`, expect: 404, message: ACTIVITY },
      { as: 'subA', url: (w) => `/api/v3/photo-list?activityId=${w.aActOther}`, expect: 404, message: ACTIVITY },
    ],
  },
  'GET /api/v3/activity/:id/photo-list': activity((id) => `/api/v3/activity/${id}/photo-list`),
  'POST /api/v3/activity/:id/photo-list': activity((id) => `/api/v3/activity/${id}/photo-list`, { title: '照片' }),
  'GET /api/v3/activity/:id/photo-list/:listId': photoListPath(''),
  'PUT /api/v3/activity/:id/photo-list/:listId': photoListPath('', { title: '改名' }),
  'POST /api/v3/activity/:id/photo-list/:listId/photo': photoListPath('/photo'),
  'PUT /api/agent/activity-group/:id': {
    probes: [
      { url: (w) => `/api/agent/activity-group/${w.bGroup}`, body: () => ({ name: 'x' }), expect: 404, message: GROUP },
      mainOnly(
        (w) => `/api/agent/activity-group/${w.aGroup}`,
        () => ({ name: 'x' }),
      ),
    ],
  },
  'DELETE /api/agent/activity-group/:id': {
    probes: [
      { url: (w) => `/api/agent/activity-group/${w.bGroup}`, expect: 404, message: GROUP },
      mainOnly((w) => `/api/agent/activity-group/${w.aGroup}`),
    ],
  },
  'POST /api/v3/agent/template-activity': {
    probes: [
      {
        url: () => '/api/v3/agent/template-activity',
        body: (w) => ({ activityId: w.bAct }),
        expect: 404,
        message: ACTIVITY,
      },
      mainOnly(
        () => '/api/v3/agent/template-activity',
        (w) => ({ activityId: w.aAct }),
      ),
    ],
  },

  // Live configuration, live stream, uploads.
  'GET /api/activity/:id/ingest': activity((id) => `/api/activity/${id}/ingest`),
  'PUT /api/activity/:id/live-mode': activity((id) => `/api/activity/${id}/live-mode`, { liveMode: 'pull' }),
  'GET /api/v3/activity/:id/stream-jobs': activity((id) => `/api/v3/activity/${id}/stream-jobs`),
  'POST /api/v3/activity/:id/stream-jobs/:jobId/stop': {
    probes: [
      { url: (w) => `/api/v3/activity/${w.bAct}/stream-jobs/${w.bJob}/stop`, expect: 404, message: ACTIVITY },
      { url: (w) => `/api/v3/activity/${w.aAct}/stream-jobs/${w.bJob}/stop`, expect: 404, message: STREAM_JOB },
      {
        as: 'subA',
        url: (w) => `/api/v3/activity/${w.aActOther}/stream-jobs/${w.aJobOther}/stop`,
        expect: 404,
        message: ACTIVITY,
      },
      {
        as: 'subA',
        url: (w) => `/api/v3/activity/${w.aAct}/stream-jobs/${w.aJobOther}/stop`,
        expect: 404,
        message: STREAM_JOB,
      },
    ],
  },
  'GET /api/v3/upload-policy/:kind': {
    probes: [
      { url: (w) => `/api/v3/upload-policy/activity?activityId=${w.bAct}`, expect: 404, message: ACTIVITY },
      {
        as: 'subA',
        url: (w) => `/api/v3/upload-policy/activity?activityId=${w.aActOther}`,
        expect: 404,
        message: ACTIVITY,
      },
    ],
  },
  'POST /api/activity/:id/upload': activity((id) => `/api/activity/${id}/upload`),
  'GET /api/activity/:id/template': activity((id) => `/api/activity/${id}/template`),
  'PUT /api/activity/:id/template': {
    probes: [
      ...activity((id) => `/api/activity/${id}/template`, { imgCover: 'x.png' }).probes,
      ...tabReferences((w, introTabs) => ({ url: `/api/activity/${w.aAct}/template`, body: { introTabs } })),
    ],
  },
  'POST /api/activity/:id/inheritPrevTpl': activity((id) => `/api/activity/${id}/inheritPrevTpl`),
  'GET /api/activity/:id/menu': activity((id) => `/api/activity/${id}/menu`),
  'PUT /api/activity/:id/menu': {
    probes: [
      ...activity((id) => `/api/activity/${id}/menu`, { items: [] }).probes,
      ...tabReferences((w, items) => ({ url: `/api/activity/${w.aAct}/menu`, body: { items } })),
    ],
  },
  'GET /api/v3/activity/:id/subscribe': activity((id) => `/api/v3/activity/${id}/subscribe`),
  'GET /api/activity/:id/watchcode': activity((id) => `/api/activity/${id}/watchcode`),
  'PUT /api/activity/:id/watchcode': activity((id) => `/api/activity/${id}/watchcode`, {
    enabled: true,
    code: '000000',
  }),
  'POST /api/activity/:id/watchcode/refresh': activity((id) => `/api/activity/${id}/watchcode/refresh`),
  'GET /api/activity/:id/shareCard': activity((id) => `/api/activity/${id}/shareCard`),
  'PUT /api/activity/:id/shareCard': activity((id) => `/api/activity/${id}/shareCard`, { title: 'x' }),
  'GET /api/activity/:id/invitation': activity((id) => `/api/activity/${id}/invitation`),
  'PUT /api/activity/:id/invitation': activity((id) => `/api/activity/${id}/invitation`, { isEnabled: true }),
  'GET /api/activity/:id/liveTranscode': activity((id) => `/api/activity/${id}/liveTranscode`),
  'PUT /api/activity/:id/liveTranscode': activity((id) => `/api/activity/${id}/liveTranscode`, { enabled: true }),
  'GET /api/activity/:id/manager': activity((id) => `/api/activity/${id}/manager`),
  'PUT /api/activity/:id/manager': activity((id) => `/api/activity/${id}/manager`, { nickname: 'x' }),
  'GET /api/activity/:id/official-user': activity((id) => `/api/activity/${id}/official-user`),
  'POST /api/v3/activity/:id/meeting/join': activity((id) => `/api/v3/activity/${id}/meeting/join`),
  'POST /api/activity/:id/meeting/end': activity((id) => `/api/activity/${id}/meeting/end`),
  'GET /api/activity/:id/meeting': activity((id) => `/api/activity/${id}/meeting`),
  'GET /api/activity/:id/pay': activity((id) => `/api/activity/${id}/pay`),

  // Media.
  'GET /api/v3/media': {
    probes: [
      { url: (w) => `/api/v3/media?activityId=${w.bAct}`, expect: 404, message: ACTIVITY },
      { as: 'subA', url: (w) => `/api/v3/media?activityId=${w.aActOther}`, expect: 404, message: ACTIVITY },
    ],
  },
  'POST /api/v3/media': {
    probes: [
      {
        url: () => '/api/v3/media',
        body: (w) => ({ url: 'https://example.com/a.mp4', activityId: w.bAct }),
        expect: 404,
        message: ACTIVITY,
      },
    ],
  },
  'GET /api/v3/media/:id': {
    probes: [
      { url: (w) => `/api/v3/media/${w.bMedia}`, expect: 404, message: MEDIA },
      { as: 'subA', url: (w) => `/api/v3/media/${w.aMediaOther}`, expect: 404, message: MEDIA },
    ],
  },
  'POST /api/v3/media/:id/transcode-retry': {
    probes: [
      { url: (w) => `/api/v3/media/${w.bMedia}/transcode-retry`, expect: 404, message: MEDIA },
      { as: 'subA', url: (w) => `/api/v3/media/${w.aMediaOther}/transcode-retry`, expect: 404, message: MEDIA },
    ],
  },
  'POST /api/video/sync': {
    probes: [{ url: () => '/api/video/sync', body: (w) => ({ activityId: w.bAct }), expect: 404, message: ACTIVITY }],
  },
  'GET /api/v3/agent/media': {
    probes: [
      { url: (w) => `/api/v3/agent/media?activityId=${w.bAct}`, expect: 404, message: ACTIVITY },
      { as: 'subA', url: (w) => `/api/v3/agent/media?activityId=${w.aActOther}`, expect: 404, message: ACTIVITY },
    ],
  },
  'PUT /api/v3/agent/media': {
    probes: [
      {
        url: (w) => `/api/v3/agent/media?activityId=${w.bAct}`,
        body: () => ({ lists: { 0: [], 1: [] } }),
        expect: 404,
        message: ACTIVITY,
      },
      {
        url: (w) => `/api/v3/agent/media?activityId=${w.aAct}`,
        body: (w) => ({ lists: { 0: [{ mediaId: w.bMedia }], 1: [] } }),
        expect: 404,
        message: MEDIA,
      },
      {
        as: 'subA',
        url: (w) => `/api/v3/agent/media?activityId=${w.aAct}`,
        body: (w) => ({ lists: { 0: [{ mediaId: w.aMediaOther }], 1: [] } }),
        expect: 404,
        message: MEDIA,
      },
    ],
  },
  'GET /api/activity/:id/playlist': activity((id) => `/api/activity/${id}/playlist`),
  'PUT /api/activity/:id/playlist': {
    probes: [
      ...activity((id) => `/api/activity/${id}/playlist`, { items: [] }).probes,
      {
        url: (w) => `/api/activity/${w.aAct}/playlist`,
        body: (w) => ({ items: [{ mediaId: w.bMedia }] }),
        expect: 404,
        message: MEDIA,
      },
      {
        as: 'subA',
        url: (w) => `/api/activity/${w.aAct}/playlist`,
        body: (w) => ({ items: [{ mediaId: w.aMediaOther }] }),
        expect: 404,
        message: MEDIA,
      },
    ],
  },

  // Ditches.
  'GET /api/v3/robot-template': own('the product’s nickname styles, the same for every agent'),
  'GET /api/v3/robot-avatar': own('the product’s avatars, the same for every agent'),
  'GET /api/v3/robot/random': own('random nicknames, nothing stored'),
  'GET /api/v3/robot': own('the caller agent’s robots'),
  'POST /api/v3/robot': own('new robots of the caller’s agent'),
  'DELETE /api/v3/robot': {
    probes: [
      {
        url: () => '/api/v3/robot',
        body: (w) => ({ ids: [w.bRobot] }),
        expect: 404,
        message: ROBOT_ERRORS.robotNotFound,
      },
      {
        url: () => '/api/v3/robot',
        body: (w) => ({ ids: [w.aRobot, w.bRobot] }),
        expect: 404,
        message: ROBOT_ERRORS.robotNotFound,
      },
    ],
  },
  'GET /robot-avatars/:name': { public: 'the product’s robot avatars, shown on every watch page' },
  'GET /api/agent/comment/library': own('the default library and the caller agent’s own'),
  'POST /api/agent/comment/library': own('a new library of the caller’s agent'),
  'PUT /api/agent/comment/library/:id': {
    probes: [
      {
        url: (w) => `/api/agent/comment/library/${w.bLibrary}`,
        body: () => ({ name: 'x' }),
        expect: 404,
        message: COMMENT_ERRORS.libraryNotFound,
      },
    ],
  },
  'DELETE /api/agent/comment/library/:id': {
    probes: [
      { url: (w) => `/api/agent/comment/library/${w.bLibrary}`, expect: 404, message: COMMENT_ERRORS.libraryNotFound },
    ],
  },

  // The live chat's moderation: every call names the activity, B's answers 404 and so does A's activity not assigned
  // to A's sub-account.
  'GET /api/activity/:id/comment': activity((id) => `/api/activity/${id}/comment`),
  'DELETE /api/activity/:id/comment': activity((id) => `/api/activity/${id}/comment`, { ids: [1] }),
  'PUT /api/activity/:id/comment/review': activity((id) => `/api/activity/${id}/comment/review`, {
    ids: [1],
    status: 'passed',
  }),
  'POST /api/activity/:id/comment/robot': {
    probes: [
      {
        url: (w) => `/api/activity/${w.bAct}/comment/robot`,
        body: (w) => ({ robotId: w.aRobot, text: '你好' }),
        expect: 404,
        message: ACTIVITY,
      },
      {
        as: 'subA',
        url: (w) => `/api/activity/${w.aActOther}/comment/robot`,
        body: (w) => ({ robotId: w.aRobot, text: '你好' }),
        expect: 404,
        message: ACTIVITY,
      },
      {
        url: (w) => `/api/activity/${w.aAct}/comment/robot`,
        body: (w) => ({ robotId: w.bRobot, text: '你好' }),
        expect: 404,
        message: CHAT_ERRORS.robotNotFound,
      },
    ],
  },
  'GET /api/v3/activity/:id/virtual-audience': activity((id) => `/api/v3/activity/${id}/virtual-audience`),
  'PUT /api/v3/activity/:id/virtual-audience': {
    probes: [
      ...activity((id) => `/api/v3/activity/${id}/virtual-audience`, VIRTUAL_AUDIENCE).probes,
      {
        url: (w) => `/api/v3/activity/${w.aAct}/virtual-audience`,
        body: (w) => ({ ...VIRTUAL_AUDIENCE, libraryId: w.bLibrary }),
        expect: 404,
        message: VIRTUAL_AUDIENCE_ERRORS.libraryNotFound,
      },
    ],
  },
  'GET /api/v3/activity/:id/live-ops': activity((id) => `/api/v3/activity/${id}/live-ops`),
  'GET /api/v3/activity/:id/comment/pin': activity((id) => `/api/v3/activity/${id}/comment/pin`),
  'POST /api/v3/activity/:id/comment/pin': activity((id) => `/api/v3/activity/${id}/comment/pin`, { commentId: 1 }),
  'DELETE /api/v3/activity/:id/comment/pin': activity((id) => `/api/v3/activity/${id}/comment/pin`, { commentId: 1 }),
  'GET /api/v3/activity/:id/comment-ban': activity((id) => `/api/v3/activity/${id}/comment-ban`),
  'POST /api/v3/activity/:id/comment-ban': activity((id) => `/api/v3/activity/${id}/comment-ban`, { userId: VIEWER }),
  'DELETE /api/v3/activity/:id/comment-ban': activity((id) => `/api/v3/activity/${id}/comment-ban`, {
    userId: VIEWER,
  }),
  'GET /api/activity/:id/filter': activity((id) => `/api/activity/${id}/filter`),
  'PUT /api/activity/:id/filter': activity((id) => `/api/activity/${id}/filter`, { checkMode: true }),
  'GET /api/activity/:id/blacklist': activity((id) => `/api/activity/${id}/blacklist`),
  'POST /api/activity/:id/blacklist': activity((id) => `/api/activity/${id}/blacklist`, { userId: VIEWER }),
  'DELETE /api/activity/:id/blacklist': activity((id) => `/api/activity/${id}/blacklist`, { userId: VIEWER }),
  'POST /api/activity/:id/kick': activity((id) => `/api/activity/${id}/kick`, { sid: 'abcdefgh12345678' }),
  // The interactions: an activity route, and A's own activity with B's vote, check-in or question.
  'GET /api/v3/activity/:id/vote': activity((id) => `/api/v3/activity/${id}/vote`),
  'GET /api/v3/agent/vote': {
    probes: [
      { url: (w) => `/api/v3/agent/vote?activityId=${w.bAct}`, expect: 'empty' },
      { as: 'subA', url: (w) => `/api/v3/agent/vote?activityId=${w.aActOther}`, expect: 'empty' },
    ],
  },
  'GET /api/v3/agent/vote/:id': {
    probes: [{ url: (w) => `/api/v3/agent/vote/${w.bVote}`, expect: 404, message: VOTE_NOT_FOUND }],
  },
  'POST /api/v3/activity/:id/vote': activity((id) => `/api/v3/activity/${id}/vote`, VOTE),
  'PUT /api/v3/activity/:id/vote/:voteId': interaction('vote', (w) => w.bVote, VOTE_NOT_FOUND, { status: 'closed' }),
  'DELETE /api/v3/activity/:id/vote/:voteId': interaction('vote', (w) => w.bVote, VOTE_NOT_FOUND),
  'GET /api/v3/activity/:id/checkin': activity((id) => `/api/v3/activity/${id}/checkin`),
  'POST /api/v3/activity/:id/checkin': activity((id) => `/api/v3/activity/${id}/checkin`, { durationSeconds: 60 }),
  'PUT /api/v3/activity/:id/checkin/:checkinId': interaction('checkin', (w) => w.bCheckin, CHECKIN_NOT_FOUND, {
    status: 'ended',
  }),
  'GET /api/v3/activity/:id/checkin/:checkinId/user': interaction(
    'checkin',
    (w) => w.bCheckin,
    CHECKIN_NOT_FOUND,
    undefined,
    '/user',
  ),
  'GET /api/v3/activity/:id/question': activity((id) => `/api/v3/activity/${id}/question`),
  'PUT /api/v3/activity/:id/question/:questionId': interaction('question', (w) => w.bQuestion, QUESTION_NOT_FOUND, {
    answer: '越权',
  }),
  'DELETE /api/v3/activity/:id/question/:questionId': interaction('question', (w) => w.bQuestion, QUESTION_NOT_FOUND),
  'GET /api/v3/activity/:id/comment-report': activity((id) => `/api/v3/activity/${id}/comment-report`),
  // Lottery draws and red packets (rewards).
  'GET /api/v3/activity/:id/lottery/draws': activity((id) => `/api/v3/activity/${id}/lottery/draws`),
  'POST /api/v3/activity/:id/lottery/draw': activity((id) => `/api/v3/activity/${id}/lottery/draw`),
  'GET /api/v3/agent/red-pack/balance': own('the caller agent’s red-packet balance'),
  'POST /api/v3/agent/red-pack/recharge': own('a new recharge of the caller agent’s red-packet account'),
  'GET /api/v3/agent/red-pack/recharge/:orderId': {
    probes: [
      {
        url: (w) => `/api/v3/agent/red-pack/recharge/${w.bRedPackRecharge}`,
        expect: 404,
        message: REWARD_ERRORS.rechargeNotFound,
      },
    ],
  },
  'GET /api/v3/activity/:id/red-packets': activity((id) => `/api/v3/activity/${id}/red-packets`),
  'POST /api/v3/activity/:id/red-packets': activity((id) => `/api/v3/activity/${id}/red-packets`, {
    mode: 'fixed',
    totalAmount: 100,
    count: 1,
  }),
  'GET /api/v3/activity/:id/red-packets/:packetId/grabs': activity(
    (id) => `/api/v3/activity/${id}/red-packets/1/grabs`,
  ),
  'GET /api/watch/:id/red-packets': pub('the audience’s open red packets of any activity; the viewer is its cookie'),
  'POST /api/watch/:id/red-packets/:packetId/grab': pub('the audience grabs a red packet; the viewer is its cookie'),
  'GET /api/v3/activity/:id/gift': activity((id) => `/api/v3/activity/${id}/gift`),
  'GET /api/v3/activity/:id/top-gift': activity((id) => `/api/v3/activity/${id}/top-gift`),
  'GET /api/activity/:id/stats/top/gift': activity((id) => `/api/activity/${id}/stats/top/gift`),
  'GET /api/v3/task': {
    probes: [
      { url: (w) => `/api/v3/task?activityId=${w.bAct}`, expect: 'empty' },
      { as: 'subA', url: (w) => `/api/v3/task?activityId=${w.aActOther}`, expect: 'empty' },
    ],
  },
  'POST /api/v3/task/': {
    probes: [
      {
        url: () => '/api/v3/task/',
        body: (w) => ({ kind: 'report', activityId: w.bAct }),
        expect: 404,
        message: ERROR_MESSAGES.activityNotFound,
      },
      {
        as: 'subA',
        url: () => '/api/v3/task/',
        body: (w) => ({ kind: 'report', activityId: w.aActOther }),
        expect: 404,
        message: ERROR_MESSAGES.activityNotFound,
      },
    ],
  },
  'GET /api/v3/task/:id': taskPath((id) => `/api/v3/task/${id}`),
  'DELETE /api/v3/task/:id': taskPath((id) => `/api/v3/task/${id}`),
  'GET /api/v3/task/:id/file': taskPath((id) => `/api/v3/task/${id}/file`),
  'GET /api/v3/agent/download-center/recent': own(
    'the caller’s latest tasks; a sub-account’s only its own and its activities’',
  ),
  'GET /api/v3/agent/gift': own('the caller agent’s gifts, nothing of another agent'),
  'POST /api/v3/agent/gift': own('a new gift of the caller’s agent'),
  'PUT /api/v3/agent/gift/:id': {
    probes: [
      {
        url: (w) => `/api/v3/agent/gift/${w.bGift}`,
        body: () => ({ price: 1 }),
        expect: 404,
        message: GIFT_ERRORS.giftNotFound,
      },
    ],
  },
  'DELETE /api/v3/agent/gift/:id': {
    probes: [{ url: (w) => `/api/v3/agent/gift/${w.bGift}`, expect: 404, message: GIFT_ERRORS.giftNotFound }],
  },
  'GET /api/agent/sensitiveWord': own('the caller agent’s sensitive word lists, nothing of another agent'),
  'POST /api/agent/sensitiveWord': own('a new list of the caller’s agent'),
  'PUT /api/agent/sensitiveWord/:id': {
    probes: [
      {
        url: (w) => `/api/agent/sensitiveWord/${w.bWordList}`,
        body: () => ({ name: 'x' }),
        expect: 404,
        message: SENSITIVE_WORD_ERRORS.listNotFound,
      },
    ],
  },
  'POST /api/agent/sensitiveWord/check': {
    probes: [
      {
        url: () => '/api/agent/sensitiveWord/check',
        body: (w) => ({ text: 'b-word', listId: w.bWordList }),
        expect: 404,
        message: SENSITIVE_WORD_ERRORS.listNotFound,
      },
    ],
  },
  'GET /api/agent/:id/promotion-channel': {
    probes: [
      agentPath((id) => `/api/agent/${id}/promotion-channel`),
      { url: (w) => `/api/agent/${w.aId}/promotion-channel?activityId=${w.bAct}`, expect: 404, message: ACTIVITY },
    ],
  },
  'POST /api/agent/:id/promotion-channel': {
    probes: [
      agentPath((id) => `/api/agent/${id}/promotion-channel`, { name: 'x' }),
      {
        url: (w) => `/api/agent/${w.aId}/promotion-channel`,
        body: (w) => ({ name: 'x', activityId: w.bAct }),
        expect: 404,
        message: ACTIVITY,
      },
    ],
  },
  'PUT /api/agent/:id/promotion-channel/:sign': {
    probes: [
      {
        url: (w) => `/api/agent/${w.bId}/promotion-channel/${w.bDitchSign}`,
        body: () => ({ name: 'x' }),
        expect: 404,
        message: AGENT,
      },
      {
        url: (w) => `/api/agent/${w.aId}/promotion-channel/${w.bDitchSign}`,
        body: () => ({ name: 'x' }),
        expect: 404,
        message: DITCH,
      },
      {
        url: (w) => `/api/agent/${w.aId}/promotion-channel/${w.aDitchSign}`,
        body: (w) => ({ activityId: w.bAct }),
        expect: 404,
        message: ACTIVITY,
      },
      {
        as: 'subA',
        url: (w) => `/api/agent/${w.aId}/promotion-channel/${w.aDitchOtherSign}`,
        body: () => ({ name: 'x' }),
        expect: 404,
        message: DITCH,
      },
    ],
  },
  'DELETE /api/agent/:id/promotion-channel/:sign': {
    probes: [
      { url: (w) => `/api/agent/${w.bId}/promotion-channel/${w.bDitchSign}`, expect: 404, message: AGENT },
      { url: (w) => `/api/agent/${w.aId}/promotion-channel/${w.bDitchSign}`, expect: 404, message: DITCH },
      {
        as: 'subA',
        url: (w) => `/api/agent/${w.aId}/promotion-channel/${w.aDitchOtherSign}`,
        expect: 404,
        message: DITCH,
      },
    ],
  },

  // Extensions.
  'GET /api/v3/activity/:id/extension/:identity': activity((id) => `/api/v3/activity/${id}/extension/${EXTENSION}`),
  'POST /api/v3/activity/:id/extension/:identity': activity(
    (id) => `/api/v3/activity/${id}/extension/${EXTENSION}`,
    {},
  ),
  'POST /api/v3/activity/:id/extension/:identity/:action': activity(
    (id) => `/api/v3/activity/${id}/extension/${EXTENSION}/enable`,
  ),
  'GET /api/ext-proxy/:identity/activity/:id/setting': activity(
    (id) => `/api/ext-proxy/${EXTENSION}/activity/${id}/setting`,
  ),
  'POST /api/ext-proxy/:identity/activity/:id/setting': activity(
    (id) => `/api/ext-proxy/${EXTENSION}/activity/${id}/setting`,
    {},
  ),
  'GET /api/v3/activity/:id/questionnaire/results': activity((id) => `/api/v3/activity/${id}/questionnaire/results`),
  'GET /api/v3/activity/:id/questionnaire/answers': activity(
    (id) => `/api/v3/activity/${id}/questionnaire/answers?question=0`,
  ),
  'GET /api/v3/activity/:id/questionnaire/csv': activity((id) => `/api/v3/activity/${id}/questionnaire/csv`),

  // Agent administration: the agents below the caller only.
  'POST /api/agent/agent': {
    probes: [
      {
        url: () => '/api/agent/agent',
        body: (w) => ({ mobile: '13988887777', password: 'secret-pass-1', managerId: w.bSub }),
        expect: badField('managerId'),
      },
      mainOnly(
        () => '/api/agent/agent',
        () => ({ mobile: '13988887777', password: 'secret-pass-1' }),
      ),
    ],
  },
  'POST /api/agent/agent/': {
    probes: [
      {
        url: () => '/api/agent/agent/',
        body: (w) => ({ mobile: '13988887777', password: 'secret-pass-1', managerId: w.bSub }),
        expect: badField('managerId'),
      },
      mainOnly(
        () => '/api/agent/agent/',
        () => ({ mobile: '13988887777', password: 'secret-pass-1' }),
      ),
    ],
  },
  'GET /api/agent/agent/:id': lowerAgent((id) => `/api/agent/agent/${id}`),
  'PUT /api/agent/agent/:id': {
    probes: [
      ...lowerAgent((id) => `/api/agent/agent/${id}`, { contact: 'x' }).probes,
      {
        url: (w) => `/api/agent/agent/${w.aChildId}`,
        body: (w) => ({ managerId: w.bSub }),
        expect: badField('managerId'),
      },
    ],
  },
  'PUT /api/agent/agent/:id/coop': lowerAgent((id) => `/api/agent/agent/${id}/coop`, { coopLevel: 0 }),
  'PUT /api/agent/agent/:id/coop/': {
    probes: [
      ...lowerAgent((id) => `/api/agent/agent/${id}/coop/`, { coopLevel: 0 }).probes,
      {
        url: (w) => `/api/agent/agent/${w.aChildId}/coop/`,
        body: (w) => ({ coopLevel: 0, managerId: w.bSub }),
        expect: badField('managerId'),
      },
    ],
  },
  'PUT /api/agent/agent/:id/status': lowerAgent((id) => `/api/agent/agent/${id}/status`, { status: 'disabled' }),
  'GET /api/agent/agent/:id/impersonations': lowerAgent((id) => `/api/agent/agent/${id}/impersonations`),
  'PUT /api/agent/agentcredit': {
    probes: [
      {
        url: () => '/api/agent/agentcredit',
        body: (w) => ({ agentId: w.bChildId, credit: { fluxGb: 1, storageGb: 1, smsCount: 1 } }),
        expect: 404,
        message: AGENT,
      },
      mainOnly(
        () => '/api/agent/agentcredit',
        (w) => ({ agentId: w.aChildId, credit: { fluxGb: 1, storageGb: 1, smsCount: 1 } }),
      ),
    ],
  },
  'PUT /api/agent/agentcredit/': {
    probes: [
      {
        url: () => '/api/agent/agentcredit/',
        body: (w) => ({ agentId: w.bChildId, credit: { fluxGb: 1, storageGb: 1, smsCount: 1 } }),
        expect: 404,
        message: AGENT,
      },
      mainOnly(
        () => '/api/agent/agentcredit/',
        (w) => ({ agentId: w.aChildId, credit: { fluxGb: 1, storageGb: 1, smsCount: 1 } }),
      ),
    ],
  },
  'GET /api/agent/agentusage': {
    probes: [
      { url: (w) => `/api/agent/agentusage?agentId=${w.bChildId}`, expect: 404, message: AGENT },
      { url: (w) => `/api/agent/agentusage?agentId=${w.bId}`, expect: 404, message: AGENT },
      mainOnly((w) => `/api/agent/agentusage?agentId=${w.aChildId}`),
      { as: 'childA', url: (w) => `/api/agent/agentusage?agentId=${w.aId}`, expect: 404, message: AGENT },
    ],
  },

  // Sub-accounts and their groups.
  'GET /api/agent/subagent': {
    probes: [{ url: (w) => `/api/agent/subagent?groupId=${w.bSubGroup}`, expect: 'empty' }],
  },
  'POST /api/agent/subagent': {
    probes: [
      {
        url: () => '/api/agent/subagent',
        body: (w) => ({ username: 'intruder', password: 'secret-pass-1', groupId: w.bSubGroup }),
        expect: 404,
        message: SUBACCOUNT_GROUP,
      },
      mainOnly(
        () => '/api/agent/subagent',
        () => ({ username: 'intruder', password: 'secret-pass-1' }),
      ),
    ],
  },
  'GET /api/agent/subagent/token': {
    probes: [
      { url: (w) => `/api/agent/subagent/token?id=${w.bSub}`, expect: 404, message: SUBACCOUNT },
      { as: 'subA', url: (w) => `/api/agent/subagent/token?id=${w.aSub2}`, expect: 404, message: SUBACCOUNT },
    ],
  },
  'PUT /api/agent/subagent/:id': {
    probes: [
      { url: (w) => `/api/agent/subagent/${w.bSub}`, body: () => ({ remark: 'x' }), expect: 404, message: SUBACCOUNT },
      {
        url: (w) => `/api/agent/subagent/${w.aSub}`,
        body: (w) => ({ groupId: w.bSubGroup }),
        expect: 404,
        message: SUBACCOUNT_GROUP,
      },
      mainOnly(
        (w) => `/api/agent/subagent/${w.aSub2}`,
        () => ({ remark: 'x' }),
      ),
    ],
  },
  'DELETE /api/agent/subagent/:id': {
    probes: [
      { url: (w) => `/api/agent/subagent/${w.bSub}`, expect: 404, message: SUBACCOUNT },
      mainOnly((w) => `/api/agent/subagent/${w.aSub2}`),
    ],
  },
  'GET /api/v3/subagent-group/:id': {
    probes: [{ url: (w) => `/api/v3/subagent-group/${w.bSubGroup}`, expect: 404, message: SUBACCOUNT_GROUP }],
  },
  'PATCH /api/v3/subagent-group/:id': {
    probes: [
      {
        url: (w) => `/api/v3/subagent-group/${w.bSubGroup}`,
        body: () => ({ name: 'x' }),
        expect: 404,
        message: SUBACCOUNT_GROUP,
      },
      mainOnly(
        (w) => `/api/v3/subagent-group/${w.aSubGroup}`,
        () => ({ name: 'x' }),
      ),
    ],
  },
  'DELETE /api/v3/subagent-group/:id': {
    probes: [
      { url: (w) => `/api/v3/subagent-group/${w.bSubGroup}`, expect: 404, message: SUBACCOUNT_GROUP },
      mainOnly((w) => `/api/v3/subagent-group/${w.aSubGroup}`),
    ],
  },

  // Packages and orders.
  'POST /api/agent/order': {
    probes: [
      {
        url: () => '/api/agent/order',
        body: (w) => ({ packageId: 100005, activityId: w.bAct }),
        expect: 404,
        message: ACTIVITY,
      },
      {
        as: 'subA',
        url: () => '/api/agent/order',
        body: (w) => ({ packageId: 100005, activityId: w.aActOther }),
        // Buying is the main account's (documented 403 for a sub-account).
        expect: 403,
        message: MAIN_ONLY,
      },
    ],
  },
  'GET /api/agent/order': {
    probes: [
      { url: (w) => `/api/agent/order?id=${w.bOrder}`, expect: 'empty' },
      mainOnly((w) => `/api/agent/order?id=${w.aOrder}`),
    ],
  },
  'GET /api/agent/order/status': {
    probes: [
      { url: (w) => `/api/agent/order/status?orderId=${w.bOrder}`, expect: 404, message: PRICE_ERRORS.orderNotFound },
      mainOnly((w) => `/api/agent/order/status?orderId=${w.aOrder}`),
    ],
  },
  'GET /api/agent/order/:id/checkout': {
    probes: [
      { url: (w) => `/api/agent/order/${w.bOrder}/checkout`, expect: 404, message: PRICE_ERRORS.orderNotFound },
      mainOnly((w) => `/api/agent/order/${w.aOrder}/checkout`),
    ],
  },
  'POST /api/agent/order/:id/cancel': {
    probes: [
      { url: (w) => `/api/agent/order/${w.bOrder}/cancel`, expect: 404, message: PRICE_ERRORS.orderNotFound },
      mainOnly((w) => `/api/agent/order/${w.aOrder}/cancel`),
    ],
  },
  ...AUDIENCE_ROUTES,
  ...FINANCE_VIEW_ROUTES,
  ...CATALOG_ROUTES,
  ...AGGREGATION_ROUTES,
  ...PAGE_ROUTES,
  ...REGISTRATION_ROUTES,
  ...DOCUMENT_ROUTES,
  ...FINANCE_MONEY_ROUTES,
};

function badField(field: string) {
  return { status: 400 as const, field };
}
