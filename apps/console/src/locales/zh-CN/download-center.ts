/** /download: the download center (seed 001 §4 "Download task", §7 "Download center"). */
export const downloadCenterTexts = {
  'downloadCenter.title': '下载中心',
  'downloadCenter.hint': '导出和数据报告在后台生成，完成后可在这里下载；文件随任务删除。',
  'downloadCenter.recent': '最近任务',
  'downloadCenter.column.name': '文件名',
  'downloadCenter.column.status': '状态',
  'downloadCenter.column.progress': '进度',
  'downloadCenter.column.size': '大小',
  'downloadCenter.column.createdAt': '创建时间',
  'downloadCenter.column.actions': '操作',
  'downloadCenter.status.pending': '排队中',
  'downloadCenter.status.running': '生成中',
  'downloadCenter.status.done': '已完成',
  'downloadCenter.status.failed': '失败',
  'downloadCenter.download': '下载',
  'downloadCenter.delete': '删除',
  'downloadCenter.deleteConfirm': (name: string) => `确定删除任务「${name}」吗？文件会一并删除，生成中的任务会被取消。`,
  'downloadCenter.ok': '确定',
  'downloadCenter.cancel': '取消',
  'downloadCenter.deleted': '删除成功',
  'downloadCenter.empty': '还没有下载任务',
  'downloadCenter.total': (total: number) => `共 ${total} 个任务`,
  'downloadCenter.failedBecause': (reason: string) => `失败原因：${reason}`,
  'downloadCenter.retrying': (reason: string) => `上次失败（${reason}），稍后重试`,
  'downloadCenter.tip.title': '任务已创建',
  'downloadCenter.tip.body': '文件正在后台生成，可在下载中心查看进度并下载。',
  'downloadCenter.tip.open': '前往下载中心',
  'downloadCenter.report': '生成报告',
} as const;

/** The server's task errors in the agent's words; others are shown as they are. */
export const taskErrorTexts: Record<string, string> = {
  'Task failed': '生成失败，请稍后重试',
  'Task interrupted': '任务多次中断，请重新创建',
  'Activity Not Found': '活动不存在或已删除',
};
