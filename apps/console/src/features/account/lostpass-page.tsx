import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../app/http';
import { accountTexts } from '../../locales/zh-CN/account';
import { resetPassword, sendPublicSms, verifySms } from './api/auth';
import { AuthLayout } from './components/light/auth-layout';
import { Button, Links, Steps, TextField } from './components/light/controls';
import { codeRules, confirmRules, mobileRules, newPasswordRules } from './components/light/rules';
import { CodeField } from './components/light/sms-fields';
import { toast } from './components/light/toast';
import { useLightForm } from './components/light/use-light-form';

/** /lostpass: prove the mobile with an SMS code, then set a new password; afterwards, /login. */
export function LostpassPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [proof, setProof] = useState<{ mobile: string; code: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const verifyForm = useLightForm(
    { mobile: '', code: '' },
    { mobile: { rules: mobileRules }, code: { rules: codeRules } },
  );
  const resetForm = useLightForm(
    { password: '', confirm: '' },
    { password: { rules: newPasswordRules }, confirm: { rules: confirmRules('password'), dependencies: ['password'] } },
  );

  const fail = async (failure: unknown) => {
    toast.error(await errorText(failure));
  };

  const sendCode = async () => {
    const valid = verifyForm.validate(['mobile']);
    if (!valid) throw new Error('invalid mobile');
    try {
      await sendPublicSms(valid.mobile, 'lostpass');
      toast.success(accountTexts.sendSuccess);
    } catch (failure) {
      await fail(failure);
      throw failure;
    }
  };

  const verify = async (values: { mobile: string; code: string }) => {
    setBusy(true);
    try {
      await verifySms(values.mobile, values.code, 'lostpass');
      setProof(values);
      setStep(1);
    } catch (failure) {
      await fail(failure);
    } finally {
      setBusy(false);
    }
  };

  const reset = async (values: { password: string }) => {
    if (!proof) return;
    setBusy(true);
    try {
      await resetPassword({ ...proof, password: values.password });
      toast.success(accountTexts.changed);
      navigate('/login', { replace: true });
    } catch (failure) {
      await fail(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={accountTexts.lostpassTitle}>
      <Steps current={step} titles={[accountTexts.fields.mobile, accountTexts.newPasswordPlaceholder.split('（')[0]]} />
      {step === 0 ? (
        <form noValidate onSubmit={verifyForm.onSubmit(verify)}>
          <TextField
            icon="mobile"
            placeholder={accountTexts.mobilePlaceholder}
            maxLength={11}
            field={verifyForm.field('mobile')}
          />
          <CodeField field={verifyForm.field('code')} onSend={sendCode} />
          <Button primary type="submit" block loading={busy}>
            {accountTexts.next}
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={resetForm.onSubmit(reset)}>
          <TextField
            icon="lock"
            password
            placeholder={accountTexts.newPasswordPlaceholder}
            autoComplete="new-password"
            field={resetForm.field('password')}
          />
          <TextField
            icon="lock"
            password
            placeholder={accountTexts.confirmNewPasswordPlaceholder}
            autoComplete="new-password"
            field={resetForm.field('confirm')}
          />
          <Button primary type="submit" block loading={busy}>
            {accountTexts.resetSubmit}
          </Button>
        </form>
      )}
      <Links centered>
        <Link to="/login">{accountTexts.backToLogin}</Link>
      </Links>
    </AuthLayout>
  );
}
