import { useQuery } from '@tanstack/react-query';
import type { ActivityManager, ActivityManagerUpdate } from '@yanbo/contracts';
import { Avatar, Button, Col, Flex, Form, Input, Row, Tag } from 'antd';
import { activitySettingsTexts as t } from '../../../locales/zh-CN/activity-settings';
import { managerQuery, useSaveManager } from '../api/settings-queries';
import { isImageAddress } from '../settings-rules';
import { PictureAddressInput } from './picture-address-input';
import { SettingsSection } from './settings-section';

function ManagerForm({ activityId, manager }: { activityId: number; manager: ActivityManager }) {
  const [form] = Form.useForm<ActivityManagerUpdate>();
  const save = useSaveManager(activityId);
  const avatar = Form.useWatch('avatar', form) ?? manager.avatar;
  const nickname = Form.useWatch('nickname', form) ?? manager.nickname;
  return (
    <Row gutter={32}>
      <Col xs={24} lg={14}>
        <Form<ActivityManagerUpdate>
          form={form}
          layout="vertical"
          initialValues={{ avatar: manager.avatar, nickname: manager.nickname }}
          onFinish={(values) => save.mutate(values)}
        >
          <Form.Item
            name="avatar"
            label={t['manager.avatar']}
            rules={[
              {
                validator: (_, value: string | undefined) =>
                  isImageAddress((value ?? '').trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error(t['settings.urlInvalid'])),
              },
            ]}
          >
            <PictureAddressInput activityId={activityId} testId="manager-avatar" />
          </Form.Item>
          <Form.Item
            name="nickname"
            label={t['manager.nickname']}
            rules={[
              { required: true, whitespace: true, message: t['manager.nicknameRequired'] },
              { max: 30, message: t['manager.nicknameTooLong'] },
            ]}
          >
            <Input showCount maxLength={30} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t['settings.save']}
          </Button>
        </Form>
      </Col>
      <Col xs={24} lg={10}>
        <Flex vertical align="center" gap={8} style={{ padding: 16, background: '#fafafa', borderRadius: 8 }}>
          <Avatar size={80} src={avatar && isImageAddress(avatar) ? avatar : undefined}>
            {nickname?.slice(0, 1)}
          </Avatar>
          <span style={{ fontWeight: 500 }}>{nickname}</span>
          {manager.isDefault && <Tag>{t['manager.defaultTag']}</Tag>}
        </Flex>
      </Col>
    </Row>
  );
}

export function ManagerTab({ activityId }: { activityId: number }) {
  const query = useQuery(managerQuery(activityId));
  return (
    <SettingsSection title={t['manager.title']} hint={t['manager.hint']} query={query}>
      {(manager) => <ManagerForm activityId={activityId} manager={manager} />}
    </SettingsSection>
  );
}
