import { BankOutlined, LockOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { DEFAULT_CONSOLE_TYPE, type SignupBody } from '@yanbo/contracts';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { feedback, toastSuccess } from '../../app/feedback';
import { ApiError, errorText } from '../../app/http';
import { accountTexts } from '../../locales/zh-CN/account';
import { mobileExists, sendPublicSms, signup } from './api/auth';
import { startSession } from './api/session';
import { AuthLayout } from './components/auth-layout';
import { codeRules, confirmRules, mobileRules, newPasswordRules } from './components/form-rules';
import { SmsCodeButton } from './components/sms-code-button';
import { reportSignup } from './report-signup';
import { safeReturnUrl } from './return-url';

type SignupForm = SignupBody & { confirm: string };

/** /signup: a new mobile, its SMS code and a password; then signed in and sent on. */
export function SignupPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<SignupForm>();
  const [registered, setRegistered] = useState(false);
  const [busy, setBusy] = useState(false);
  const consoleType = params.get('type') || DEFAULT_CONSOLE_TYPE;
  const target = safeReturnUrl(params.get('returnUrl'));

  // Before sending a code, the flow checks whether the mobile already has an account (seed 000 §5).
  const checkMobile = async () => {
    const mobile = form.getFieldValue('mobile') as string | undefined;
    if (!mobile || form.getFieldError('mobile').length > 0) return false;
    const { exists } = await mobileExists(mobile);
    setRegistered(exists);
    return exists;
  };

  const sendCode = async () => {
    const { mobile } = await form.validateFields(['mobile']);
    if (await checkMobile()) throw new Error('registered');
    try {
      await sendPublicSms(mobile, 'signup');
      toastSuccess(accountTexts.smsSent);
    } catch (failure) {
      feedback().message.error(await errorText(failure));
      throw failure;
    }
  };

  const submit = async ({ confirm: _confirm, ...body }: SignupForm) => {
    setBusy(true);
    try {
      // A promotion link (GET /v3/promote) carries ?promoter=; the sign-up is counted for that agent.
      const session = await signup({ ...body, promoter: params.get('promoter') || undefined });
      startSession(session);
      toastSuccess(accountTexts.signupSuccess);
      await reportSignup({ agentId: session.me.id, type: consoleType });
      navigate(target, { replace: true });
    } catch (failure) {
      if (failure instanceof ApiError && failure.field) {
        form.setFields([{ name: failure.field as keyof SignupForm, errors: [await errorText(failure)] }]);
      } else {
        feedback().message.error(await errorText(failure));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={accountTexts.signupTitle}>
      <Form form={form} size="large" onFinish={submit} initialValues={{ contact: '', company: '' }}>
        <Form.Item
          name="mobile"
          rules={mobileRules}
          validateStatus={registered ? 'error' : undefined}
          help={
            registered ? (
              <span>
                {accountTexts.mobileRegistered}，<Link to="/login">{accountTexts.goLogin}</Link>
              </span>
            ) : undefined
          }
        >
          <Input
            prefix={<MobileOutlined />}
            placeholder={accountTexts.mobilePlaceholder}
            maxLength={11}
            onBlur={() => void checkMobile()}
            onChange={() => setRegistered(false)}
          />
        </Form.Item>
        <Flex gap={8} align="start">
          <Form.Item name="code" rules={codeRules} style={{ flex: 1 }}>
            <Input prefix={<SafetyOutlined />} placeholder={accountTexts.codePlaceholder} maxLength={6} />
          </Form.Item>
          <SmsCodeButton onSend={sendCode} disabled={registered} />
        </Flex>
        <Form.Item name="password" rules={newPasswordRules}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={accountTexts.setPasswordPlaceholder}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item name="confirm" dependencies={['password']} rules={confirmRules('password')}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={accountTexts.confirmPasswordPlaceholder}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item name="contact">
          <Input prefix={<UserOutlined />} placeholder={accountTexts.contactPlaceholder} maxLength={50} />
        </Form.Item>
        <Form.Item name="company">
          <Input prefix={<BankOutlined />} placeholder={accountTexts.companyPlaceholder} maxLength={100} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} disabled={registered}>
          {accountTexts.signup}
        </Button>
      </Form>
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Typography.Text type="secondary">{accountTexts.haveAccount}</Typography.Text>
        <Link to={`/login${params.get('returnUrl') ? `?returnUrl=${encodeURIComponent(target)}` : ''}`}>
          {accountTexts.goLogin}
        </Link>
      </Flex>
    </AuthLayout>
  );
}
