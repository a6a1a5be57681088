import {
  CHAT_ERRORS,
  COMMENT_ERRORS,
  ERROR_MESSAGES,
  GIFT_ERRORS,
  INTERACTION_ERRORS,
  QUESTIONNAIRE_ERRORS,
  REWARD_ERRORS,
  SENSITIVE_WORD_ERRORS,
  TASK_ERRORS,
  TEXT_LIVE_ERRORS,
} from '@yanbo/contracts';

/** Server messages the console shows in Chinese by their exact text (seed 000 §8, seed 001 §8). */
export const STATUS_TEXT: Record<string, string> = {
  [ERROR_MESSAGES.activityNameExists]: '活动名称已存在',
  [ERROR_MESSAGES.wrongCredentials]: '用户名或密码错误',
  [ERROR_MESSAGES.groupNameExists]: '分组名称已存在',
  [ERROR_MESSAGES.tooManyGroups]: '子账号分组数量不能超过20个',
  [ERROR_MESSAGES.pictureTooLarge]: '文件大小超过限制（最大 10 MB）',
  [SENSITIVE_WORD_ERRORS.nameTaken]: '词库名称已存在',
  [SENSITIVE_WORD_ERRORS.tooManyLists]: '每个账号最多 50 个敏感词库',
  [GIFT_ERRORS.nameTaken]: '礼物名称已存在',
  [GIFT_ERRORS.giftNotFound]: '礼物不存在或已被删除',
  [TASK_ERRORS.tooManyWaiting]: '进行中的任务过多，请等待已有任务完成后再试',
  [TASK_ERRORS.taskNotFound]: '任务不存在或已被删除',
  [REWARD_ERRORS.lotteryDisabled]: '请先开启抽奖并保存设置',
  [REWARD_ERRORS.noEligibleViewers]: '当前没有符合条件的观众，无法开奖',
  [REWARD_ERRORS.insufficientBalance]: '红包账户余额不足，请先充值',
  [REWARD_ERRORS.redPacketNotFound]: '红包不存在',
  [REWARD_ERRORS.rechargeNotFound]: '充值订单不存在',
  [SENSITIVE_WORD_ERRORS.listNotFound]: '词库不存在或已被删除',
  [CHAT_ERRORS.commentNotFound]: '评论不存在或已被删除',
  [CHAT_ERRORS.robotNotFound]: '机器人不存在或已被删除',
  [CHAT_ERRORS.pinNeedsPassed]: '只有审核通过的评论才能置顶',
  [COMMENT_ERRORS.libraryNotFound]: '评论库不存在或已被删除',
  [COMMENT_ERRORS.nameTaken]: '评论库名称已存在',
  [COMMENT_ERRORS.defaultLibraryReadOnly]: '默认评论库不能修改',
  [INTERACTION_ERRORS.voteNotFound]: '投票不存在或已被删除',
  [INTERACTION_ERRORS.voteNotEditable]: '投票已发布，不能再修改',
  [INTERACTION_ERRORS.voteNotDraft]: '只有未发布的投票可以发布',
  [INTERACTION_ERRORS.voteNotPublished]: '只有进行中的投票可以结束',
  [INTERACTION_ERRORS.checkinNotFound]: '签到不存在',
  [INTERACTION_ERRORS.checkinOpen]: '已有签到正在进行，请先结束',
  [INTERACTION_ERRORS.checkinEnded]: '签到已结束',
  [INTERACTION_ERRORS.questionNotFound]: '问题不存在或已被删除',
  'questions: Add at least one question before switching the questionnaire on': '请先添加至少一个问题，再开启问卷',
  [QUESTIONNAIRE_ERRORS.versionNotFound]: '该版本的问卷结果不存在',
  [TEXT_LIVE_ERRORS.postNotFound]: '图文直播内容不存在或已被删除',
  [`text: ${TEXT_LIVE_ERRORS.postEmpty}`]: '请输入文字或添加图片',
  [ERROR_MESSAGES.transcodeNeedsEmbeddedIngest]: '直播转码需要使用内置推流服务，当前为外部媒体服务器',
  // Why an upload was refused, instead of the catalogue's general 提交的信息有误 (issue 8).
  'file: File is not an image': '文件不是有效的图片，请重新选择图片上传',
  'file: File is empty': '文件内容为空，请重新选择',
  'file: Required': '请选择要上传的文件',
};

/** Server messages with a variable part, shown in Chinese by their shape. */
export const PATTERN_TEXT: [RegExp, (match: RegExpExecArray) => string][] = [
  [/^file: File type (.{1,100}) is not accepted$/, (match) => `不支持该文件类型（${match[1]}），请重新选择`],
  [
    /^questions\.(\d{1,2})\.options: A choice question needs at least 2 options$/,
    (match) => `第 ${Number(match[1]) + 1} 题是选择题，至少需要 2 个选项`,
  ],
  [/^questions\.(\d{1,2})\.options: Options must differ$/, (match) => `第 ${Number(match[1]) + 1} 题的选项不能重复`],
];

export const errorTexts = {
  serverException: '服务器异常',
  timeout: '网络请求超时，请检查网络',
  network: '网络异常，请检查网络后重试',
  activityNotFoundTitle: '提示',
  activityNotFound: '该直播活动不存在或已被删除',
  activityForbiddenRedirect: '该直播活动不存在，正在跳转…',
  disabledAgent: '账号已被禁用，请联系管理员',
  chunkTimeout: '页面资源加载超时，请刷新页面重试',
  confirm: '确定',
};
