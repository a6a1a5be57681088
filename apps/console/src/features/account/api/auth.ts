import {
  accountCalls,
  type PasswordLoginBody,
  type ResetPasswordBody,
  type SignupBody,
  type SmsLoginBody,
  type SmsSendBody,
  type SmsVerifyBody,
  smsSignature,
} from '@yanbo/contracts';
import { api } from '../../../app/http';

// The signed-out calls: sign-in three ways, sign-up, SMS codes, lost password. Login answers 401 for wrong
// credentials, which must not trigger the global redirect to /login.

const noRedirect = { noAuthRedirect: true };

export const loginWithPassword = (body: PasswordLoginBody) =>
  api(accountCalls.loginWithPassword, { body, ...noRedirect });
export const loginWithSms = (body: SmsLoginBody) => api(accountCalls.loginWithSms, { body, ...noRedirect });
export const loginWithToken = (token: string) => api(accountCalls.loginWithTicket, { body: { token }, ...noRedirect });
export const signup = (body: SignupBody) => api(accountCalls.signup, { body, ...noRedirect });
export const resetPassword = (body: ResetPasswordBody) => api(accountCalls.resetPassword, { body, ...noRedirect });
export const mobileExists = (mobile: string) => api(accountCalls.mobileExists, { query: { mobile } });

/** The public SMS send, signed with a timestamp hash (seed 000 §7). */
export const sendPublicSms = (mobile: string, purpose: SmsSendBody['purpose']) =>
  api(accountCalls.sendPublicSms, {
    body: { mobile, purpose },
    headers: { authorization: `Sms ${smsSignature(mobile, Date.now())}` },
    noAuthRedirect: true,
  });

export const verifySms = (mobile: string, code: string, purpose: SmsVerifyBody['purpose']) =>
  api(accountCalls.verifySms, { body: { mobile, code, purpose }, ...noRedirect });
