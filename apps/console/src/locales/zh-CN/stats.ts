import type { StatsBrowser, StatsDeviceClass } from '@yanbo/contracts';

/** An activity's statistics (seed 001 §2 "Statistics pages: overall, referrer, device, timeline"). */
export const statsTexts = {
  'stats.back': '返回活动看板',
  'stats.activityId': (id: number) => `活动 ID ${id}`,
  'stats.range': '统计日期',
  'stats.rangeHint': (days: number) => `共 ${days} 天，按北京时间统计`,
  'stats.loadFailed': '数据加载失败',

  'stats.tab.overall': '概览',
  'stats.tab.referrer': '来源',
  'stats.tab.device': '终端',
  'stats.tab.region': '地域',
  'stats.tab.visits': '用户访问',
  'stats.tab.talent': '达人榜',
  'stats.tab.promotion': '推广排行',
  'stats.tab.percentage': '占比',
  'stats.tab.gifts': '礼物',
  'stats.tab.interaction': '互动',
  'stats.tab.income': '收入',
  'stats.tab.data': '数据统计',

  'stats.kpi.pv': '浏览量 PV',
  'stats.kpi.uv': '独立访客 UV',
  'stats.kpi.avgWatchTime': '人均观看时长',
  'stats.kpi.totalWatchTime': '累计观看时长',
  'stats.kpi.peakOnline': '最高在线',
  'stats.kpi.today': (pv: number, uv: number) => `今日 ${pv} 次浏览，${uv} 位访客`,
  'stats.kpi.noPeak': '期间未推流',
  'stats.kpi.peakHint': '统计期间直播时同时在线人数的最高值',
  'stats.unit.times': '次',
  'stats.unit.people': '人',

  'stats.duration.zero': '0 秒',
  'stats.duration.hours': (n: number) => `${n} 小时`,
  'stats.duration.minutes': (n: number) => `${n} 分`,
  'stats.duration.seconds': (n: number) => `${n} 秒`,

  'stats.timeline.title': '访问趋势',
  'stats.timeline.perHour': '按小时',
  'stats.timeline.perDay': '按天',
  'stats.timeline.pv': '浏览量 PV',
  'stats.timeline.uv': '独立访客 UV',

  'stats.referrer.title': '来源渠道',
  'stats.referrer.ditches': '推广渠道',
  'stats.referrer.hosts': '来源网站',
  'stats.referrer.channel': '渠道/来源',
  'stats.referrer.visits': '访问次数',
  'stats.referrer.share': '占比',
  'stats.referrer.noDitch': '未通过渠道',
  'stats.referrer.deletedDitch': (sign: string) => `已删除的渠道（${sign}）`,
  'stats.referrer.direct': '直接访问',
  'stats.referrer.empty': '暂无访问来源',

  'stats.device.title': '终端分布',
  'stats.device.devices': '设备类型',
  'stats.device.browsers': '浏览器',
  'stats.device.empty': '暂无访问设备',
  'stats.device.count': (device: string, visits: number) => `${device} ${visits} 次`,

  'stats.visits.title': '用户访问记录',
  'stats.visits.visitAt': '访问时间',
  'stats.visits.viewer': '访客',
  'stats.visits.device': '设备',
  'stats.visits.ditch': '渠道',
  'stats.visits.referrer': '来源',
  'stats.visits.watch': '观看时长',
  'stats.visits.ip': 'IP',
  'stats.visits.empty': '所选日期内暂无访问记录',
  'stats.visits.total': (total: number) => `共 ${total} 条`,
} as const;

export const deviceTexts: Record<StatsDeviceClass, string> = {
  mobile: '手机',
  desktop: '电脑',
  tablet: '平板',
  other: '其他',
};

export const browserTexts: Record<StatsBrowser, string> = {
  wechat: '微信',
  chrome: 'Chrome',
  safari: 'Safari',
  firefox: 'Firefox',
  edge: 'Edge',
  opera: 'Opera',
  other: '其他',
};
