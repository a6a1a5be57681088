import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ROBOT_BATCH_MAX, type RobotProfile, type RobotTemplateKey } from '@yanbo/contracts';
import { Avatar, Button, Flex, Form, Input, InputNumber, Modal, Radio, Segmented, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { robotTexts as t } from '../../../locales/zh-CN/robots';
import { randomRobotsQuery, robotAvatarsQuery, robotTemplatesQuery } from '../api/robots';

type Mode = 'random' | 'manual';

interface AddRobotsModalProps {
  open: boolean;
  saving: boolean;
  onSubmit: (robots: RobotProfile[]) => Promise<unknown>;
  onClose: () => void;
}

/** Add robots: a batch drawn at random in a nickname style (redrawn until it looks right), or one made by hand. */
export function AddRobotsModal({ open, saving, onSubmit, onClose }: AddRobotsModalProps) {
  const [mode, setMode] = useState<Mode>('random');
  const [template, setTemplate] = useState<RobotTemplateKey>('general');
  const [count, setCount] = useState(10);
  const [draw, setDraw] = useState(0);
  const [form] = Form.useForm<RobotProfile>();
  const templates = useQuery(robotTemplatesQuery);
  const avatars = useQuery(robotAvatarsQuery);
  const random = useQuery({ ...randomRobotsQuery(template, count, draw), enabled: open && mode === 'random' });
  useEffect(() => {
    if (open) form.setFieldsValue({ nickname: '', avatar: avatars.data?.items[0]?.url ?? '' });
  }, [open, form, avatars.data]);

  const submit = async () => {
    if (mode === 'random') {
      if (random.data) await onSubmit(random.data.items).then(onClose);
      return;
    }
    const values = await form.validateFields();
    await onSubmit([{ nickname: values.nickname.trim(), avatar: values.avatar }]).then(onClose);
  };

  return (
    <Modal
      open={open}
      title={t['robots.form.title']}
      okText={t['robots.form.submit']}
      cancelText={t['robots.cancel']}
      confirmLoading={saving}
      okButtonProps={{ disabled: mode === 'random' && !random.data }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      width={640}
      forceRender
    >
      <Flex vertical gap={16}>
        <Segmented<Mode>
          value={mode}
          onChange={setMode}
          options={[
            { value: 'random', label: t['robots.form.random'] },
            { value: 'manual', label: t['robots.form.manual'] },
          ]}
        />
        {mode === 'random' ? (
          <Flex vertical gap={12}>
            <Flex gap={12} align="center" wrap>
              <Typography.Text>{t['robots.form.template']}</Typography.Text>
              <Radio.Group
                optionType="button"
                value={template}
                onChange={(event) => setTemplate(event.target.value)}
                options={(templates.data?.items ?? []).map((item) => ({
                  value: item.key,
                  label: <span title={item.description}>{item.name}</span>,
                }))}
              />
            </Flex>
            <Flex gap={12} align="center">
              <Typography.Text>{t['robots.form.count']}</Typography.Text>
              <InputNumber
                min={1}
                max={ROBOT_BATCH_MAX}
                precision={0}
                value={count}
                onChange={(value) => setCount(value ?? 1)}
                aria-label={t['robots.form.count']}
              />
              <Button icon={<ReloadOutlined />} onClick={() => setDraw((n) => n + 1)} loading={random.isFetching}>
                {t['robots.form.reroll']}
              </Button>
            </Flex>
            {random.data && (
              <>
                <Typography.Text type="secondary">{t['robots.form.preview'](random.data.items.length)}</Typography.Text>
                <Flex gap={8} wrap data-testid="robot-preview" style={{ maxHeight: 220, overflowY: 'auto' }}>
                  {random.data.items.map((robot, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a drawn batch is shown as drawn and never reordered
                    <Tag key={index} style={{ padding: '2px 8px 2px 2px', marginInlineEnd: 0 }}>
                      <Avatar size={20} src={robot.avatar} style={{ marginInlineEnd: 6 }} />
                      {robot.nickname}
                    </Tag>
                  ))}
                </Flex>
              </>
            )}
          </Flex>
        ) : (
          <Form<RobotProfile> form={form} layout="vertical">
            <Form.Item
              name="nickname"
              label={t['robots.form.nickname']}
              rules={[{ required: true, whitespace: true, message: t['robots.form.nicknameRequired'] }]}
            >
              <Input placeholder={t['robots.form.nicknamePlaceholder']} maxLength={20} showCount />
            </Form.Item>
            <Form.Item name="avatar" label={t['robots.form.avatar']}>
              <Radio.Group>
                <Flex gap={8} wrap>
                  {(avatars.data?.items ?? []).map((avatar) => (
                    <Radio key={avatar.url} value={avatar.url} aria-label={avatar.url}>
                      <Avatar size={36} src={avatar.url} />
                    </Radio>
                  ))}
                </Flex>
              </Radio.Group>
            </Form.Item>
          </Form>
        )}
      </Flex>
    </Modal>
  );
}
