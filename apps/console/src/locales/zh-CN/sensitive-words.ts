import type { SensitiveWordAction, SensitiveWordVerdict } from '@yanbo/contracts';

/** /sensitive-words: the agent's sensitive word lists and the check box (seed 000 §3, §7). */
export const sensitiveWordTexts = {
  'sensitive-words.create': '新建词库',
  'sensitive-words.hint':
    '观众的评论和昵称会与已启用的词库逐一匹配（不区分大小写和全角半角）。命中后按词库的处理方式：屏蔽为 *、转人工审核或禁止发送。',
  'sensitive-words.readonly': '子账号可以查看词库和检测文本，新建和修改请使用主账号。',
  'sensitive-words.column.name': '词库名称',
  'sensitive-words.column.words': '敏感词',
  'sensitive-words.column.action': '处理方式',
  'sensitive-words.column.enabled': '启用',
  'sensitive-words.column.updatedAt': '更新时间',
  'sensitive-words.column.actions': '操作',
  'sensitive-words.wordCount': (count: number) => `共 ${count} 个`,
  'sensitive-words.more': (count: number) => `等 ${count} 个`,
  'sensitive-words.noWords': '暂无敏感词',
  'sensitive-words.edit': '编辑',
  'sensitive-words.empty': '还没有词库，新建一个敏感词库吧',
  'sensitive-words.total': (total: number) => `共 ${total} 个词库`,
  'sensitive-words.toast.created': '词库已创建',
  'sensitive-words.toast.saved': '词库已保存',
  'sensitive-words.toast.enabled': '词库已启用',
  'sensitive-words.toast.disabled': '词库已停用',

  'sensitive-words.form.createTitle': '新建敏感词库',
  'sensitive-words.form.editTitle': '编辑敏感词库',
  'sensitive-words.form.name': '词库名称',
  'sensitive-words.form.namePlaceholder': '如：广告引流、辱骂',
  'sensitive-words.form.nameRequired': '请输入词库名称',
  'sensitive-words.form.nameTooLong': '词库名称不能超过 30 个字符',
  'sensitive-words.form.action': '命中后',
  'sensitive-words.form.enabled': '启用',
  'sensitive-words.form.words': '敏感词',
  'sensitive-words.form.wordsPlaceholder': '每行一个，也可以用逗号、顿号分隔',
  'sensitive-words.form.wordsHelp': (count: number, max: number) =>
    `已识别 ${count} 个词（重复的只算一次），每个词库最多 ${max} 个`,
  'sensitive-words.form.wordTooLong': (max: number) => `单个敏感词不能超过 ${max} 个字符`,
  'sensitive-words.form.tooMany': (max: number) => `每个词库最多 ${max} 个敏感词`,
  'sensitive-words.form.save': '保存',
  'sensitive-words.form.cancel': '取消',

  'sensitive-words.check.title': '检测文本',
  'sensitive-words.check.placeholder': '输入一条评论或昵称，看看会被如何处理',
  'sensitive-words.check.submit': '检测',
  'sensitive-words.check.list': '检测范围',
  'sensitive-words.check.allEnabled': '全部已启用的词库',
  'sensitive-words.check.matches': (count: number) => `命中 ${count} 处`,
  'sensitive-words.check.masked': '观众看到的内容',
  'sensitive-words.check.result': '检测结果',
} as const;

export const sensitiveWordActionLabels: Record<SensitiveWordAction, string> = {
  mask: '屏蔽为 *',
  review: '转人工审核',
  reject: '禁止发送',
};

export const sensitiveWordVerdictLabels: Record<SensitiveWordVerdict, string> = {
  pass: '未命中，可以正常发送',
  mask: '命中，敏感词将显示为 *',
  review: '命中，评论将进入人工审核',
  reject: '命中，评论将被拒绝发送',
};
