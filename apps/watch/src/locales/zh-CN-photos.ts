// The watch page's texts of the photo live tab (图片直播).
export const photoLiveTexts = {
  'photos.empty': '摄影师正在赶来，照片稍后就到',
  'photos.failed': '照片加载失败，请稍后重试',
  'photos.noList': '图片直播尚未开始',
  'photos.more': '加载更多',
  'photos.count': (total: number) => `共 ${total} 张`,
  'photos.fresh': (count: number) => `${count} 张新照片`,
  'photos.close': '关闭',
  'photos.previous': '上一张',
  'photos.next': '下一张',
  'photos.position': (index: number, total: number) => `${index} / ${total}`,
} as const;
