import { Button, Card, Form, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ActivitySearchSelect } from '../../app/components/activity-search-select';
import { PageHeader } from '../../app/components/page-header';
import { applicationTexts as t } from '../../locales/zh-CN/applications';
import { VoteFields, type VoteFieldValues, voteBody } from '../interactions';
import { useVoteMutations } from './api/votes';
import { votePaths } from './vote-paths';

interface CreateValues extends VoteFieldValues {
  activityId: number;
}

/**
 * /application/vote/create: the activity, then the vote. It is made as a draft through the board's own call;
 * 保存并发布 publishes it at once, so the activity's viewers see it as from the board.
 */
export function VoteCreatePage() {
  const [form] = Form.useForm<CreateValues>();
  const navigate = useNavigate();
  const { create, update } = useVoteMutations();
  const [publishing, setPublishing] = useState(false);

  const submit = async (values: CreateValues) => {
    const vote = await create.mutateAsync({ activityId: values.activityId, body: voteBody(values) });
    if (publishing) {
      await update.mutateAsync({ activityId: values.activityId, voteId: vote.id, body: { status: 'published' } });
    }
    navigate(votePaths.edit(vote.id));
  };

  return (
    <>
      <PageHeader name="applications.vote.create" />
      <Card style={{ maxWidth: 720 }}>
        <Form<CreateValues>
          form={form}
          layout="vertical"
          initialValues={{ title: '', kind: 'single', maxChoices: 2, options: ['', ''] }}
          onFinish={(values) => submit(values).catch(() => undefined)}
        >
          <Form.Item
            name="activityId"
            label={t['applications.activity']}
            rules={[{ required: true, message: t['applications.pickActivityRequired'] }]}
          >
            <ActivitySearchSelect placeholder={t['applications.pickActivity']} testId="vote-activity" />
          </Form.Item>
          <VoteFields />
          <Space>
            <Button
              type="primary"
              htmlType="submit"
              loading={create.isPending && !publishing}
              onClick={() => setPublishing(false)}
            >
              {t['applications.vote.form.save']}
            </Button>
            <Button
              htmlType="submit"
              loading={(create.isPending || update.isPending) && publishing}
              onClick={() => setPublishing(true)}
            >
              {t['applications.vote.form.saveAndPublish']}
            </Button>
            <Button onClick={() => navigate(votePaths.list)}>{t['applications.cancel']}</Button>
          </Space>
        </Form>
      </Card>
    </>
  );
}
