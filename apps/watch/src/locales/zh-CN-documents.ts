// The watch page's texts of the 文档 section (documents the organiser shares).
export const documentTexts = {
  'documents.title': '文档',
  'documents.count': (count: number) => `${count} 份`,
  'documents.read': '阅读',
  'documents.download': '下载',
  'documents.readOnly': '仅在线阅读',
  'documents.signInToRead': '登录后查看',
  'documents.signInOnly': '登录后可查看',
  'documents.failed': '文档加载失败，请稍后重试',
  'documents.show': '展开',
  'documents.hide': '收起',
  'documents.kind': { pdf: 'PDF', word: 'Word', excel: 'Excel', powerpoint: 'PPT', image: '图片' },
} as const;
