import { LockOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Steps } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { feedback, toastSuccess } from '../../app/feedback';
import { errorText } from '../../app/http';
import { accountTexts } from '../../locales/zh-CN/account';
import { resetPassword, sendPublicSms, verifySms } from './api/auth';
import { AuthLayout } from './components/auth-layout';
import { confirmRules, newPasswordRules } from './components/form-rules';
import { MobileCodeFields } from './components/mobile-code-fields';

/** /lostpass: prove the mobile with an SMS code, then set a new password; afterwards, /login. */
export function LostpassPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [proof, setProof] = useState<{ mobile: string; code: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [verifyForm] = Form.useForm<{ mobile: string; code: string }>();

  const fail = async (failure: unknown) => {
    feedback().message.error(await errorText(failure));
  };

  const sendCode = async () => {
    const { mobile } = await verifyForm.validateFields(['mobile']);
    try {
      await sendPublicSms(mobile, 'lostpass');
      toastSuccess(accountTexts.sendSuccess);
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
      toastSuccess(accountTexts.changed);
      navigate('/login', { replace: true });
    } catch (failure) {
      await fail(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={accountTexts.lostpassTitle}>
      <Steps
        size="small"
        current={step}
        items={[{ title: accountTexts.fields.mobile }, { title: accountTexts.newPasswordPlaceholder.split('（')[0] }]}
        style={{ marginBottom: 24 }}
      />
      {step === 0 ? (
        <Form form={verifyForm} size="large" onFinish={verify}>
          <MobileCodeFields onSend={sendCode} />
          <Button type="primary" htmlType="submit" block loading={busy}>
            {accountTexts.next}
          </Button>
        </Form>
      ) : (
        <Form size="large" onFinish={reset}>
          <Form.Item name="password" rules={newPasswordRules}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={accountTexts.newPasswordPlaceholder}
              autoComplete="new-password"
            />
          </Form.Item>
          <Form.Item name="confirm" dependencies={['password']} rules={confirmRules('password')}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={accountTexts.confirmNewPasswordPlaceholder}
              autoComplete="new-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {accountTexts.resetSubmit}
          </Button>
        </Form>
      )}
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Link to="/login">{accountTexts.backToLogin}</Link>
      </Flex>
    </AuthLayout>
  );
}
