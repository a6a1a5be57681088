import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SUBACCOUNT_GROUP } from '@yanbo/contracts';
import { Alert, Button, Card, Flex, Form, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { errorText, showError } from '../../app/http';
import { subaccountTexts as t } from '../../locales/zh-CN/subaccounts';
import { subaccountCountQuery, useCreateSubaccount } from './api/subaccounts';
import { QuotaBar } from './components/quota-bar';
import {
  SUBACCOUNT_FIELDS,
  SubaccountFormFields,
  type SubaccountFormValues,
} from './components/subaccount-form-fields';
import { failedField } from './subaccount-rules';

/** /subaccount/creatson: a new sub-account within the quota → 账号创建成功 and back to the list (seed 000 §2). */
export function SubaccountCreatePage() {
  const [form] = Form.useForm<SubaccountFormValues>();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const create = useCreateSubaccount();
  const count = useQuery(subaccountCountQuery());
  // Opened from a group's view, the new sub-account goes to that group.
  const fromGroup = Number(searchParams.get('groupId'));
  const initialGroup = Number.isInteger(fromGroup) && fromGroup > 0 ? fromGroup : DEFAULT_SUBACCOUNT_GROUP;

  const submit = async (values: SubaccountFormValues) => {
    try {
      await create.mutateAsync({
        username: values.username.trim(),
        password: values.password ?? '',
        remark: values.remark?.trim() ?? '',
        groupId: values.groupId,
      });
      navigate('/subaccount');
    } catch (error) {
      const field = failedField(error, SUBACCOUNT_FIELDS);
      if (field) form.setFields([{ name: field, errors: [await errorText(error)] }]);
      await showError(error);
    }
  };

  return (
    <>
      <PageHeader name="subaccounts.create" />
      <QuotaBar count={count.data} />
      <Card>
        <Flex gap={48} wrap>
          <Form<SubaccountFormValues>
            form={form}
            layout="vertical"
            onFinish={submit}
            initialValues={{ username: '', password: '', remark: '', groupId: initialGroup }}
            style={{ flex: '1 1 420px', maxWidth: 520 }}
            requiredMark
          >
            <SubaccountFormFields form={form} editing={false} />
            <Flex gap={12}>
              <Button type="primary" htmlType="submit" loading={create.isPending}>
                {t['subaccounts.form.submit']}
              </Button>
              <Button onClick={() => navigate('/subaccount')}>{t['subaccounts.form.back']}</Button>
            </Flex>
          </Form>
          <div style={{ flex: '1 1 260px', maxWidth: 360 }}>
            <Alert type="info" showIcon title={t['subaccounts.form.loginHint']} />
            <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
              {t['subaccounts.form.passwordHint']}
            </Typography.Paragraph>
          </div>
        </Flex>
      </Card>
    </>
  );
}
