/** 图文直播: the organiser's text and picture posts during the event (issue 10). */
export const textLiveTexts = {
  'textLive.title': '图文直播',
  'textLive.hint': '发布的文字和图片会立即出现在观看页的「图文直播」菜单中，最新的在最上方',
  'textLive.text': '文字内容',
  'textLive.textPlaceholder': '输入要发布的内容',
  'textLive.images': '图片',
  'textLive.addImage': '添加图片',
  'textLive.publish': '发布',
  'textLive.empty': '还没有发布内容',
  'textLive.delete': '删除',
  'textLive.deleteConfirm': '确定删除这条图文直播吗？观众将不再看到它',
  'textLive.needContent': '请输入文字或添加图片',
  'textLive.tooManyImages': (max: number) => `最多 ${max} 张图片`,
  'textLive.toast.sent': '发送成功',
  'textLive.toast.deleted': '删除成功',
  'textLive.list': '已发布',
  'textLive.total': (count: number) => `共 ${count} 条`,
} as const;
