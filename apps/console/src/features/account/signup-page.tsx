import { DEFAULT_CONSOLE_TYPE, type SignupBody } from '@yanbo/contracts';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorText } from '../../app/http';
import { accountTexts } from '../../locales/zh-CN/account';
import { mobileExists, sendPublicSms, signup } from './api/auth';
import { startSession } from './api/session';
import { AuthLayout } from './components/light/auth-layout';
import { Button, Links, styles, TextField } from './components/light/controls';
import { codeRules, confirmRules, mobileRules, newPasswordRules } from './components/light/rules';
import { CodeField } from './components/light/sms-fields';
import { toast } from './components/light/toast';
import { useLightForm } from './components/light/use-light-form';
import { reportSignup } from './report-signup';
import { safeReturnUrl } from './return-url';

type SignupForm = Pick<SignupBody, 'mobile' | 'code' | 'password' | 'contact' | 'company'> & { confirm: string };

/** /signup: a new mobile, its SMS code and a password; then signed in and sent on. */
export function SignupPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useLightForm<SignupForm>(
    { mobile: '', code: '', password: '', confirm: '', contact: '', company: '' },
    {
      mobile: { rules: mobileRules },
      code: { rules: codeRules },
      password: { rules: newPasswordRules },
      confirm: { rules: confirmRules('password'), dependencies: ['password'] },
    },
  );
  const [registered, setRegistered] = useState(false);
  const [busy, setBusy] = useState(false);
  const consoleType = params.get('type') || DEFAULT_CONSOLE_TYPE;
  const target = safeReturnUrl(params.get('returnUrl'));

  // Before sending a code, the flow checks whether the mobile already has an account (seed 000 §5).
  const checkMobile = async () => {
    const mobile = form.values.mobile;
    if (!mobile || form.hasError('mobile')) return false;
    const { exists } = await mobileExists(mobile);
    setRegistered(exists);
    return exists;
  };

  const sendCode = async () => {
    const valid = form.validate(['mobile']);
    if (!valid) throw new Error('invalid mobile');
    if (await checkMobile()) throw new Error('registered');
    try {
      await sendPublicSms(valid.mobile, 'signup');
      toast.success(accountTexts.smsSent);
    } catch (failure) {
      toast.error(await errorText(failure));
      throw failure;
    }
  };

  const submit = async ({ confirm: _confirm, ...body }: SignupForm) => {
    setBusy(true);
    try {
      // A promotion link (GET /v3/promote) carries ?promoter=; the sign-up is counted for that agent.
      const session = await signup({ ...body, promoter: params.get('promoter') || undefined });
      startSession(session);
      toast.success(accountTexts.signupSuccess);
      await reportSignup({ agentId: session.me.id, type: consoleType });
      navigate(target, { replace: true });
    } catch (failure) {
      if (failure instanceof ApiError && failure.field && failure.field in form.values) {
        form.setError(failure.field as keyof SignupForm, await errorText(failure));
      } else {
        toast.error(await errorText(failure));
      }
    } finally {
      setBusy(false);
    }
  };

  const mobileField = form.field('mobile', {
    onBlur: () => void checkMobile(),
    onChange: () => setRegistered(false),
  });
  return (
    <AuthLayout title={accountTexts.signupTitle}>
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <TextField
          icon="mobile"
          placeholder={accountTexts.mobilePlaceholder}
          maxLength={11}
          field={
            registered
              ? {
                  ...mobileField,
                  error: (
                    <span>
                      {accountTexts.mobileRegistered}，<Link to="/login">{accountTexts.goLogin}</Link>
                    </span>
                  ),
                }
              : mobileField
          }
        />
        <CodeField field={form.field('code')} onSend={sendCode} disabled={registered} />
        <TextField
          icon="lock"
          password
          placeholder={accountTexts.setPasswordPlaceholder}
          autoComplete="new-password"
          field={form.field('password')}
        />
        <TextField
          icon="lock"
          password
          placeholder={accountTexts.confirmPasswordPlaceholder}
          autoComplete="new-password"
          field={form.field('confirm')}
        />
        <TextField
          icon="user"
          placeholder={accountTexts.contactPlaceholder}
          maxLength={50}
          field={form.field('contact')}
        />
        <TextField
          icon="bank"
          placeholder={accountTexts.companyPlaceholder}
          maxLength={100}
          field={form.field('company')}
        />
        <Button primary type="submit" block loading={busy} disabled={registered}>
          {accountTexts.signup}
        </Button>
      </form>
      <Links centered>
        <span className={styles.secondary}>{accountTexts.haveAccount}</span>
        <Link to={`/login${params.get('returnUrl') ? `?returnUrl=${encodeURIComponent(target)}` : ''}`}>
          {accountTexts.goLogin}
        </Link>
      </Links>
    </AuthLayout>
  );
}
