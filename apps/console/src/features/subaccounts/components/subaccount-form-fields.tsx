import { ThunderboltOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SUBACCOUNT_GROUP } from '@yanbo/contracts';
import { Button, Form, type FormInstance, Input, Select, Space } from 'antd';
import { subaccountTexts as t } from '../../../locales/zh-CN/subaccounts';
import { subaccountGroupsQuery } from '../api/subaccount-groups';
import { generatePassword, passwordRules, REMARK_MAX, usernameRules } from '../subaccount-rules';

export interface SubaccountFormValues {
  username: string;
  password?: string;
  remark: string;
  /** -1 is 默认分组 (no group). */
  groupId: number;
}

export const SUBACCOUNT_FIELDS = ['username', 'password', 'remark', 'groupId'] as const;

/** The fields of the create page and the edit modal: username, password, remark and group (默认分组 first). */
export function SubaccountFormFields({
  form,
  editing,
}: {
  form: FormInstance<SubaccountFormValues>;
  editing: boolean;
}) {
  const groups = useQuery(subaccountGroupsQuery());
  return (
    <>
      <Form.Item name="username" label={t['subaccounts.form.username']} rules={usernameRules} validateFirst>
        <Input placeholder={t['subaccounts.form.usernamePlaceholder']} maxLength={32} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={t['subaccounts.form.password']}
        required={!editing}
        extra={editing ? t['subaccounts.form.passwordChangeHint'] : undefined}
      >
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="password" noStyle rules={passwordRules(!editing)}>
            <Input.Password
              placeholder={
                editing ? t['subaccounts.form.newPasswordPlaceholder'] : t['subaccounts.form.passwordPlaceholder']
              }
              maxLength={64}
              autoComplete="new-password"
              aria-label={t['subaccounts.form.password']}
            />
          </Form.Item>
          <Button
            icon={<ThunderboltOutlined />}
            onClick={() => {
              form.setFieldValue('password', generatePassword());
              void form.validateFields(['password']);
            }}
          >
            {t['subaccounts.form.generate']}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="remark" label={t['subaccounts.form.remark']}>
        <Input placeholder={t['subaccounts.form.remarkPlaceholder']} maxLength={REMARK_MAX} showCount />
      </Form.Item>
      <Form.Item name="groupId" label={t['subaccounts.form.group']}>
        <Select
          loading={groups.isLoading}
          options={[
            { value: DEFAULT_SUBACCOUNT_GROUP, label: t['subaccounts.group.default'] },
            ...(groups.data?.items ?? []).map((group) => ({ value: group.id, label: group.name })),
          ]}
        />
      </Form.Item>
    </>
  );
}
