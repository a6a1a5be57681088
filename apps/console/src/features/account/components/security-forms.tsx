import type { Me } from '@yanbo/contracts';
import { Button, Divider, Flex, Form, Input, Typography } from 'antd';
import { toastSuccess } from '../../../app/feedback';
import { ApiError, errorText } from '../../../app/http';
import { accountTexts } from '../../../locales/zh-CN/account';
import { useChangeMobile, useChangePassword, useSendMobileCode } from '../api/profile';
import { codeRules, confirmRules, mobileRules, newPasswordRules } from './form-rules';
import { SmsCodeButton } from './sms-code-button';

/** A server error on a named field goes under that field; anything else under the form's first field. */
async function fieldError(failure: unknown, fallbackField: string) {
  const name = failure instanceof ApiError && failure.field ? failure.field : fallbackField;
  return [{ name, errors: [await errorText(failure)] }];
}

/** Password change and mobile change (with an SMS code to the new mobile). */
export function SecurityForms({ me }: { me: Me }) {
  const [passwordForm] = Form.useForm();
  const [mobileForm] = Form.useForm();
  const changePassword = useChangePassword(me.id);
  const sendCode = useSendMobileCode();
  const changeMobile = useChangeMobile(me.id);

  return (
    <Flex vertical style={{ maxWidth: 480 }}>
      <Typography.Title level={5}>{accountTexts.changePassword}</Typography.Title>
      <Form
        form={passwordForm}
        layout="vertical"
        onFinish={(values: { oldPassword: string; password: string }) =>
          changePassword.mutate(
            { oldPassword: values.oldPassword, password: values.password },
            {
              onSuccess: () => {
                toastSuccess(accountTexts.changed);
                passwordForm.resetFields();
              },
              onError: async (failure) => passwordForm.setFields(await fieldError(failure, 'oldPassword')),
            },
          )
        }
      >
        <Form.Item name="oldPassword" rules={[{ required: true, message: accountTexts.required.password }]}>
          <Input.Password placeholder={accountTexts.oldPasswordPlaceholder} autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" rules={newPasswordRules}>
          <Input.Password placeholder={accountTexts.newPasswordPlaceholder} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm" dependencies={['password']} rules={confirmRules('password')}>
          <Input.Password placeholder={accountTexts.confirmNewPasswordPlaceholder} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={changePassword.isPending}>
          {accountTexts.changePassword}
        </Button>
      </Form>

      <Divider />
      <Typography.Title level={5}>{accountTexts.changeMobile}</Typography.Title>
      <Typography.Paragraph type="secondary">{accountTexts.currentMobile(me.mobile)}</Typography.Paragraph>
      <Form
        form={mobileForm}
        layout="vertical"
        onFinish={(values: { mobile: string; code: string }) =>
          changeMobile.mutate(values, {
            onSuccess: () => {
              toastSuccess(accountTexts.changed);
              mobileForm.resetFields();
            },
            onError: async (failure) => mobileForm.setFields(await fieldError(failure, 'code')),
          })
        }
      >
        <Form.Item name="mobile" rules={mobileRules}>
          <Input placeholder={accountTexts.newMobilePlaceholder} maxLength={11} />
        </Form.Item>
        <Flex gap={8} align="start">
          <Form.Item name="code" rules={codeRules} style={{ flex: 1 }}>
            <Input placeholder={accountTexts.codePlaceholder} maxLength={6} />
          </Form.Item>
          <SmsCodeButton
            onSend={async () => {
              const { mobile } = await mobileForm.validateFields(['mobile']);
              try {
                await sendCode.mutateAsync(mobile);
                toastSuccess(accountTexts.sendSuccess);
              } catch (failure) {
                mobileForm.setFields(await fieldError(failure, 'mobile'));
                throw failure;
              }
            }}
          />
        </Flex>
        <Button type="primary" htmlType="submit" loading={changeMobile.isPending}>
          {accountTexts.changeMobile}
        </Button>
      </Form>
    </Flex>
  );
}
