import { useQuery } from '@tanstack/react-query';
import { USER_PROFILE_FIELDS, type UserProfileField, type WechatOfficialCustomization } from '@yanbo/contracts';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  Row,
  Skeleton,
  Tabs,
  Typography,
} from 'antd';
import { brandingTexts as t, userProfileFieldLabels } from '../../../locales/zh-CN/branding';
import { imageTemplateQuery, useSaveUserProfileSetting } from '../api/image-template';
import { useSaveWechatOfficial, wechatAuthQuery } from '../api/wechat-auth';
import { ServerIps } from './server-ips';

/** Authorisation: the official account (the default tab, weChatAuth, seed 001 §4) and the audience's profile fields. */
export function AuthTab({ readonly }: { readonly: boolean }) {
  return (
    <Card>
      <Tabs
        defaultActiveKey="weChatAuth"
        items={[
          {
            key: 'weChatAuth',
            label: t['branding.auth.weChatAuth'],
            children: <WechatAuthPanel readonly={readonly} />,
          },
          {
            key: 'userProfile',
            label: t['branding.auth.userProfile'],
            children: <UserProfilePanel readonly={readonly} />,
          },
        ]}
      />
    </Card>
  );
}

function WechatAuthPanel({ readonly }: { readonly: boolean }) {
  const auth = useQuery(wechatAuthQuery());
  const save = useSaveWechatOfficial();
  const [form] = Form.useForm<WechatOfficialCustomization>();
  if (!auth.data) return <Skeleton active />;
  const data = auth.data;
  return (
    <Row gutter={32}>
      <Col xs={24} xl={14}>
        <Descriptions
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            {
              key: 'status',
              label: t['branding.auth.status'],
              children: (
                <Badge
                  status={data.authorized ? 'success' : 'default'}
                  text={data.authorized ? t['branding.auth.authorized'] : t['branding.auth.unauthorized']}
                  data-testid="wechat-auth-status"
                />
              ),
            },
            ...(data.authorized
              ? [
                  { key: 'name', label: t['branding.auth.name'], children: data.name },
                  { key: 'appId', label: t['branding.auth.appId'], children: data.appId },
                  {
                    key: 'at',
                    label: t['branding.auth.authorizedAt'],
                    children: data.authorizedAt ? new Date(data.authorizedAt).toLocaleString('zh-CN') : '',
                  },
                ]
              : []),
          ]}
        />
        <Form
          form={form}
          layout="vertical"
          disabled={readonly}
          initialValues={{ appId: data.appId, name: data.name, appSecret: '' }}
          onFinish={(values) =>
            save.mutate(
              {
                appId: values.appId.trim(),
                name: values.name.trim(),
                appSecret: values.appSecret?.trim() || undefined,
              },
              { onSuccess: () => form.setFieldValue('appSecret', '') },
            )
          }
          style={{ maxWidth: 520 }}
        >
          <Form.Item
            name="name"
            label={t['branding.auth.name']}
            rules={[{ required: true, whitespace: true, message: t['branding.auth.nameRequired'] }]}
          >
            <Input placeholder={t['branding.auth.namePlaceholder']} maxLength={30} />
          </Form.Item>
          <Form.Item
            name="appId"
            label={t['branding.auth.appId']}
            rules={[
              { required: true, message: t['branding.auth.appIdRequired'] },
              { pattern: /^wx[0-9a-f]{16}$/, message: t['branding.custom.apiAppId.invalid'] },
            ]}
          >
            <Input placeholder={t['branding.custom.apiAppId.placeholder']} />
          </Form.Item>
          <Form.Item
            name="appSecret"
            label={t['branding.auth.appSecret']}
            rules={[
              { required: !data.authorized, message: t['branding.auth.appSecretRequired'] },
              { pattern: /^[0-9A-Za-z]{16,64}$/, message: t['branding.custom.apiAppSecret.invalid'] },
            ]}
          >
            <Input.Password
              autoComplete="new-password"
              placeholder={
                data.authorized ? t['branding.auth.appSecretKeep'] : t['branding.custom.apiAppSecret.placeholder']
              }
            />
          </Form.Item>
          {!readonly && (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t['branding.auth.submit']}
            </Button>
          )}
        </Form>
      </Col>
      <Col xs={24} xl={10}>
        <Typography.Paragraph type="secondary">{t['branding.auth.ipHint']}</Typography.Paragraph>
        <ServerIps compact />
      </Col>
    </Row>
  );
}

function UserProfilePanel({ readonly }: { readonly: boolean }) {
  const template = useQuery(imageTemplateQuery());
  const save = useSaveUserProfileSetting();
  if (!template.data) return <Skeleton active />;
  return (
    <Form
      layout="vertical"
      disabled={readonly}
      initialValues={{ userProfilePermission: template.data.userProfilePermission }}
      onFinish={(values: { userProfilePermission: UserProfileField[] }) =>
        // Kept in the global template's order.
        save.mutate({
          userProfilePermission: USER_PROFILE_FIELDS.filter((field) => values.userProfilePermission.includes(field)),
        })
      }
    >
      <Typography.Paragraph type="secondary">{t['branding.auth.profileHint']}</Typography.Paragraph>
      <Form.Item name="userProfilePermission">
        <Checkbox.Group>
          <Flex wrap gap={16}>
            {USER_PROFILE_FIELDS.map((field) => (
              <Checkbox key={field} value={field} style={{ minWidth: 96 }}>
                {userProfileFieldLabels[field]}
              </Checkbox>
            ))}
          </Flex>
        </Checkbox.Group>
      </Form.Item>
      {!readonly && (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t['branding.auth.profileSubmit']}
        </Button>
      )}
    </Form>
  );
}
