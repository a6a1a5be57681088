import { ERROR_MESSAGES } from '@yanbo/contracts';
import { ApiError } from '../../app/http';
import { accountTexts } from '../../locales/zh-CN/account';

/** SMS-login failures as seed 001 §8 says: two known answers, everything else one message. */
export function smsLoginErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 400 && error.message === ERROR_MESSAGES.verificationCode) {
      return accountTexts.smsLoginErrors.verificationCode;
    }
    if (error.status === 404 && error.message === ERROR_MESSAGES.agentNotFound) {
      return accountTexts.smsLoginErrors.agentNotFound;
    }
  }
  return accountTexts.smsLoginErrors.other;
}
