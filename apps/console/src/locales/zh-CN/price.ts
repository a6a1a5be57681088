import type { OrderStatus, PricePackage } from '@yanbo/contracts';

/** /price: packages, the buy flow's steps, payment and its result (seed 000 §3, §4, §9; seed 001 §4, §6). */
export const priceTexts = {
  'price.type.free': '免费版',
  'price.type.trail': '试用套餐',
  'price.type.annual': '年度套餐',
  'price.type.activity': '单场活动套餐',

  'price.step.choose': '选择套餐',
  'price.step.confirm': '确认订单',
  'price.step.pay': '支付',
  'price.step.result': '完成',

  'price.current.title': '当前套餐',
  'price.current.none': '尚未购买套餐',
  'price.current.noneHint': '选择下方套餐，支付后立即生效',
  'price.current.freePlan': (name: string, activities: number, subagents: number, flux: number, storage: number) =>
    `当前为${name}：可创建 ${activities} 场活动 · ${subagents} 个子账号 · ${flux} GB 观看流量 · ${storage} GB 存储空间`,
  'price.current.package': '套餐',
  'price.current.expiresAt': '有效期至',
  'price.current.activityQuota': '活动数量',
  'price.current.subagentQuota': '子账号数量',
  'price.current.flux': '流量',
  'price.current.storage': '存储空间',
  'price.current.contract': '签约客户',
  'price.current.expired': '已过期',
  'price.current.expiredHint': '套餐已过期，其权益已停止：活动数量、子账号数量、流量与存储恢复为免费版额度',

  'price.card.perPeriod': (days: number) => `/ ${days} 天`,
  'price.card.activityQuota': (n: number) => `可创建 ${n} 场活动`,
  'price.card.subagentQuota': (n: number) => `${n} 个子账号`,
  'price.card.flux': (gb: number) => `${gb} GB 观看流量`,
  'price.card.storage': (gb: number) => `${gb} GB 存储空间`,
  'price.card.feeRate': (percent: number) => `观众付费（付费观看、礼物）平台服务费 ${percent}%`,
  'price.card.forActivity': '为指定的一场活动购买',
  'price.card.ultimate': '含签约服务',
  'price.card.buy': '立即购买',
  'price.card.empty': '该类型暂无套餐',

  'price.confirm.package': '套餐',
  'price.confirm.packageName': (name: string, type: string) => `${name}（${type}）`,
  'price.confirm.validity': '有效期',
  'price.confirm.validityDays': (days: number) => `${days} 天`,
  'price.confirm.price': '价格',
  'price.confirm.activity': '活动',
  'price.confirm.activityPlaceholder': '搜索并选择要购买套餐的活动',
  'price.confirm.activityRequired': '请选择活动',
  'price.confirm.activityOption': (name: string, id: number) => `${name}（${id}）`,
  'price.confirm.promotionCode': '优惠码',
  'price.confirm.promotionCodePlaceholder': '选填，如 WELCOME10',
  'price.confirm.promotionCodeFormat': '优惠码只能包含字母、数字、下划线或短横线',
  'price.confirm.outcome.stack': (name: string, from: string, to: string) =>
    `续费/升级当前套餐「${name}」：有效期从 ${from} 顺延至 ${to}`,
  'price.confirm.outcome.stackHint': '活动数量、子账号数量与存储空间取两者中较大值，观看流量累加，签约服务保留',
  'price.confirm.outcome.fresh': (to: string) => `支付后立即生效，有效期至 ${to}`,
  'price.confirm.outcome.expiredHint': (name: string) => `原套餐「${name}」已过期，其剩余权益不会叠加到新套餐`,
  'price.confirm.outcome.activity': '该套餐只为所选活动加购流量与保障，不改变当前套餐及其有效期',
  'price.confirm.outcome.after': (activities: number, subagents: number, flux: number, storage: number) =>
    `购买后：可创建 ${activities} 场活动 · ${subagents} 个子账号 · ${flux} GB 观看流量 · ${storage} GB 存储空间`,
  'price.confirm.back': '上一步',
  'price.confirm.submit': '提交订单',

  'price.pay.redirecting': '正在前往支付页面…',
  'price.pay.hint': (amount: string) => `应付金额 ¥${amount}，请在支付页面完成支付`,
  'price.pay.open': '前往支付',
  'price.pay.qrTitle': '微信扫码支付',
  'price.pay.qrHint': (amount: string) => `应付金额 ¥${amount}，请使用微信扫一扫完成支付`,
  'price.pay.showQr': '显示付款二维码',

  'price.result.waiting': '等待支付结果…',
  'price.result.waitingHint': (orderId: number) => `订单号 ${orderId}，支付完成后将自动刷新`,
  'price.result.paid': '支付成功',
  'price.result.paidHint': (name: string, amount: string) => `已购买「${name}」，实付 ¥${amount}，套餐已生效`,
  'price.result.failed': '支付未完成',
  'price.result.failedHint': (orderId: number) => `订单 ${orderId} 已取消或超时，未产生扣费`,
  'price.result.orders': '查看订单',
  'price.result.expense': '消费记录',
  'price.result.again': '继续购买',
  'price.result.retry': '重新购买',

  'price.subagent': '子账号不能购买套餐，请使用主账号登录购买',

  'price.pending.resume': '继续支付',
  'price.pending.cancel': '取消订单',
  'price.pending.cancelConfirm': (orderId: number) => `确定取消订单 ${orderId}？取消后该订单不能再支付`,
  'price.pending.cancelOk': '取消订单',
  'price.pending.keep': '暂不取消',
  'price.pending.cancelled': (orderId: number) => `订单 ${orderId} 已取消`,
  'price.pending.notPending': '该订单已支付、已取消或已超时，无法继续操作',

  'price.status': {
    init: '待支付',
    paid: '已支付',
    failed: '已失败',
  } satisfies Record<OrderStatus, string>,

  // The server's messages for a refused order, by field (seed 000 §9: package 100005 needs its activity).
  'price.error.activityId': '该套餐需要选择一场活动',
  'price.error.promotionCode': '优惠码无效或已过期',
  'price.error.packageNotFound': '套餐不存在或已下架',
} as const;

export const packageTypeText = (type: PricePackage['type']) => priceTexts[`price.type.${type}`];
