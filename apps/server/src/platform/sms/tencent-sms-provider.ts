import type { Agent } from 'node:http';
import { createRequire } from 'node:module';
import type * as TencentCloud from 'tencentcloud-sdk-nodejs-sms';
import type { SmsGatewayConfig } from '../provider-config.ts';
import { splitEndpoint } from './aliyun-sms-provider.ts';
import {
  SMS_GATEWAY_TIMEOUT_MS,
  type SmsProvider,
  type SmsRefusalReason,
  SmsRefusedError,
  templateParams,
} from './sms-provider.ts';

// Tencent Cloud SMS (SendSms of sms 2021-01-11) through its official SDK, which signs every call with
// TC3-HMAC-SHA256. A refusal of the whole call (credentials, SmsSdkAppId) comes back as Response.Error, thrown by the
// SDK with its Code; a refusal of the one number comes back in SendStatusSet with a Code other than Ok.

const DEFAULT_ENDPOINT = 'sms.tencentcloudapi.com';

function reasonOf(code: string): SmsRefusalReason {
  // LimitExceeded.PhoneNumberDailyLimit, …ThirtySecondLimit, …OneHourLimit, …SameContentDailyLimit: flow control.
  if (code.startsWith('LimitExceeded.PhoneNumber') || code === 'LimitExceeded.DeliveryFrequencyLimit') return 'limit';
  if (
    code === 'InvalidParameterValue.IncorrectPhoneNumber' ||
    code === 'FailedOperation.PhoneNumberInBlacklist' ||
    code === 'FailedOperation.PhoneNumberParseFail' ||
    code === 'UnsupportedOperation.ContainDomesticAndInternationalPhoneNumber'
  ) {
    return 'mobile';
  }
  return 'unavailable';
}

/** A mainland mobile in the E.164 form the API documents (+86…); one given with its country code is kept. */
const e164 = (mobile: string) => (mobile.startsWith('+') ? mobile : `+86${mobile}`);

/**
 * `agent` carries the connection elsewhere without changing the signed host (tests: the vendor's host name, the
 * stand-in's socket), since the SDK signs for the service named by the endpoint's first label.
 */
export function createTencentSmsProvider(config: SmsGatewayConfig, options: { agent?: Agent } = {}): SmsProvider {
  const { protocol, host } = splitEndpoint(config.endpoint, DEFAULT_ENDPOINT);
  // Loaded when the provider is made, not at start (about 27 MB a server on the log provider never needs).
  const tencentcloud = createRequire(import.meta.url)('tencentcloud-sdk-nodejs-sms') as typeof TencentCloud;
  const client = new tencentcloud.sms.v20210111.Client({
    credential: { secretId: config.accessKeyId, secretKey: config.accessKeySecret },
    region: config.region || 'ap-guangzhou',
    profile: {
      signMethod: 'TC3-HMAC-SHA256',
      httpProfile: {
        endpoint: host,
        protocol: `${protocol}://`,
        reqMethod: 'POST',
        reqTimeout: SMS_GATEWAY_TIMEOUT_MS / 1000,
        ...(options.agent ? { agent: options.agent } : {}),
      },
    },
  });
  return {
    name: 'tencent',
    async send(message) {
      if (!config.templates[message.purpose]) {
        throw new SmsRefusedError('unavailable', 'NO_TEMPLATE', `no template for ${message.purpose}`);
      }
      let status: { Code?: string; Message?: string } | undefined;
      try {
        const answer = await client.SendSms({
          PhoneNumberSet: [e164(message.mobile)],
          SmsSdkAppId: config.sdkAppId,
          SignName: config.signName,
          TemplateId: config.templates[message.purpose],
          TemplateParamSet: Object.values(templateParams(message)),
        });
        status = answer.SendStatusSet?.[0];
      } catch (error) {
        const vendorCode = (error as { code?: unknown }).code;
        const detail = error instanceof Error ? error.message : String(error);
        const known = typeof vendorCode === 'string' && vendorCode !== '';
        throw new SmsRefusedError(known ? reasonOf(vendorCode) : 'unavailable', known ? vendorCode : 'NETWORK', detail);
      }
      if (status?.Code !== 'Ok') {
        const vendorCode = status?.Code ?? 'UNKNOWN';
        throw new SmsRefusedError(reasonOf(vendorCode), vendorCode, status?.Message ?? '');
      }
    },
  };
}
