import type { InteractionFigure } from '@yanbo/contracts';

/** What the audience did, on the statistics pages (seed 001 §2: percentage, gifts, interaction, income). */
export const statsAudienceTexts = {
  'statsAudience.loadFailed': '数据加载失败',
  'statsAudience.perDay': '按天',
  'statsAudience.noData': '所选日期内暂无数据',
  'statsAudience.virtual': '虚拟',

  'statsAudience.interaction.title': '互动统计',
  'statsAudience.interaction.trend': '每日互动',
  'statsAudience.interaction.realHint': '真实观众的互动；机器人评论单独统计',

  'statsAudience.income.title': '收入统计',
  'statsAudience.income.trend': '每日收入',
  'statsAudience.income.giftReward': '礼物打赏收入',
  'statsAudience.income.perView': '付费观看收入',
  'statsAudience.income.total': '总收入',
  'statsAudience.income.redPacket': '红包支出',
  'statsAudience.income.paidGifts': (n: number) => `${n} 笔付费礼物`,
  'statsAudience.income.grabs': (n: number) => `${n} 人次领取`,
  'statsAudience.income.yuan': '元',

  'statsAudience.percentage.checkin': '签到观众占比',
  'statsAudience.percentage.login': '登录观众占比',
  'statsAudience.percentage.checkedIn': '已签到',
  'statsAudience.percentage.notCheckedIn': '未签到',
  'statsAudience.percentage.loggedIn': '手机号登录',
  'statsAudience.percentage.anonymous': '未登录',
  'statsAudience.percentage.summary': (count: number, viewers: number, percentage: number) =>
    `${viewers} 位观众中 ${count} 位，占 ${percentage.toFixed(1)}%`,
  'statsAudience.percentage.empty': '所选日期内暂无观众',

  'statsAudience.talent.ranks': '完整榜单（前 100 名）',
  'statsAudience.talent.rank': '排名',
  'statsAudience.talent.inviter': '邀请人',
  'statsAudience.talent.guestCount': '邀请人数',
  'statsAudience.talent.lastInvitedAt': '最近邀请时间',
  'statsAudience.talent.empty': '暂无邀请数据',

  'statsAudience.channels.open': '数据总览',
  'statsAudience.channels.title': '活动数据总览',
  'statsAudience.channels.search': '搜索活动名称',
  'statsAudience.channels.name': '活动名称',
  'statsAudience.channels.pv': '浏览量 PV',
  'statsAudience.channels.uv': '访客 UV',
  'statsAudience.channels.liveTime': '直播时长',
  'statsAudience.channels.peakOnline': '最高在线',
  'statsAudience.channels.peakVirtual': (n: number) => `虚拟 ${n}`,
  'statsAudience.channels.comments': '评论数',
  'statsAudience.channels.robotComments': (n: number) => `机器人 ${n}`,
  'statsAudience.channels.income': '收入（元）',
  'statsAudience.channels.pushing': '直播中',
  'statsAudience.channels.details': '详细数据',
  'statsAudience.channels.empty': '暂无活动',
  'statsAudience.channels.total': (total: number) => `共 ${total} 个活动`,
} as const;

export const interactionFigureTexts: Record<InteractionFigure, string> = {
  comment: '评论',
  robotComment: '机器人评论',
  avote: '投票',
  gift: '礼物',
  qa: '问答',
  checkin: '签到',
};
