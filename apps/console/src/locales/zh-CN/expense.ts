/** /expense: the charge history, page size 10, filtered by a time range (seed 000 §2, §9; seed 001 §3 Finance). */
export const expenseTexts = {
  'expense.range': '时间范围',
  'expense.total': '合计消费',
  'expense.count': '消费笔数',
  'expense.column.time': '时间',
  'expense.column.kind': '类型',
  'expense.column.item': '消费项目',
  'expense.column.orderId': '订单号',
  'expense.column.amount': '金额',
  'expense.kind.package': '套餐购买',
  'expense.forActivity': (name: string, id: number) => `活动：${name}（${id}）`,
  'expense.empty': '暂无消费记录',
  'expense.emptyFiltered': '所选时间范围内没有消费记录',
  'expense.toPrice': '购买套餐',
  'expense.subagent': '消费记录属于主账号，请使用主账号登录查看',
} as const;
