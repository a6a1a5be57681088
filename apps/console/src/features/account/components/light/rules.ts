import { mobile as mobileSchema, password as passwordSchema, smsCode } from '@yanbo/contracts';
import { accountTexts } from '../../../../locales/zh-CN/account';
import type { Rule } from './use-light-form';

// The signed-out forms' rules: they say in Chinese what the contracts' schemas enforce, checked by the same schemas
// (as ../form-rules.ts does for the antd forms of the account page).

type Values = Record<string, string>;

export const required =
  (message: string): Rule<Values> =>
  (value) =>
    value ? undefined : message;

const bySchema =
  (schema: { safeParse(value: unknown): { success: boolean } }, message: string): Rule<Values> =>
  (value) =>
    !value || schema.safeParse(value).success ? undefined : message;

export const mobileRules = [required(accountTexts.required.mobile), bySchema(mobileSchema, accountTexts.invalidMobile)];
export const codeRules = [required(accountTexts.required.code), bySchema(smsCode, accountTexts.invalidCode)];
export const newPasswordRules = [
  required(accountTexts.required.password),
  bySchema(passwordSchema, accountTexts.passwordRule),
];

/** The confirmation must equal the field it confirms. */
export const confirmRules = (field: string): Rule<Values>[] => [
  required(accountTexts.required.confirm),
  (value, values) => (!value || values[field] === value ? undefined : accountTexts.passwordMismatch),
];
