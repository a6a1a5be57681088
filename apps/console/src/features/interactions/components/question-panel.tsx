import { useQuery } from '@tanstack/react-query';
import { ANSWER_MAX_LENGTH, QUESTION_PAGE_SIZE, type Question } from '@yanbo/contracts';
import {
  Alert,
  Button,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Segmented,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { interactionTexts as t } from '../../../locales/zh-CN/interactions';
import { type QuestionFilter, questionListQuery, useQuestionMutations } from '../api/questions';
import { shortTime } from '../interaction-rules';

function AnswerModal({
  question,
  saving,
  onSubmit,
  onClose,
}: {
  question: Question | null;
  saving: boolean;
  onSubmit: (answer: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ answer: string }>();
  useEffect(() => {
    if (question) form.setFieldsValue({ answer: question.answer ?? '' });
  }, [question, form]);
  return (
    <Modal
      open={question !== null}
      title={t['interactions.question.answerTitle']}
      okText={t['interactions.question.publish']}
      cancelText={t['interactions.cancel']}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Typography.Paragraph>
        <Typography.Text type="secondary">{question?.nickname}：</Typography.Text>
        {question?.text}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) =>
          onSubmit(values.answer.trim())
            .then(onClose)
            .catch(() => undefined)
        }
      >
        <Form.Item
          name="answer"
          rules={[{ required: true, whitespace: true, message: t['interactions.question.answerRequired'] }]}
        >
          <Input.TextArea
            rows={4}
            maxLength={ANSWER_MAX_LENGTH}
            showCount
            placeholder={t['interactions.question.answerPlaceholder']}
            data-testid="answer-text"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 问答: the viewers' questions; the host answers them publicly. */
export function QuestionPanel({ activityId }: { activityId: number }) {
  const [filter, setFilter] = useState<QuestionFilter>('all');
  const [page, setPage] = useState(1);
  const [answering, setAnswering] = useState<Question | null>(null);
  const questions = useQuery(questionListQuery(activityId, filter, page));
  const { answer, remove } = useQuestionMutations(activityId);

  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon message={t['interactions.question.hint']} />
      <Segmented<QuestionFilter>
        value={filter}
        onChange={(value) => {
          setFilter(value);
          setPage(1);
        }}
        options={[
          { value: 'all', label: t['interactions.question.filter.all'] },
          { value: 'no', label: t['interactions.question.filter.unanswered'] },
          { value: 'yes', label: t['interactions.question.filter.answered'] },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <Table<Question>
        rowKey="id"
        dataSource={questions.data?.items ?? []}
        loading={questions.isPending}
        scroll={{ x: 860 }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['interactions.question.empty']} />,
        }}
        pagination={{
          current: page,
          pageSize: QUESTION_PAGE_SIZE,
          total: questions.data?.pager.total ?? 0,
          hideOnSinglePage: true,
          showTotal: (total) => t['interactions.total'](total),
          onChange: setPage,
        }}
        columns={[
          {
            title: t['interactions.question.column.question'],
            dataIndex: 'text',
            render: (text: string, question) => (
              <Space size={4} wrap>
                <Typography.Text>{text}</Typography.Text>
                {question.status === 'pending' && <Tag color="warning">{t['interactions.question.held']}</Tag>}
              </Space>
            ),
          },
          { title: t['interactions.question.column.nickname'], dataIndex: 'nickname', width: 140 },
          {
            title: t['interactions.question.column.createdAt'],
            dataIndex: 'createdAt',
            width: 180,
            render: (at: string) => shortTime(at),
          },
          {
            title: t['interactions.question.column.answer'],
            dataIndex: 'answer',
            render: (text: string | null) =>
              text ? (
                <Typography.Text>{text}</Typography.Text>
              ) : (
                <Typography.Text type="secondary">{t['interactions.question.unanswered']}</Typography.Text>
              ),
          },
          {
            title: t['interactions.question.column.actions'],
            key: 'actions',
            width: 170,
            render: (_: unknown, question) => (
              <Space size={4}>
                <Button
                  size="small"
                  type="primary"
                  ghost={question.answer !== null}
                  onClick={() => setAnswering(question)}
                >
                  {question.answer ? t['interactions.question.reanswer'] : t['interactions.question.answer']}
                </Button>
                <Popconfirm
                  title={t['interactions.question.deleteConfirm']}
                  okText={t['interactions.ok']}
                  cancelText={t['interactions.cancel']}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutateAsync(question.id).catch(() => undefined)}
                >
                  <Button size="small" danger>
                    {t['interactions.delete']}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <AnswerModal
        question={answering}
        saving={answer.isPending}
        onSubmit={(text) =>
          answering ? answer.mutateAsync({ questionId: answering.id, answer: text }) : Promise.resolve()
        }
        onClose={() => setAnswering(null)}
      />
    </Flex>
  );
}
