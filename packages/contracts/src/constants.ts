// Constants named by the seeds; the server and the console both import them from here.

export const API_PREFIX = '/api';
export const REQUEST_TIMEOUT_MS = 30_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const REDIRECT_DELAY_MS = 1_000;
export const SIGNUP_ANALYTICS_TIMEOUT_MS = 1_000;

/** Local-storage key of the manage token (seed 000 §9: "a product-specific key"). */
export const MANAGE_TOKEN_STORAGE_KEY = 'yanbo.manageToken';

export const ACTIVITY_PAGE_SIZE = 15;
export const AGENT_PAGE_SIZE = 10;
export const ORDER_PAGE_SIZE = 10;
export const EXPENSE_PAGE_SIZE = 10;
export const INCOME_PAGE_SIZE = 5;
export const AGGREGATION_PAGE_SIZE = 10;
export const LOGIN_RECORD_PAGE_SIZE = 10;
export const MAX_SUBACCOUNT_GROUPS = 20;

export const DEFAULT_AGENT_AREA = 330100;
export const DEFAULT_AGENT_MARGIN = 0;
export const ULTIMATE_PACKAGE_ID = 100005;

/** endedAt this far away means "no end date" and is shown as empty. */
export const FAR_FUTURE_ENDED_AT = '2998-12-31T16:00:00.000Z';

export const AGENT_STATUSES = ['enabled', 'pending', 'disabled'] as const;
export const CONSOLE_TYPES = ['enduser', 'agent'] as const;
export const DEFAULT_CONSOLE_TYPE = 'enduser';

/** SMS codes: six digits, valid for 10 minutes, one per minute per mobile. */
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_SECONDS = 600;
export const SMS_RESEND_SECONDS = 60;
export const SMS_MAX_PER_MOBILE_PER_DAY = 10;
export const SMS_MAX_PER_IP_PER_HOUR = 30;
export const SMS_MAX_VERIFY_ATTEMPTS = 5;
/** A signed POST /sms is accepted this long after its timestamp. */
export const SMS_SIGNATURE_MAX_AGE_SECONDS = 300;
/** Public salt of the SMS request signature: it proves the request came from the console page, not a secret. */
export const SMS_SIGNATURE_SALT = 'yanbo-sms-v1';

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 900;
export const SESSION_TTL_DAYS = 30;
export const LOGIN_TICKET_TTL_SECONDS = 300;
