import { useQuery } from '@tanstack/react-query';
import type { AgentVote } from '@yanbo/contracts';
import { Alert, Button, Card, Col, Descriptions, Form, Popconfirm, Result, Row, Skeleton, Space, Tag } from 'antd';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { applicationTexts as t } from '../../locales/zh-CN/applications';
import { VoteFields, type VoteFieldValues, voteBody } from '../interactions';
import { agentVoteQuery, useVoteMutations } from './api/votes';
import { voteIdFromSearch, votePaths } from './vote-paths';
import { VoteResults } from './vote-results';

/**
 * /application/vote/edit?id=: a draft is edited and published; a published vote is shown as it stands, with its
 * results as they come in, and may be closed; a closed one shows its final results.
 */
export function VoteEditPage() {
  const [search] = useSearchParams();
  const id = voteIdFromSearch(search);
  const vote = useQuery({ ...agentVoteQuery(id ?? 0), enabled: id !== null });

  if (id === null || vote.isError) {
    return (
      <>
        <PageHeader name="applications.vote.edit" />
        <Result
          status="404"
          title={t['applications.vote.notFound']}
          extra={
            <Link to={votePaths.list}>
              <Button type="primary">{t['applications.vote.back']}</Button>
            </Link>
          }
        />
      </>
    );
  }
  return (
    <>
      <PageHeader name="applications.vote.edit" />
      {vote.data ? <VoteEditor vote={vote.data} /> : <Skeleton active />}
    </>
  );
}

function VoteEditor({ vote }: { vote: AgentVote }) {
  const [form] = Form.useForm<VoteFieldValues>();
  const navigate = useNavigate();
  const { update } = useVoteMutations();
  const draft = vote.status === 'draft';
  const target = { activityId: vote.activity.id, voteId: vote.id };

  useEffect(() => {
    form.setFieldsValue({
      title: vote.title,
      kind: vote.kind,
      maxChoices: vote.kind === 'multiple' ? vote.maxChoices : 2,
      options: vote.options,
    });
  }, [vote, form]);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card>
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t['applications.activity']}>{vote.activity.name}</Descriptions.Item>
            <Descriptions.Item label={t['applications.vote.column.status']}>
              <Tag color={draft ? 'default' : vote.status === 'published' ? 'processing' : 'success'}>
                {t['applications.vote.status'][vote.status]}
              </Tag>
            </Descriptions.Item>
          </Descriptions>
          {!draft && (
            <Alert
              type="info"
              showIcon
              message={
                vote.status === 'closed' ? t['applications.vote.readonlyClosed'] : t['applications.vote.readonly']
              }
              style={{ marginBottom: 16 }}
            />
          )}
          <Form<VoteFieldValues>
            form={form}
            layout="vertical"
            onFinish={(values) => update.mutateAsync({ ...target, body: voteBody(values) }).catch(() => undefined)}
          >
            <VoteFields disabled={!draft} />
            <Space wrap>
              {draft && (
                <Button type="primary" htmlType="submit" loading={update.isPending}>
                  {t['applications.vote.form.save']}
                </Button>
              )}
              {draft && (
                <Popconfirm
                  title={t['applications.vote.publishConfirm']}
                  okText={t['applications.ok']}
                  cancelText={t['applications.cancel']}
                  onConfirm={() =>
                    update.mutateAsync({ ...target, body: { status: 'published' } }).catch(() => undefined)
                  }
                >
                  <Button>{t['applications.vote.publish']}</Button>
                </Popconfirm>
              )}
              {vote.status === 'published' && (
                <Popconfirm
                  title={t['applications.vote.closeConfirm']}
                  okText={t['applications.ok']}
                  cancelText={t['applications.cancel']}
                  onConfirm={() => update.mutateAsync({ ...target, body: { status: 'closed' } }).catch(() => undefined)}
                >
                  <Button danger>{t['applications.vote.close']}</Button>
                </Popconfirm>
              )}
              <Button onClick={() => navigate(votePaths.list)}>{t['applications.vote.back']}</Button>
            </Space>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card title={t['applications.vote.results']}>
          <VoteResults vote={vote} />
        </Card>
      </Col>
    </Row>
  );
}
