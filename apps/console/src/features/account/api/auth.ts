import {
  type PasswordLoginBody,
  type ResetPasswordBody,
  type Session,
  type SignupBody,
  type SmsLoginBody,
  type SmsPurpose,
  type SmsSent,
  smsSignature,
} from '@yanbo/contracts';
import { http } from '../../../app/http';

// The signed-out calls: sign-in three ways, sign-up, SMS codes, lost password. Login answers 401 for wrong
// credentials, which must not trigger the global redirect to /login.

const noRedirect = { noAuthRedirect: true };

export const loginWithPassword = (body: PasswordLoginBody) => http.post<Session>('/agent/login', body, noRedirect);
export const loginWithSms = (body: SmsLoginBody) => http.post<Session>('/agent/login/sms', body, noRedirect);
export const loginWithToken = (token: string) => http.post<Session>('/agent/login/token', { token }, noRedirect);
export const signup = (body: SignupBody) => http.post<Session>('/agent/signup', body, noRedirect);
export const resetPassword = (body: ResetPasswordBody) => http.put<{ ok: true }>('/agent/password', body, noRedirect);
export const mobileExists = (mobile: string) => http.get<{ exists: boolean }>('/agent/exists', { mobile });

/** The public SMS send, signed with a timestamp hash (seed 000 §7). */
export const sendPublicSms = (mobile: string, purpose: Extract<SmsPurpose, 'signup' | 'login' | 'lostpass'>) =>
  http.post<SmsSent>(
    '/sms',
    { mobile, purpose },
    { headers: { authorization: `Sms ${smsSignature(mobile, Date.now())}` }, noAuthRedirect: true },
  );

export const verifySms = (mobile: string, code: string, purpose: SmsPurpose) =>
  http.post<{ verified: true }>('/agent/sms/verify', { mobile, code, purpose }, noRedirect);
