import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from './db/database.ts';
import { PayGatewayError, type PayProvider } from './pay/pay-provider.ts';
import { createSandboxPayProvider, registerSandboxPayPages } from './pay/sandbox-pay-provider.ts';
import { createWechatPayProvider } from './pay/wechat-pay-provider.ts';
import { checkProviderConfig } from './provider-config.ts';
import { createAliyunSmsProvider } from './sms/aliyun-sms-provider.ts';
import { createLogSmsProvider, type SmsProvider, SmsRefusedError } from './sms/sms-provider.ts';
import { createTencentSmsProvider } from './sms/tencent-sms-provider.ts';
import { createJsapiTicketClient, type JsapiTicketClient } from './wechat/jsapi-ticket.ts';
import { createOpenWechatProvider } from './wechat/open-wechat-provider.ts';
import { createSandboxWechatProvider, registerSandboxWechatPages } from './wechat/sandbox-wechat-provider.ts';
import type { WechatProvider } from './wechat/wechat-provider.ts';

// The one place that decides which SMS gateway, pay gateway and WeChat login the server talks to (issue 8: real
// providers for production, sandboxes refused there unless ALLOW_SANDBOX=1), and where WeChat's API is for the
// official accounts' JS-SDK tickets.

export interface Providers {
  sms: SmsProvider;
  pay: PayProvider;
  wechat: WechatProvider;
  /** The official accounts' JS-SDK tickets (the watch page's share card inside WeChat); no sandbox: it is WeChat's. */
  wechatJsapi: JsapiTicketClient;
}

/** A gateway's refusal is the operator's business (a wrong key, an empty balance): it goes to the log, by its code. */
function loggingSms(sms: SmsProvider, log: (line: string) => void): SmsProvider {
  return {
    name: sms.name,
    async send(message) {
      try {
        await sms.send(message);
      } catch (error) {
        if (error instanceof SmsRefusedError) log(`[sms:${sms.name}] ${error.message}`);
        throw error;
      }
    },
  };
}

function loggingPay(pay: PayProvider, log: (line: string) => void): PayProvider {
  return {
    ...pay,
    async checkoutUrl(checkout) {
      try {
        return await pay.checkoutUrl(checkout);
      } catch (error) {
        if (error instanceof PayGatewayError) log(`[pay:${pay.name}] order ${checkout.orderId}: ${error.message}`);
        throw error;
      }
    },
  };
}

/** Builds the configured providers; throws (and the server does not start) on a configuration it refuses. */
export function createProviders(config: Config, db: Db, log: (line: string) => void): Providers {
  checkProviderConfig(config);
  let sms: SmsProvider;
  if (config.smsProvider === 'aliyun') sms = loggingSms(createAliyunSmsProvider(config.sms), log);
  else if (config.smsProvider === 'tencent') sms = loggingSms(createTencentSmsProvider(config.sms), log);
  else sms = createLogSmsProvider(config.dataDir, log);
  if (sms.name !== 'log' && !config.sms.templates.reminder) {
    log('SMS_TEMPLATE_REMINDER is not set: subscribers get no reminder when an activity starts');
  }
  const pay =
    config.payProvider === 'wechat'
      ? loggingPay(createWechatPayProvider(config.wechatPay), log)
      : createSandboxPayProvider(config.secretKey);
  const wechat =
    config.wechatProvider === 'open' ? createOpenWechatProvider(config.wechatLogin) : createSandboxWechatProvider(db);
  const wechatJsapi = createJsapiTicketClient({ apiBase: config.wechatApiBase, log });
  return { sms, pay, wechat, wechatJsapi };
}

/** The simulated pages of the sandbox providers, only when those providers are the ones in use. */
export function registerProviderPages(app: FastifyInstance, providers: Providers, db: Db, secretKey: string) {
  if (providers.wechat.name === 'sandbox') registerSandboxWechatPages(app, db, secretKey);
  if (providers.pay.name === 'sandbox') registerSandboxPayPages(app, secretKey);
}
