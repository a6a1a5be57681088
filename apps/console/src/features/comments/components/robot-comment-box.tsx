import { useQuery } from '@tanstack/react-query';
import { type ChatComment, COMMENT_MAX_LENGTH, DEFAULT_COMMENT_LIBRARY_ID } from '@yanbo/contracts';
import { Avatar, Button, Card, Flex, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { commentTexts as t } from '../../../locales/zh-CN/comments';
import { commentLibrariesQuery, robotOptionsQuery, useRobotCommentMutation } from '../api/robot-comment';

interface Values {
  robotId?: number;
  text: string;
}

/** 机器人发言: a robot, a line from a comment library (or one typed), and 发送. */
export function RobotCommentBox({ activityId, onSent }: { activityId: number; onSent(comment: ChatComment): void }) {
  const [form] = Form.useForm<Values>();
  const robots = useQuery(robotOptionsQuery(''));
  const libraries = useQuery(commentLibrariesQuery);
  const [libraryId, setLibraryId] = useState<number>(DEFAULT_COMMENT_LIBRARY_ID);
  const send = useRobotCommentMutation(activityId);
  const library = libraries.data?.items.find((item) => item.id === libraryId);
  const noRobots = robots.data !== undefined && robots.data.items.length === 0;

  const submit = (values: Values) =>
    send.mutateAsync({ robotId: values.robotId as number, text: values.text.trim() }).then(
      (comment) => {
        onSent(comment);
        form.setFieldValue('text', '');
      },
      () => undefined,
    );

  return (
    <Card size="small" title={t['comments.robot.title']}>
      <Form<Values> form={form} layout="vertical" onFinish={submit} requiredMark={false} initialValues={{ text: '' }}>
        <Form.Item
          name="robotId"
          label={t['comments.robot.robot']}
          rules={[{ required: true, message: t['comments.robot.robotRequired'] }]}
          extra={noRobots ? t['comments.robot.noRobots'] : undefined}
        >
          <Select
            showSearch={{ optionFilterProp: 'title' }}
            placeholder={t['comments.robot.robotPlaceholder']}
            loading={robots.isLoading}
            options={(robots.data?.items ?? []).map((robot) => ({
              value: robot.id,
              title: robot.nickname,
              label: (
                <Flex align="center" gap={8}>
                  <Avatar size={20} src={robot.avatar} />
                  {robot.nickname}
                </Flex>
              ),
            }))}
          />
        </Form.Item>
        <Flex gap={8}>
          <Form.Item label={t['comments.robot.library']} style={{ flex: '0 0 40%', minWidth: 0 }}>
            <Select
              value={libraryId}
              loading={libraries.isLoading}
              onChange={setLibraryId}
              options={(libraries.data?.items ?? []).map((item) => ({ value: item.id, label: item.name }))}
            />
          </Form.Item>
          <Form.Item label={t['comments.robot.line']} style={{ flex: 1, minWidth: 0 }}>
            <Select
              value={null}
              placeholder={t['comments.robot.linePlaceholder']}
              onChange={(line: string) => form.setFieldValue('text', line)}
              options={(library?.items ?? []).map((line) => ({ value: line, label: line }))}
              aria-label={t['comments.robot.line']}
            />
          </Form.Item>
        </Flex>
        <Form.Item
          name="text"
          label={t['comments.robot.text']}
          rules={[{ required: true, whitespace: true, message: t['comments.robot.textRequired'] }]}
        >
          <Input.TextArea
            rows={2}
            maxLength={COMMENT_MAX_LENGTH}
            showCount
            placeholder={t['comments.robot.textPlaceholder']}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={send.isPending} disabled={noRobots}>
          {t['comments.robot.send']}
        </Button>
      </Form>
    </Card>
  );
}
