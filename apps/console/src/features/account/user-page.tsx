import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import type { Me } from '@yanbo/contracts';
import { Alert, Avatar, Button, Card, Descriptions, Flex, Form, Input, Space, Spin, Tabs, Upload } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { feedback, toastSuccess } from '../../app/feedback';
import { showError } from '../../app/http';
import { useMe } from '../../app/session';
import { accountTexts } from '../../locales/zh-CN/account';
import { uploadAvatar, useUpdateProfile } from './api/profile';
import { LoginRecordsTable } from './components/login-records-table';
import { SecurityForms } from './components/security-forms';
import { WechatBinding } from './components/wechat-binding';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** /user: the account's profile, security, bound messaging-platform identity and login records. */
export function UserPage() {
  const me = useMe();
  // Back from the messaging platform's authorize page (?code=): open the tab that completes the binding.
  const [params] = useSearchParams();
  if (!me.data) return <Spin />;
  const readonly = me.data.isSubAgent;
  return (
    <>
      <PageHeader name="account" />
      <Flex vertical gap={16}>
        {readonly && <Alert type="info" showIcon title={accountTexts.subAccountReadonly} />}
        <ProfileCard me={me.data} readonly={readonly} />
        <Card>
          <Tabs
            defaultActiveKey={params.has('code') && !readonly ? 'wechat' : undefined}
            items={[
              ...(readonly
                ? []
                : [
                    { key: 'security', label: accountTexts.security, children: <SecurityForms me={me.data} /> },
                    { key: 'wechat', label: accountTexts.wechat, children: <WechatBinding /> },
                  ]),
              { key: 'records', label: accountTexts.loginRecords, children: <LoginRecordsTable /> },
            ]}
          />
        </Card>
      </Flex>
    </>
  );
}

function ProfileCard({ me, readonly }: { me: Me; readonly: boolean }) {
  const update = useUpdateProfile(me.id);
  const [uploading, setUploading] = useState(false);
  const f = accountTexts.fields;

  const changeAvatar = async (file: File) => {
    if (!IMAGE_TYPES.includes(file.type)) return void feedback().message.error(accountTexts.avatarType);
    setUploading(true);
    try {
      const { url } = await uploadAvatar(file);
      await update.mutateAsync({ avatar: url });
      toastSuccess(accountTexts.profileSaved);
    } catch (failure) {
      await showError(failure);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card title={accountTexts.profile}>
      <Flex gap={32} wrap>
        <Flex vertical align="center" gap={12}>
          <Avatar size={96} src={me.avatar || undefined} icon={<UserOutlined />} />
          {!readonly && (
            <Upload
              accept={IMAGE_TYPES.join(',')}
              showUploadList={false}
              beforeUpload={(file) => {
                void changeAvatar(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={uploading}>
                {accountTexts.uploadAvatar}
              </Button>
            </Upload>
          )}
        </Flex>
        <Flex vertical gap={16} style={{ flex: 1, minWidth: 320 }}>
          <Descriptions
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'id', label: f.id, children: me.id },
              { key: 'mobile', label: f.mobile, children: me.mobile },
              { key: 'status', label: f.status, children: accountTexts.statuses[me.status] ?? me.status },
              { key: 'coopLevel', label: f.coopLevel, children: me.coopLevel },
              { key: 'createdAt', label: f.createdAt, children: new Date(me.createdAt).toLocaleString('zh-CN') },
              ...(me.subagent ? [{ key: 'sub', label: f.subAccount, children: me.subagent.username }] : []),
            ]}
          />
          <Form
            layout="vertical"
            disabled={readonly}
            initialValues={{ contact: me.contact, company: me.company, email: me.email }}
            onFinish={(values: { contact: string; company: string; email: string }) =>
              update.mutate(values, { onSuccess: () => toastSuccess(accountTexts.profileSaved) })
            }
            style={{ maxWidth: 520 }}
          >
            <Form.Item name="contact" label={f.contact}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="company" label={f.company}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="email" label={f.email} rules={[{ type: 'email', message: accountTexts.invalidEmail }]}>
              <Input maxLength={100} />
            </Form.Item>
            {!readonly && (
              <Space>
                <Button type="primary" htmlType="submit" loading={update.isPending}>
                  {accountTexts.save}
                </Button>
              </Space>
            )}
          </Form>
        </Flex>
      </Flex>
    </Card>
  );
}
