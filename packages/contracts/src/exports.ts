import { z } from 'zod';
import { defineCalls } from './call.ts';
import { id, idParams, listOf, pageQuery } from './common.ts';
import { statsRangeQuery } from './stats.ts';

// Exports (seed 001 §2 "Data export panel", "Data-statistics tabs"; §7 "Statistics and exports", "Downloads"): every
// file an agent downloads about an activity, the fields each may include, the columns an agent keeps per table, and
// the data-statistics tabs that show the same rows on screen. A download is a plain link the browser streams to disk:
// it carries the short-lived export token `et` (POST /ephemeral-token) in its query instead of the bearer header.

/** Seed 001 §7: "Downloads (GET, with an export token et in the query)". */
export const EXPORT_TOKEN_PARAM = 'et';
/** The rows one page of a data-statistics tab shows by default. */
export const DATA_STATS_PAGE_SIZE = 10;
/** The rank lists' downloads hold the top 100 (seed 001 §9 "Top ranks for gifts and shares: 100"). */
export const EXPORT_RANK_LIMIT = 100;

/** What can be exported: each is one file, one data-statistics tab, one table id. */
export const EXPORT_KINDS = [
  'checkin-data',
  'wechat-users',
  'subscribers',
  'users',
  'comments',
  'per-view',
  'gift-reward',
  'votes',
  'top-share',
  'allowed-mobiles',
  'user-visits',
  'stats',
  'top-gift',
  // The shop's sales (商品), the income breakdown's third tab beside per-view and gift-reward.
  'goods',
] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export interface ExportField {
  key: string;
  /** The column's heading in the file and on screen. */
  label: string;
}

const field = (key: string, label: string): ExportField => ({ key, label });

/** The fields each export can include, in file order; the headings are Chinese, as people open the files in Excel. */
export const EXPORT_FIELDS = {
  'checkin-data': [
    field('checkedInAt', '签到时间'),
    field('checkin', '签到名称'),
    field('nickname', '昵称'),
    field('viewerId', '观众ID'),
  ],
  'wechat-users': [
    field('viewerId', '观众ID'),
    field('firstVisitAt', '首次访问时间'),
    field('lastSeenAt', '最后观看时间'),
    field('visits', '访问次数'),
    field('watchSeconds', '观看时长（秒）'),
  ],
  subscribers: [field('mobile', '手机号'), field('subscribedAt', '预约时间'), field('remindedAt', '开播提醒时间')],
  users: [
    field('viewerId', '观众ID'),
    field('firstVisitAt', '首次访问时间'),
    field('lastSeenAt', '最后观看时间'),
    field('visits', '访问次数'),
    field('watchSeconds', '观看时长（秒）'),
  ],
  comments: [
    field('createdAt', '评论时间'),
    field('nickname', '昵称'),
    field('viewerId', '观众ID'),
    field('text', '评论内容'),
    field('status', '审核状态'),
    field('audience', '观众类型'),
  ],
  'per-view': [
    field('paidAt', '支付时间'),
    field('viewerId', '观众ID'),
    field('item', '付费项目'),
    field('amount', '实得收入（元）'),
  ],
  'gift-reward': [
    field('paidAt', '支付时间'),
    field('orderId', '订单号'),
    field('nickname', '昵称'),
    field('viewerId', '观众ID'),
    field('gift', '礼物'),
    field('count', '数量'),
    field('paid', '支付金额（元）'),
    field('amount', '实得收入（元）'),
  ],
  goods: [
    field('paidAt', '支付时间'),
    field('orderId', '订单号'),
    field('buyer', '收货人'),
    field('viewerId', '观众ID'),
    field('product', '商品'),
    field('count', '数量'),
    field('paid', '支付金额（元）'),
    field('amount', '实得收入（元）'),
  ],
  votes: [
    field('votedAt', '投票时间'),
    field('vote', '投票标题'),
    field('nickname', '昵称'),
    field('viewerId', '观众ID'),
    field('choices', '所选选项'),
  ],
  'top-share': [
    field('rank', '排名'),
    field('nickname', '昵称'),
    field('inviterId', '观众ID'),
    field('invitees', '邀请人数'),
    field('lastInvitedAt', '最近邀请时间'),
  ],
  'allowed-mobiles': [field('index', '序号'), field('mobile', '手机号')],
  'user-visits': [
    field('visitAt', '访问时间'),
    field('viewerId', '观众ID'),
    field('device', '终端'),
    field('browser', '浏览器'),
    field('ditch', '推广渠道'),
    field('referrer', '来源页面'),
    field('watchSeconds', '观看时长（秒）'),
    field('lastSeenAt', '最后在线时间'),
    field('ip', 'IP地址'),
    field('region', '地区'),
  ],
  stats: [
    field('date', '日期'),
    field('pv', '访问次数（PV）'),
    field('uv', '访问人数（UV）'),
    field('watchSeconds', '观看总时长（秒）'),
    field('avgWatchSeconds', '人均观看时长（秒）'),
  ],
  'top-gift': [
    field('rank', '排名'),
    field('nickname', '昵称'),
    field('viewerId', '观众ID'),
    field('count', '礼物数'),
    field('amount', '礼物金额（元）'),
    field('lastSentAt', '最后送出时间'),
  ],
} as const satisfies Record<ExportKind, readonly ExportField[]>;

/** The file each export is saved as (its Chinese name; the activity id and a date are added). */
export const EXPORT_TITLES: Record<ExportKind, string> = {
  'checkin-data': '签到表',
  'wechat-users': '微信用户',
  subscribers: '预约手机',
  users: '用户观看',
  comments: '评论',
  'per-view': '付费观看收入',
  'gift-reward': '礼物打赏收入',
  votes: '投票',
  'top-share': '分享排行',
  'allowed-mobiles': '白名单手机',
  'user-visits': '用户访问',
  stats: '统计数据',
  'top-gift': '礼物排行',
  goods: '商品销售收入',
};

/** The exports whose rows are dated: their download and tab take the statistics' date range. */
export const DATED_EXPORTS: ReadonlySet<ExportKind> = new Set([
  'checkin-data',
  'wechat-users',
  'users',
  'comments',
  'per-view',
  'gift-reward',
  'votes',
  'user-visits',
  'stats',
  'goods',
]);

/** The exports offered as XLSX too: the statistics and the user lists, which people sort and filter in Excel. */
export const XLSX_EXPORTS: ReadonlySet<ExportKind> = new Set(['users', 'wechat-users', 'user-visits', 'stats']);

/** The data-statistics tab (key `data`, 数据统计) and its sub-tabs, in the seed's order (seed 001 §2). */
export const DATA_STATS_TABS = [
  'checkin-data',
  'wechat-users',
  'subscribers',
  'users',
  'comments',
  'per-view',
  'gift-reward',
  'votes',
  'top-share',
  'allowed-mobiles',
] as const satisfies readonly ExportKind[];

/** The post-event report's sections (field type pdf). */
export const REPORT_FIELDS: readonly ExportField[] = [
  field('overview', '概览'),
  field('timeline', '访问趋势'),
  field('region', '地域分布'),
  field('device', '终端分布'),
  field('referrer', '来源分布'),
  field('interaction', '互动数据'),
  field('topGift', '礼物排行'),
  field('topShare', '分享排行'),
  field('income', '收入'),
];

/** The field sets of seed 001 §7, each with its field type: pdf, visit, login, core, and share for the rest. */
export const EXPORT_FIELD_SETS = [
  'user-visit',
  'top-share',
  'activity-login-list',
  'activity-stats-download',
  'export-pdf',
  'custom-export',
] as const;
export type ExportFieldSet = (typeof EXPORT_FIELD_SETS)[number];
export const EXPORT_FIELD_TYPES = ['pdf', 'visit', 'login', 'core', 'share'] as const;
export type ExportFieldType = (typeof EXPORT_FIELD_TYPES)[number];

/** Seed 001 §7: "Export field types: pdf, visit, login, core, with share as default." */
export function exportFieldType(set: ExportFieldSet): ExportFieldType {
  switch (set) {
    case 'export-pdf':
      return 'pdf';
    case 'user-visit':
      return 'visit';
    case 'activity-login-list':
      return 'login';
    case 'activity-stats-download':
      return 'core';
    default:
      return 'share';
  }
}

/** The exports a field set offers: one each, but the custom export, which offers every export. */
export const FIELD_SET_EXPORTS: Record<Exclude<ExportFieldSet, 'export-pdf'>, readonly ExportKind[]> = {
  'user-visit': ['user-visits'],
  'top-share': ['top-share'],
  'activity-login-list': ['users'],
  'activity-stats-download': ['stats'],
  'custom-export': EXPORT_KINDS,
};

/** The fields of an export as chosen: the given keys in the export's own order, or all of them when none is given. */
export function chosenFields(kind: ExportKind, keys: readonly string[] | undefined): ExportField[] {
  const all: readonly ExportField[] = EXPORT_FIELDS[kind];
  if (!keys || keys.length === 0) return [...all];
  const wanted = new Set(keys);
  return all.filter((item) => wanted.has(item.key));
}

/** The keys of `keys` an export does not have. */
export function unknownFields(kind: ExportKind, keys: readonly string[]): string[] {
  const known = new Set(EXPORT_FIELDS[kind].map((item: ExportField) => item.key));
  return keys.filter((key) => !known.has(key));
}

const exportKind = z.enum(EXPORT_KINDS);
const fieldKey = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z]+$/, 'Invalid field');

/** `fields=a,b,c`: the columns wanted (unknown ones are refused by the call, naming `fields`). */
const fieldList = z
  .string()
  .max(500)
  .transform((value) => value.split(',').filter(Boolean))
  .pipe(z.array(fieldKey).max(40))
  .optional();

export const exportFormat = z.enum(['csv', 'xlsx']);
export type ExportFormat = z.infer<typeof exportFormat>;

/** startTime and endTime checked by the statistics' own range rules (real dates, in order, at most 366 days). */
function checkStatsRange(query: { startTime?: string; endTime?: string }, check: z.RefinementCtx) {
  const parsed = statsRangeQuery.safeParse({ startTime: query.startTime, endTime: query.endTime });
  if (parsed.success) return;
  for (const issue of parsed.error.issues) check.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}

const rangeFields = { startTime: z.string().optional(), endTime: z.string().optional() };

/** A download's query: the format, the fields, and for a dated export the range (the statistics' own rules). */
export const exportDownloadQuery = z
  .object({ format: exportFormat.default('csv'), fields: fieldList, ...rangeFields })
  .superRefine(checkStatsRange);
export type ExportDownloadQuery = z.infer<typeof exportDownloadQuery>;

export const gainDetailsParams = z.object({ userId: id });
export const gainDetailsDownloadQuery = z
  .object({
    type: z.enum(['gift-reward', 'per-view', 'goods']),
    activityId: id.optional(),
    format: exportFormat.default('csv'),
    fields: fieldList,
    ...rangeFields,
  })
  .superRefine(checkStatsRange);
export type GainDetailsDownloadQuery = z.infer<typeof gainDetailsDownloadQuery>;

/** The rank downloads take `format=csv` (seed 001 §7 …/stats/top/gift?format=csv). */
export const rankDownloadQuery = z.object({ format: z.enum(['csv']).default('csv'), fields: fieldList });

/** The download center's task kind for an export (POST /v3/task/ with kind `export`, a label download). */
export const EXPORT_TASK_KIND = 'export';
/** An export task's params: which export, its format and fields, and for a dated one the range. */
export const exportTaskParams = z
  .object({
    export: exportKind,
    format: exportFormat.default('csv'),
    fields: z.array(fieldKey).max(40).optional(),
    ...rangeFields,
  })
  .superRefine((params, check) => {
    checkStatsRange(params, check);
    const unknown = unknownFields(params.export, params.fields ?? []);
    if (unknown.length > 0)
      check.addIssue({ code: 'custom', path: ['fields'], message: `Unknown field ${unknown[0]}` });
    if (params.format === 'xlsx' && !XLSX_EXPORTS.has(params.export))
      check.addIssue({ code: 'custom', path: ['format'], message: 'This export is CSV only' });
  });
export type ExportTaskParams = z.infer<typeof exportTaskParams>;

export const dataStatsParams = z.object({ id, kind: exportKind });
export const dataStatsQuery = pageQuery(DATA_STATS_PAGE_SIZE)
  .extend({ fields: fieldList, ...rangeFields })
  .superRefine(checkStatsRange);
export type DataStatsQuery = z.infer<typeof dataStatsQuery>;

const exportFieldSchema = z.object({ key: z.string(), label: z.string() });
/** A data-statistics tab's page: the columns, and each row's cells as the file writes them (times in Beijing time). */
export const dataStatsPage = listOf(z.array(z.string())).extend({
  kind: exportKind,
  columns: z.array(exportFieldSchema),
});
export type DataStatsPage = z.infer<typeof dataStatsPage>;

export const exportFieldSetParams = z.object({ name: z.enum(EXPORT_FIELD_SETS) });
export const exportFieldSetAnswer = z.object({
  name: z.enum(EXPORT_FIELD_SETS),
  type: z.enum(EXPORT_FIELD_TYPES),
  exports: z.array(
    z.object({
      /** An export kind, or `report` for the post-event report's sections. */
      kind: z.string(),
      title: z.string(),
      dated: z.boolean(),
      formats: z.array(exportFormat),
      fields: z.array(exportFieldSchema),
    }),
  ),
});
export type ExportFieldSetAnswer = z.infer<typeof exportFieldSetAnswer>;

export const customExportInput = z.object({ kind: exportKind, fields: z.array(fieldKey).min(1).max(40) });
export const customExportAnswer = z.object({ kind: exportKind, fields: z.array(exportFieldSchema) });

export const tableTheadParams = z.object({ id: exportKind });
export const tableTheadInput = z.object({ fields: z.array(fieldKey).min(1).max(40) });
/** A table's columns as the agent keeps them: its saved choice, or every field while it saved none. */
export const tableThead = z.object({ id: exportKind, fields: z.array(z.string()), saved: z.boolean() });
export type TableThead = z.infer<typeof tableThead>;

const activityDownload = (path: string, summary: string) =>
  ({
    method: 'GET',
    path,
    summary,
    access: 'signedIn',
    params: idParams,
    query: exportDownloadQuery,
    response: z.string(),
    produces: 'text/csv',
    download: true,
  }) as const;

export const exportCalls = defineCalls('exports', {
  downloadCheckinData: activityDownload('/v2/activity/:id/checkin/data/csv', 'The check-in records as a file'),
  downloadActivityUsers: activityDownload('/activity/:id/user/download', 'The activity’s audience, one row a viewer'),
  downloadSubscribers: activityDownload('/v3/activity/:id/subscribers/csv', 'The subscribed mobiles as a file'),
  downloadAllowedMobiles: activityDownload('/activity/:id/whitelist/mobile/csv', 'The allowed mobiles as a file'),
  downloadUserVisits: activityDownload('/activity/:id/stats/user-visits/csv', 'The visits, latest first, as a file'),
  downloadStats: activityDownload('/activity/:id/stats/download', 'The statistics per day as a file'),
  downloadComments: activityDownload('/activity/:id/comment/download', 'The comments as a file'),
  downloadDataStats: {
    ...activityDownload('/v3/activity/:id/data-stats/:kind/download', 'A data-statistics tab’s rows as a file'),
    params: dataStatsParams,
  },
  downloadTopGifts: {
    method: 'GET',
    path: '/activity/:id/stats/top/gift',
    summary: 'The top-gift rank (100 ranks) as a CSV file',
    access: 'signedIn',
    params: idParams,
    query: rankDownloadQuery,
    response: z.string(),
    produces: 'text/csv',
    download: true,
  },
  downloadGainDetails: {
    method: 'GET',
    path: '/agent/:userId/gain-details/download',
    summary: 'The audience income of one type (gift rewards, paid viewing or the shop’s sales) as a file',
    access: 'signedIn',
    params: gainDetailsParams,
    query: gainDetailsDownloadQuery,
    response: z.string(),
    produces: 'text/csv',
    download: true,
  },
  listDataStats: {
    method: 'GET',
    path: '/v3/activity/:id/data-stats/:kind',
    summary: 'One data-statistics tab: the rows its download holds, a page at a time, with the total',
    access: 'signedIn',
    params: dataStatsParams,
    query: dataStatsQuery,
    response: dataStatsPage,
  },
  getExportFields: {
    method: 'GET',
    path: '/v3/task/export-fields/:name',
    summary: 'The fields a field set’s exports can include, with their Chinese headings',
    access: 'signedIn',
    params: exportFieldSetParams,
    response: exportFieldSetAnswer,
  },
  resolveCustomExport: {
    method: 'POST',
    path: '/v3/task/export-fields/custom-export',
    summary: 'A custom export’s columns: the chosen fields checked against its export, in file order',
    access: 'signedIn',
    body: customExportInput,
    response: customExportAnswer,
  },
  getTableThead: {
    method: 'GET',
    path: '/v3/agent/table-thead/:id',
    summary: 'The columns the caller keeps for a table',
    access: 'signedIn',
    params: tableTheadParams,
    response: tableThead,
  },
  saveTableThead: {
    method: 'PUT',
    path: '/v3/agent/table-thead/:id',
    summary: 'Keep a table’s columns: fields of the table’s export, in its order',
    access: 'signedIn',
    params: tableTheadParams,
    body: tableTheadInput,
    response: tableThead,
  },
});
