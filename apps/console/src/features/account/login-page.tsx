import { KeyOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import type { Session } from '@yanbo/contracts';
import { Alert, Button, Flex, Form, Input, Tabs } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../app/http';
import { accountTexts } from '../../locales/zh-CN/account';
import { loginWithPassword, loginWithSms, loginWithToken, sendPublicSms } from './api/auth';
import { startSession } from './api/session';
import { AuthLayout } from './components/auth-layout';
import { MobileCodeFields } from './components/mobile-code-fields';
import { safeReturnUrl } from './return-url';
import { smsLoginErrorText } from './sms-login-error';

type Method = 'password' | 'sms' | 'token';

/** /login: by password, by SMS code, or by token (?token= logs in by itself). */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [method, setMethod] = useState<Method>(params.get('token') ? 'token' : 'password');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [smsForm] = Form.useForm<{ mobile: string; code: string }>();
  const target = safeReturnUrl(params.get('returnUrl'));

  const attempt = async (login: () => Promise<Session>, describe: (error: unknown) => Promise<string> | string) => {
    setBusy(true);
    setError(null);
    try {
      startSession(await login());
      navigate(target, { replace: true });
    } catch (failure) {
      setError(await describe(failure));
    } finally {
      setBusy(false);
    }
  };

  const ticket = params.get('token');
  const autoLogin = useRef(false);
  useEffect(() => {
    if (!ticket || autoLogin.current) return;
    autoLogin.current = true;
    void attempt(() => loginWithToken(ticket), errorText);
  });

  const sendCode = async () => {
    const { mobile } = await smsForm.validateFields(['mobile']);
    setError(null);
    try {
      await sendPublicSms(mobile, 'login');
    } catch (failure) {
      setError(smsLoginErrorText(failure));
      throw failure;
    }
  };

  const items = [
    {
      key: 'password',
      label: accountTexts.passwordTab,
      children: (
        <Form
          size="large"
          onFinish={(values: { username: string; password: string }) =>
            attempt(() => loginWithPassword(values), errorText)
          }
        >
          <Form.Item name="username" rules={[{ required: true, message: accountTexts.required.username }]}>
            <Input prefix={<UserOutlined />} placeholder={accountTexts.usernamePlaceholder} autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: accountTexts.required.password }]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={accountTexts.passwordPlaceholder}
              autoComplete="current-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {accountTexts.login}
          </Button>
        </Form>
      ),
    },
    {
      key: 'sms',
      label: accountTexts.smsTab,
      children: (
        <Form
          form={smsForm}
          size="large"
          onFinish={(values: { mobile: string; code: string }) =>
            attempt(() => loginWithSms(values), smsLoginErrorText)
          }
        >
          <MobileCodeFields onSend={sendCode} />
          <Button type="primary" htmlType="submit" block loading={busy}>
            {accountTexts.login}
          </Button>
        </Form>
      ),
    },
    {
      key: 'token',
      label: accountTexts.tokenTab,
      children: (
        <Form
          size="large"
          initialValues={{ token: ticket ?? '' }}
          onFinish={(values: { token: string }) => attempt(() => loginWithToken(values.token.trim()), errorText)}
        >
          <Form.Item name="token" rules={[{ required: true, message: accountTexts.required.token }]}>
            <Input prefix={<KeyOutlined />} placeholder={accountTexts.tokenPlaceholder} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {accountTexts.login}
          </Button>
        </Form>
      ),
    },
  ];

  return (
    <AuthLayout>
      <Tabs
        activeKey={method}
        onChange={(key) => {
          setMethod(key as Method);
          setError(null);
        }}
        items={items}
        centered
      />
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 16 }} />}
      <Flex justify="space-between" style={{ marginTop: 16 }}>
        <Link to={`/signup${params.get('returnUrl') ? `?returnUrl=${encodeURIComponent(target)}` : ''}`}>
          {accountTexts.signupLink}
        </Link>
        <Link to="/lostpass">{accountTexts.lostpassLink}</Link>
      </Flex>
    </AuthLayout>
  );
}
