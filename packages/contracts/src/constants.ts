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
/** The package bought for one activity: an order for it needs an activityId (seed 000 §9). */
export const ACTIVITY_PACKAGE_ID = 100005;

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

/** Live template (seed 001 §3, §4, §9): logo defaults, and the prologue, epilogue and scene lists' slots. */
export const DEFAULT_LOGO_SCALE = 100;
export const DEFAULT_LOGO_TRANSPARENCY = 100;
export const TEMPLATE_PATH_SLOTS = 8;
/** Live media: two lists keyed '0' and '1', 8 slots each; overall media: 20 slots (seed 001 §5, §9). */
export const LIVE_MEDIA_KEYS = ['0', '1'] as const;
export const LIVE_MEDIA_SLOTS = 8;
export const GLOBAL_MEDIA_SLOTS = 20;
/** An upload's answered filepath keeps its first 3 path segments (seed 001 §3, §9). */
export const UPLOAD_FILEPATH_SEGMENTS = 3;
/** Pictures and covers uploaded for an activity's page (POST /activity/{id}/upload). */
export const ACTIVITY_PICTURE_MAX_BYTES = 10 * 1024 * 1024;
/** Where uploaded files are served: an upload's filepath under this prefix is its address. */
export const FILES_URL_PREFIX = '/files/';
export const ACTIVITY_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const MEDIA_PAGE_SIZE = 20;
export const DITCH_PAGE_SIZE = 10;
export const MEETING_PAGE_SIZE = 10;
export const SUBSCRIBER_PAGE_SIZE = 10;
export const SMS_RECORD_PAGE_SIZE = 10;
export const WATCH_CODE_LENGTH = 6;
/** SMS messages an agent's plan includes (not in the seeds: the project's default until a billing plan sets it). */
export const SMS_RESOURCE_ALLOWANCE = 1000;
/** A meeting join token's life. */
export const MEETING_TOKEN_TTL_SECONDS = 4 * 3600;
/** The audience's watch page of an activity; a ditch's share link adds ?ditch={sign}. */
export const WATCH_PATH = '/watch';
/**
 * The header a POST carries so that a repeat (a double click, a retry after a lost answer) gets the first answer
 * instead of doing the work twice; the server keeps a key for 24 hours (issue 8). Header names are lower case on
 * the server's side.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
