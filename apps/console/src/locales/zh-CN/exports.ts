import type { ExportKind } from '@yanbo/contracts';

/** The data-statistics tab (数据统计) and the data export panel (seed 001 §2). */
export const exportTexts = {
  'exports.total': (total: number) => `共 ${total} 条`,
  'exports.empty': '暂无数据',
  'exports.loadFailed': '数据加载失败，请稍后重试',
  'exports.download': '下载',
  'exports.downloadXlsx': '下载 Excel',
  'exports.columns': '列设置',
  'exports.columnsSaved': '保存成功',
  'exports.columnsHint': '选择表格和下载文件包含的列',
  'exports.columnsSave': '保存',
  'exports.open': '数据导出',
  'exports.panel.title': '数据导出',
  'exports.panel.kind': '导出内容',
  'exports.panel.fields': '导出字段',
  'exports.panel.allFields': '全选',
  'exports.panel.format': '文件格式',
  'exports.panel.range': '时间范围',
  'exports.panel.rangeNone': '全部数据（不按时间筛选）',
  'exports.panel.rows': (rows: number) => `共 ${rows} 条数据`,
  'exports.panel.large': '数据较多，建议在后台导出，完成后在下载中心下载。',
  'exports.panel.now': '立即下载',
  'exports.panel.task': '后台导出',
  'exports.panel.noFields': '请至少选择一个字段',
  'exports.wechatHint': '在微信内打开观看页的观众（观众端暂无微信授权登录，按访问时的微信浏览器识别）。',
  'exports.perViewHint': '付费观看的收入明细；当前活动未开启付费观看时为空。',
} as const;

/** Each export's name, as its tab and the export panel show it. */
export const exportKindTexts: Record<ExportKind, string> = {
  'checkin-data': '签到表',
  'wechat-users': '微信用户',
  subscribers: '预约手机',
  users: '用户观看',
  comments: '评论',
  'per-view': '付费观看收入',
  'gift-reward': '礼物打赏收入',
  votes: '投票',
  'top-share': '分享',
  'allowed-mobiles': '白名单手机',
  'user-visits': '用户访问',
  stats: '每日统计',
  'top-gift': '礼物排行',
  goods: '商品销售收入',
};
