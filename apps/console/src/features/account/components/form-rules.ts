import { mobile as mobileSchema, password as passwordSchema, smsCode } from '@yanbo/contracts';
import type { FormRule } from 'antd';
import { accountTexts } from '../../../locales/zh-CN/account';

// Form rules that say in Chinese what the contracts' schemas enforce, checked by the same schemas.

const bySchema =
  (schema: { safeParse(value: unknown): { success: boolean } }, message: string): FormRule =>
  () => ({
    validator: (_rule, value) =>
      !value || schema.safeParse(value).success ? Promise.resolve() : Promise.reject(new Error(message)),
  });

export const mobileRules: FormRule[] = [
  { required: true, message: accountTexts.required.mobile },
  bySchema(mobileSchema, accountTexts.invalidMobile),
];
export const codeRules: FormRule[] = [
  { required: true, message: accountTexts.required.code },
  bySchema(smsCode, accountTexts.invalidCode),
];
export const newPasswordRules: FormRule[] = [
  { required: true, message: accountTexts.required.password },
  bySchema(passwordSchema, accountTexts.passwordRule),
];

/** The confirmation must equal the field it confirms. */
export const confirmRules = (field: string): FormRule[] => [
  { required: true, message: accountTexts.required.confirm },
  ({ getFieldValue }) => ({
    validator: (_rule, value) =>
      !value || getFieldValue(field) === value
        ? Promise.resolve()
        : Promise.reject(new Error(accountTexts.passwordMismatch)),
  }),
];
