// The watch page's texts of paid viewing (issue 13).
export const paidViewTexts = {
  'paidView.title': '付费观看',
  'paidView.hint': (yuan: string) => `本场直播需支付 ¥${yuan} 后观看，支付后本设备与登录手机号可随时回看`,
  'paidView.pay': (yuan: string) => `支付 ¥${yuan} 观看`,
  'paidView.checking': '正在确认支付结果…',
  'paidView.failed': '支付未完成，请重试',
  'paidView.error': '暂时无法发起支付，请稍后重试',
} as const;
