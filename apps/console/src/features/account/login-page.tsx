import type { Session } from '@yanbo/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../app/http';
import { accountTexts } from '../../locales/zh-CN/account';
import { loginWithPassword, loginWithSms, loginWithToken, sendPublicSms } from './api/auth';
import { startSession } from './api/session';
import { AuthLayout } from './components/light/auth-layout';
import { Button, ErrorAlert, Links, Tabs, TextField } from './components/light/controls';
import { codeRules, mobileRules, required } from './components/light/rules';
import { CodeField } from './components/light/sms-fields';
import { useLightForm } from './components/light/use-light-form';
import { safeReturnUrl } from './return-url';
import { smsLoginErrorText } from './sms-login-error';

type Method = 'password' | 'sms' | 'token';

/** /login: by password, by SMS code, or by token (?token= logs in by itself). */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ticket = params.get('token');
  const [method, setMethod] = useState<Method>(ticket ? 'token' : 'password');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordForm = useLightForm(
    { username: '', password: '' },
    {
      username: { rules: [required(accountTexts.required.username)] },
      password: { rules: [required(accountTexts.required.password)] },
    },
  );
  const smsForm = useLightForm(
    { mobile: '', code: '' },
    { mobile: { rules: mobileRules }, code: { rules: codeRules } },
  );
  const tokenForm = useLightForm(
    { token: ticket ?? '' },
    { token: { rules: [required(accountTexts.required.token)] } },
  );
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

  const autoLogin = useRef(false);
  useEffect(() => {
    if (!ticket || autoLogin.current) return;
    autoLogin.current = true;
    void attempt(() => loginWithToken(ticket), errorText);
  });

  const sendCode = async () => {
    const valid = smsForm.validate(['mobile']);
    if (!valid) throw new Error('invalid mobile');
    setError(null);
    try {
      await sendPublicSms(valid.mobile, 'login');
    } catch (failure) {
      setError(smsLoginErrorText(failure));
      throw failure;
    }
  };

  const submitButton = (
    <Button primary type="submit" block loading={busy}>
      {accountTexts.login}
    </Button>
  );
  const items = [
    {
      key: 'password' as const,
      label: accountTexts.passwordTab,
      children: (
        <form
          noValidate
          onSubmit={passwordForm.onSubmit((values) => attempt(() => loginWithPassword(values), errorText))}
        >
          <TextField
            icon="user"
            placeholder={accountTexts.usernamePlaceholder}
            autoComplete="username"
            field={passwordForm.field('username')}
          />
          <TextField
            icon="lock"
            password
            placeholder={accountTexts.passwordPlaceholder}
            autoComplete="current-password"
            field={passwordForm.field('password')}
          />
          {submitButton}
        </form>
      ),
    },
    {
      key: 'sms' as const,
      label: accountTexts.smsTab,
      children: (
        <form
          noValidate
          onSubmit={smsForm.onSubmit((values) => attempt(() => loginWithSms(values), smsLoginErrorText))}
        >
          <TextField
            icon="mobile"
            placeholder={accountTexts.mobilePlaceholder}
            maxLength={11}
            field={smsForm.field('mobile')}
          />
          <CodeField field={smsForm.field('code')} onSend={sendCode} />
          {submitButton}
        </form>
      ),
    },
    {
      key: 'token' as const,
      label: accountTexts.tokenTab,
      children: (
        <form
          noValidate
          onSubmit={tokenForm.onSubmit((values) => attempt(() => loginWithToken(values.token.trim()), errorText))}
        >
          <TextField icon="key" placeholder={accountTexts.tokenPlaceholder} field={tokenForm.field('token')} />
          {submitButton}
        </form>
      ),
    },
  ];

  return (
    <AuthLayout>
      <Tabs
        items={items}
        active={method}
        onChange={(key) => {
          setMethod(key);
          setError(null);
        }}
      />
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <Links>
        <Link to={`/signup${params.get('returnUrl') ? `?returnUrl=${encodeURIComponent(target)}` : ''}`}>
          {accountTexts.signupLink}
        </Link>
        <Link to="/lostpass">{accountTexts.lostpassLink}</Link>
      </Links>
    </AuthLayout>
  );
}
