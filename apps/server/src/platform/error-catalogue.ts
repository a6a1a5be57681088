import { ERROR_CODES, type ErrorCode } from '@yanbo/contracts';

/** The code catalogue the console fetches (GET /api/error-codes) to show an error's zh-CN text (seed 000 §8). */
export const ERROR_CATALOGUE: Record<ErrorCode, { 'zh-CN': string; en: string }> = {
  [ERROR_CODES.validation]: { 'zh-CN': '提交的信息有误，请检查后重试', en: 'Invalid input' },
  [ERROR_CODES.unauthorized]: { 'zh-CN': '登录已失效，请重新登录', en: 'Please sign in again' },
  [ERROR_CODES.wrongCredentials]: { 'zh-CN': '用户名或密码错误', en: 'Wrong username or password' },
  [ERROR_CODES.agentDisabled]: { 'zh-CN': '账号已被禁用，请联系管理员', en: 'This account is disabled' },
  [ERROR_CODES.agentStopped]: {
    'zh-CN': '账号已停用，请联系上级代理商恢复启用',
    en: 'This account is stopped until its upper agent enables it again',
  },
  [ERROR_CODES.mobileRegistered]: { 'zh-CN': '该手机号已注册', en: 'Mobile already registered' },
  [ERROR_CODES.mobileUnchanged]: { 'zh-CN': '新手机号与当前手机号相同', en: 'The new mobile is the current one' },
  [ERROR_CODES.smsTooFrequent]: { 'zh-CN': '验证码发送过于频繁，请稍后再试', en: 'SMS sent too frequently' },
  [ERROR_CODES.smsDailyLimit]: { 'zh-CN': '今日验证码发送次数已达上限', en: 'SMS limit reached' },
  [ERROR_CODES.smsSignature]: { 'zh-CN': '请求签名无效，请刷新页面后重试', en: 'Invalid SMS signature' },
  [ERROR_CODES.smsGatewayLimit]: {
    'zh-CN': '该手机号接收验证码过于频繁，已被短信服务商限制，请稍后再试',
    en: 'The SMS gateway limits messages to this mobile for now',
  },
  [ERROR_CODES.smsMobileRejected]: {
    'zh-CN': '该手机号无法接收短信，请检查号码',
    en: 'This mobile cannot receive SMS',
  },
  [ERROR_CODES.smsUnavailable]: { 'zh-CN': '短信服务暂不可用，请稍后再试', en: 'SMS service unavailable' },
  [ERROR_CODES.payUnavailable]: { 'zh-CN': '支付服务暂不可用，请稍后再试', en: 'Payment service unavailable' },
  [ERROR_CODES.verificationCode]: { 'zh-CN': '验证码输入错误', en: 'Verification code error' },
  [ERROR_CODES.loginLocked]: { 'zh-CN': '登录失败次数过多，请 15 分钟后再试', en: 'Too many failed logins' },
  [ERROR_CODES.oldPasswordWrong]: { 'zh-CN': '原密码错误', en: 'Old password is wrong' },
  [ERROR_CODES.loginTicketInvalid]: { 'zh-CN': '登录令牌无效或已过期', en: 'Login token is invalid or expired' },
  [ERROR_CODES.subAgentForbidden]: { 'zh-CN': '子账号无权进行此操作', en: 'Not allowed for a sub-account' },
  [ERROR_CODES.openidCodeInvalid]: { 'zh-CN': '微信授权已失效，请重新授权', en: 'Authorization code is invalid' },
  [ERROR_CODES.openidBoundElsewhere]: { 'zh-CN': '该微信已绑定其他账号', en: 'WeChat bound to another account' },
  [ERROR_CODES.rateLimited]: { 'zh-CN': '操作过于频繁，请稍后再试', en: 'Too many requests' },
  [ERROR_CODES.subaccountQuotaExceeded]: {
    'zh-CN': '子账号数量已达上限，请升级套餐后再创建',
    en: 'Sub-account quota exceeded',
  },
  [ERROR_CODES.activityQuotaExceeded]: {
    'zh-CN': '活动数量已达套餐上限，请升级套餐后再创建',
    en: 'Activity quota exceeded',
  },
  [ERROR_CODES.usernameTaken]: { 'zh-CN': '该用户名已被使用', en: 'Username already registered' },
  [ERROR_CODES.subaccountOnly]: { 'zh-CN': '仅子账号可以刷新登录令牌', en: 'Only a sub-account can do this' },
  [ERROR_CODES.coopLevelTooLow]: { 'zh-CN': '当前合作等级不能创建下级代理', en: 'Coop level too low' },
  [ERROR_CODES.coopLevelNotBelowUpper]: {
    'zh-CN': '下级代理的合作等级必须低于上级代理',
    en: 'Coop level must be lower than the upper agent',
  },
  [ERROR_CODES.coopLevelNotAboveLower]: {
    'zh-CN': '合作等级必须高于其下级代理',
    en: 'Coop level must be higher than its lower-level agents',
  },
  [ERROR_CODES.fileTooLarge]: { 'zh-CN': '文件大小超过限制', en: 'File is too large' },
  [ERROR_CODES.relayUrlRefused]: {
    'zh-CN': '源地址不可用：不允许使用内网、本机、保留或云服务元数据地址',
    en: 'Private, loopback and reserved addresses are not allowed',
  },
  [ERROR_CODES.relayUrlUnresolved]: {
    'zh-CN': '源地址的域名无法解析，请检查后重试',
    en: 'The host could not be resolved',
  },
  [ERROR_CODES.relayUrlScheme]: {
    'zh-CN': '源地址仅支持 rtmp、rtmps、http、https 或 caller 模式的 srt 地址',
    en: 'Not an allowed source address',
  },
  [ERROR_CODES.ffmpegJobsAgentLimit]: {
    'zh-CN': '当前账号同时运行的拉流转推和转码任务已达上限，请先停止其他任务',
    en: 'Too many relay and transcoding jobs for this account',
  },
  [ERROR_CODES.ffmpegJobsTotalLimit]: {
    'zh-CN': '服务器繁忙：同时运行的拉流转推和转码任务已达上限，请稍后再试',
    en: 'Too many relay and transcoding jobs on this server',
  },
  [ERROR_CODES.storageQuotaExceeded]: {
    'zh-CN': '存储空间已满（已达套餐的存储上限），请删除不用的文件或升级套餐后再上传',
    en: 'Storage quota exceeded',
  },
  [ERROR_CODES.fileNotVideo]: { 'zh-CN': '文件内容不是有效的视频，请检查文件后重新上传', en: 'File is not a video' },
  [ERROR_CODES.fileNotAudio]: { 'zh-CN': '文件内容不是有效的音频，请检查文件后重新上传', en: 'File is not audio' },
  [ERROR_CODES.fileNotPdf]: { 'zh-CN': '文件内容不是有效的 PDF 文档，请检查文件后重新上传', en: 'File is not a PDF' },
  [ERROR_CODES.fileNotCsv]: { 'zh-CN': '文件内容不是 CSV 文本，请检查文件后重新上传', en: 'File is not CSV text' },
  [ERROR_CODES.idempotencyKeyReused]: {
    'zh-CN': '请求标识已用于另一次不同的提交，请刷新页面后重试',
    en: 'Idempotency-Key reused for a different request',
  },
  [ERROR_CODES.idempotencyInProgress]: {
    'zh-CN': '上一次提交仍在处理中，请稍候',
    en: 'The first request is in progress',
  },
  [ERROR_CODES.hostNotAllowed]: {
    'zh-CN': '自定义域名不能是 IP 地址、localhost 或平台自身的域名',
    en: 'IP addresses, localhost and platform hosts are not allowed',
  },
  [ERROR_CODES.hostNotVerified]: {
    'zh-CN': '未查到验证用的 DNS TXT 记录，请确认记录已添加并生效后再验证',
    en: 'The DNS TXT record was not found',
  },
};
