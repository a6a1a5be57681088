import { type SmsTemplateName, smsPurpose } from '@yanbo/contracts';

// The outside world the server talks to (SMS gateway, pay gateway, WeChat login), read from the environment once.
// Which provider runs is decided in providers.ts; this file only reads and names the variables.

export interface SmsGatewayConfig {
  /** Aliyun AccessKey ID / Tencent Cloud SecretId. */
  accessKeyId: string;
  /** Aliyun AccessKey secret / Tencent Cloud SecretKey. */
  accessKeySecret: string;
  /** The approved signature (签名) shown as 【…】 before the text. */
  signName: string;
  /** Tencent Cloud's SmsSdkAppId (the SMS application); unused by Aliyun. */
  sdkAppId: string;
  /** Aliyun region id (cn-hangzhou) or Tencent Cloud region (ap-guangzhou); empty takes the vendor's default. */
  region: string;
  /** The API address (https://dysmsapi.aliyuncs.com, https://sms.tencentcloudapi.com); empty takes the vendor's. */
  endpoint: string;
  /**
   * The approved template id for each purpose, whose one variable is the code, and for the reminder, whose one
   * variable is the activity's name (empty: no reminders are sent).
   */
  templates: Record<SmsTemplateName, string>;
}

export interface WechatPayConfig {
  mchid: string;
  /** The AppID the merchant is bound to (a website app for Native, the official account for JSAPI). */
  appid: string;
  /** Serial number of the merchant API certificate whose private key signs requests. */
  serialNo: string;
  privateKeyPath: string;
  /** The APIv3 key (32 bytes) that decrypts callback resources. */
  apiV3Key: string;
  /** WeChat Pay's platform certificate or platform public key (PEM); several, comma-separated, during a switch. */
  platformKeyPath: string;
  /** The public key's id (PUB_KEY_ID_…) or certificate serial, in the same order; a certificate's may be left empty. */
  platformSerial: string;
  /** The https address WeChat Pay posts notifications to: https://<host>/api/pay/notify/wechat. */
  notifyUrl: string;
  baseUrl: string;
}

/** WeChat website login (微信开放平台 网站应用 OAuth 2.0). */
export interface WechatLoginConfig {
  appid: string;
  secret: string;
  /** The console's public origin (https://console.example.com), registered as the app's callback domain. */
  redirectOrigin: string;
  authorizeBase: string;
  apiBase: string;
}

export interface ProviderConfig {
  /** NODE_ENV=production: sandbox providers are refused unless allowSandbox. */
  production: boolean;
  allowSandbox: boolean;
  smsProvider: 'log' | 'aliyun' | 'tencent';
  sms: SmsGatewayConfig;
  payProvider: 'sandbox' | 'wechat';
  wechatPay: WechatPayConfig;
  wechatProvider: 'sandbox' | 'open';
  wechatLogin: WechatLoginConfig;
  /**
   * WECHAT_API_BASE_URL: WeChat's API (https://api.weixin.qq.com), where the watch page's share signature gets the
   * official accounts' access tokens and jsapi tickets (and WeChat login its tokens); a stand-in's address in tests.
   */
  wechatApiBase: string;
}

function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === '') return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new Error(`${name}=${value} is not one of ${allowed.join(', ')}`);
  }
  return value as T;
}

/**
 * SMS_TEMPLATE serves every code purpose unless SMS_TEMPLATE_<PURPOSE> names one of its own. The reminder's variable
 * is not a code, so only SMS_TEMPLATE_REMINDER serves it.
 */
function smsTemplates(env: NodeJS.ProcessEnv): Record<SmsTemplateName, string> {
  const fallback = env.SMS_TEMPLATE ?? '';
  return {
    ...Object.fromEntries(
      smsPurpose.options.map((purpose) => [purpose, env[`SMS_TEMPLATE_${purpose.toUpperCase()}`] || fallback]),
    ),
    reminder: env.SMS_TEMPLATE_REMINDER ?? '',
    // Issue 12: a registration's review outcome (the form's name and 已通过 / 未通过); unset, no review is texted.
    review: env.SMS_TEMPLATE_REVIEW ?? '',
  } as Record<SmsTemplateName, string>;
}

/**
 * Refuses a configuration that cannot serve real customers: in production (NODE_ENV=production) a sandbox or log
 * provider, unless ALLOW_SANDBOX=1 says it is a demonstration; anywhere, a real provider missing what it needs.
 */
export function checkProviderConfig(config: ProviderConfig): void {
  if (config.production && !config.allowSandbox) {
    const sandboxes = [
      config.smsProvider === 'log' && 'SMS_PROVIDER=log (codes are only printed; set aliyun or tencent)',
      config.payProvider === 'sandbox' && 'PAY_PROVIDER=sandbox (payments are simulated; set wechat)',
      config.wechatProvider === 'sandbox' && 'WECHAT_PROVIDER=sandbox (anyone can sign in as anyone; set open)',
    ].filter(Boolean);
    if (sandboxes.length > 0) {
      throw new Error(
        `NODE_ENV=production refuses sandbox providers: ${sandboxes.join('; ')}. ` +
          'Set ALLOW_SANDBOX=1 to run them anyway for a demonstration.',
      );
    }
  }
  const missing: string[] = [];
  const need = (name: string, value: string) => {
    if (!value) missing.push(name);
  };
  if (config.smsProvider !== 'log') {
    need('SMS_ACCESS_KEY_ID', config.sms.accessKeyId);
    need('SMS_ACCESS_KEY_SECRET', config.sms.accessKeySecret);
    need('SMS_SIGN_NAME', config.sms.signName);
    if (config.smsProvider === 'tencent') need('SMS_SDK_APP_ID', config.sms.sdkAppId);
    for (const purpose of smsPurpose.options) {
      need(`SMS_TEMPLATE (or SMS_TEMPLATE_${purpose.toUpperCase()})`, config.sms.templates[purpose]);
    }
  }
  if (config.payProvider === 'wechat') {
    const pay = config.wechatPay;
    need('WECHAT_PAY_MCHID', pay.mchid);
    need('WECHAT_PAY_APPID', pay.appid);
    need('WECHAT_PAY_SERIAL_NO', pay.serialNo);
    need('WECHAT_PAY_PRIVATE_KEY_PATH', pay.privateKeyPath);
    need('WECHAT_PAY_API_V3_KEY', pay.apiV3Key);
    need('WECHAT_PAY_PLATFORM_KEY_PATH', pay.platformKeyPath);
    need('WECHAT_PAY_NOTIFY_URL', pay.notifyUrl);
    if (pay.apiV3Key && Buffer.byteLength(pay.apiV3Key) !== 32) {
      throw new Error('WECHAT_PAY_API_V3_KEY must be the 32-character APIv3 key');
    }
    // WeChat Pay posts only to an https address without a query string.
    if (pay.notifyUrl && !/^https:\/\/[^?#]+$/.test(pay.notifyUrl)) {
      throw new Error(
        'WECHAT_PAY_NOTIFY_URL must be an https address without a query, e.g. https://host/api/pay/notify/wechat',
      );
    }
  }
  if (config.wechatProvider === 'open') {
    need('WECHAT_APPID', config.wechatLogin.appid);
    need('WECHAT_APP_SECRET', config.wechatLogin.secret);
    need('WECHAT_REDIRECT_ORIGIN', config.wechatLogin.redirectOrigin);
  }
  if (missing.length > 0) throw new Error(`Provider settings missing: ${missing.join(', ')}`);
}

export function readProviderConfig(env: NodeJS.ProcessEnv): ProviderConfig {
  const config = readProviderVariables(env);
  checkProviderConfig(config);
  return config;
}

function readProviderVariables(env: NodeJS.ProcessEnv): ProviderConfig {
  const wechatApiBase = env.WECHAT_API_BASE_URL || 'https://api.weixin.qq.com';
  return {
    production: env.NODE_ENV === 'production',
    allowSandbox: env.ALLOW_SANDBOX === '1',
    smsProvider: oneOf('SMS_PROVIDER', env.SMS_PROVIDER, ['log', 'aliyun', 'tencent'], 'log'),
    sms: {
      accessKeyId: env.SMS_ACCESS_KEY_ID ?? '',
      accessKeySecret: env.SMS_ACCESS_KEY_SECRET ?? '',
      signName: env.SMS_SIGN_NAME ?? '',
      sdkAppId: env.SMS_SDK_APP_ID ?? '',
      region: env.SMS_REGION ?? '',
      endpoint: env.SMS_ENDPOINT ?? '',
      templates: smsTemplates(env),
    },
    payProvider: oneOf('PAY_PROVIDER', env.PAY_PROVIDER, ['sandbox', 'wechat'], 'sandbox'),
    wechatPay: {
      mchid: env.WECHAT_PAY_MCHID ?? '',
      appid: env.WECHAT_PAY_APPID ?? '',
      serialNo: env.WECHAT_PAY_SERIAL_NO ?? '',
      privateKeyPath: env.WECHAT_PAY_PRIVATE_KEY_PATH ?? '',
      apiV3Key: env.WECHAT_PAY_API_V3_KEY ?? '',
      platformKeyPath: env.WECHAT_PAY_PLATFORM_KEY_PATH ?? '',
      platformSerial: env.WECHAT_PAY_PLATFORM_SERIAL ?? '',
      notifyUrl: env.WECHAT_PAY_NOTIFY_URL ?? '',
      baseUrl: env.WECHAT_PAY_BASE_URL || 'https://api.mch.weixin.qq.com',
    },
    wechatProvider: oneOf('WECHAT_PROVIDER', env.WECHAT_PROVIDER, ['sandbox', 'open'], 'sandbox'),
    wechatLogin: {
      appid: env.WECHAT_APPID ?? '',
      secret: env.WECHAT_APP_SECRET ?? '',
      redirectOrigin: env.WECHAT_REDIRECT_ORIGIN ?? '',
      authorizeBase: env.WECHAT_AUTHORIZE_BASE_URL || 'https://open.weixin.qq.com',
      apiBase: wechatApiBase,
    },
    wechatApiBase,
  };
}
