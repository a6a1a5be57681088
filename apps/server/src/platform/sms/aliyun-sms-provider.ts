import { createRequire } from 'node:module';
import type Dysmsapi from '@alicloud/dysmsapi20170525';
import type * as OpenApi from '@alicloud/openapi-client';
import type { SmsGatewayConfig } from '../provider-config.ts';
import {
  SMS_GATEWAY_TIMEOUT_MS,
  type SmsProvider,
  type SmsRefusalReason,
  SmsRefusedError,
  templateParams,
} from './sms-provider.ts';

// Aliyun SMS (短信服务, SendSms of dysmsapi 2017-05-25) through its official SDK, which signs every call
// (ACS3-HMAC-SHA256). A business refusal answers HTTP 200 with a Code other than OK; a refused credential or
// signature answers 4xx, which the SDK throws with the same kind of Code.

const DEFAULT_ENDPOINT = 'dysmsapi.aliyuncs.com';

// Loaded with require: the SDK is CommonJS with an __esModule default, which ESM loaders unwrap differently. Loaded
// when the provider is made, not at start: the SDK holds about 40 MB, which a server on the log provider never needs.
const load = createRequire(import.meta.url);

/** Aliyun's refusal codes that are the gateway's own flow control for one mobile, or a number it cannot reach. */
const LIMIT_CODES = new Set(['isv.BUSINESS_LIMIT_CONTROL', 'isv.DAY_LIMIT_CONTROL', 'Throttling.User']);
const MOBILE_CODES = new Set(['isv.MOBILE_NUMBER_ILLEGAL', 'isv.MOBILE_COUNT_OVER_LIMIT', 'isv.DENY_IP_RANGE']);

function reasonOf(code: string): SmsRefusalReason {
  if (LIMIT_CODES.has(code)) return 'limit';
  if (MOBILE_CODES.has(code)) return 'mobile';
  return 'unavailable';
}

/** SMS_ENDPOINT is a host (https) or a full http(s) address, such as a local stand-in in tests. */
export function splitEndpoint(endpoint: string, fallback: string): { protocol: 'http' | 'https'; host: string } {
  if (!endpoint) return { protocol: 'https', host: fallback };
  if (!/^https?:\/\//.test(endpoint)) return { protocol: 'https', host: endpoint };
  const url = new URL(endpoint);
  return { protocol: url.protocol === 'http:' ? 'http' : 'https', host: url.host };
}

export function createAliyunSmsProvider(config: SmsGatewayConfig): SmsProvider {
  const { protocol, host } = splitEndpoint(config.endpoint, DEFAULT_ENDPOINT);
  const dysmsapi = load('@alicloud/dysmsapi20170525') as typeof Dysmsapi;
  const { Config: OpenApiConfig } = load('@alicloud/openapi-client') as typeof OpenApi;
  const client = new dysmsapi.default(
    new OpenApiConfig({
      accessKeyId: config.accessKeyId,
      accessKeySecret: config.accessKeySecret,
      regionId: config.region || 'cn-hangzhou',
      endpoint: host,
      protocol,
      connectTimeout: 5_000,
      readTimeout: SMS_GATEWAY_TIMEOUT_MS,
    }),
  );
  return {
    name: 'aliyun',
    async send(message) {
      if (!config.templates[message.purpose]) {
        throw new SmsRefusedError('unavailable', 'NO_TEMPLATE', `no template for ${message.purpose}`);
      }
      const request = new dysmsapi.SendSmsRequest({
        phoneNumbers: message.mobile,
        signName: config.signName,
        templateCode: config.templates[message.purpose],
        templateParam: JSON.stringify(templateParams(message)),
      });
      let answer: { code?: string; message?: string };
      try {
        answer = (await client.sendSms(request)).body ?? {};
      } catch (error) {
        const vendorCode = (error as { code?: unknown }).code;
        const detail = error instanceof Error ? error.message : String(error);
        throw new SmsRefusedError(
          typeof vendorCode === 'string' ? reasonOf(vendorCode) : 'unavailable',
          typeof vendorCode === 'string' ? vendorCode : 'NETWORK',
          detail,
        );
      }
      if (answer.code !== 'OK') {
        const vendorCode = answer.code ?? 'UNKNOWN';
        throw new SmsRefusedError(reasonOf(vendorCode), vendorCode, answer.message ?? '');
      }
    },
  };
}
