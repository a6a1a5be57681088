// The server's error messages are English and exact, because the console maps some of them to the seeds' Chinese
// texts by message (seed 000 §8, seed 001 §8). Codes name errors that the console translates through the catalogue
// served at GET /api/error-codes.

export const ERROR_MESSAGES = {
  wrongCredentials: 'wrong username or password',
  verificationCode: 'Verification Code Error',
  agentNotFound: 'Agent Not Found',
  agentDisabled: 'Agent Disabled',
  agentStopped: 'Agent Stopped',
  activityNotFound: 'Activity Not Found',
  activityNameExists: 'activity name already exists',
  activityGroupNotFound: 'Activity Group Not Found',
  groupNameExists: 'Group name already existed',
  tooManyGroups: 'The number of groups cannot exceed 20',
  forbidden: 'Forbidden',
  unauthorized: 'Unauthorized',
  notFound: 'Not Found',
  mobileRegistered: 'Mobile already registered',
  subaccountNotFound: 'Sub-account Not Found',
  subaccountGroupNotFound: 'Sub-account Group Not Found',
  subaccountQuotaExceeded: 'Sub-account quota exceeded',
  activityQuotaExceeded: 'Activity quota exceeded',
  usernameTaken: 'Username already registered',
  subaccountOnly: 'Only a sub-account can refresh its token',
  coopLevelTooLow: 'Coop level does not allow creating agents',
  coopLevelNotBelowUpper: 'coopLevel must be lower than the upper agent',
  coopLevelNotAboveLower: 'coopLevel must be higher than its lower-level agents',
  pictureTooLarge: 'File is larger than 10 MB',
  transcodeNeedsEmbeddedIngest: 'Live transcoding needs the embedded ingest',
} as const;

export const ERROR_CODES = {
  validation: 'VALIDATION_FAILED',
  unauthorized: 'UNAUTHORIZED',
  wrongCredentials: 'WRONG_CREDENTIALS',
  agentDisabled: 'AGENT_DISABLED',
  agentStopped: 'AGENT_STOPPED',
  mobileRegistered: 'MOBILE_REGISTERED',
  mobileUnchanged: 'MOBILE_UNCHANGED',
  smsTooFrequent: 'SMS_TOO_FREQUENT',
  smsDailyLimit: 'SMS_DAILY_LIMIT',
  smsSignature: 'SMS_SIGNATURE_INVALID',
  smsGatewayLimit: 'SMS_GATEWAY_LIMIT',
  smsMobileRejected: 'SMS_MOBILE_REJECTED',
  smsUnavailable: 'SMS_UNAVAILABLE',
  payUnavailable: 'PAY_UNAVAILABLE',
  verificationCode: 'VERIFICATION_CODE_ERROR',
  loginLocked: 'LOGIN_LOCKED',
  oldPasswordWrong: 'OLD_PASSWORD_WRONG',
  loginTicketInvalid: 'LOGIN_TICKET_INVALID',
  subAgentForbidden: 'SUBAGENT_FORBIDDEN',
  openidCodeInvalid: 'OPENID_CODE_INVALID',
  openidBoundElsewhere: 'OPENID_BOUND_ELSEWHERE',
  rateLimited: 'RATE_LIMITED',
  subaccountQuotaExceeded: 'SUBACCOUNT_QUOTA_EXCEEDED',
  activityQuotaExceeded: 'ACTIVITY_QUOTA_EXCEEDED',
  usernameTaken: 'USERNAME_TAKEN',
  subaccountOnly: 'SUBACCOUNT_ONLY',
  coopLevelTooLow: 'COOP_LEVEL_TOO_LOW',
  coopLevelNotBelowUpper: 'COOP_LEVEL_NOT_BELOW_UPPER',
  coopLevelNotAboveLower: 'COOP_LEVEL_NOT_ABOVE_LOWER',
  fileTooLarge: 'FILE_TOO_LARGE',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The disabled-agent status text: any response carrying it logs the console out (seed 000 §4). */
export const DISABLED_AGENT_STATUS_TEXT = ERROR_MESSAGES.agentDisabled;
