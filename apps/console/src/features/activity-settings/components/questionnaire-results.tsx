import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  QUESTIONNAIRE_TEXT_PAGE_SIZE,
  type QuestionnaireQuestionResult,
  type QuestionnaireTextAnswer,
} from '@yanbo/contracts';
import {
  Alert,
  Button,
  Card,
  Drawer,
  Empty,
  Flex,
  Progress,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { showError } from '../../../app/http';
import { activitySettingsTexts as t } from '../../../locales/zh-CN/activity-settings';
import { downloadQuestionnaire, questionnaireResultsQuery, questionnaireTextQuery } from '../api/extensions';
import { answerShare } from '../settings-rules';

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

function TextAnswers({
  activityId,
  version,
  index,
  anonymous,
}: {
  activityId: number;
  version: string;
  index: number;
  anonymous: boolean;
}) {
  const [page, setPage] = useState(1);
  const answers = useQuery(questionnaireTextQuery(activityId, version, index, page));
  return (
    <Table<QuestionnaireTextAnswer>
      size="small"
      rowKey={(item) => `${item.createdAt}-${item.userId ?? ''}-${item.text}`}
      data-testid={`questionnaire-text-${index}`}
      dataSource={answers.data?.items ?? []}
      loading={answers.isPending}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['questionnaire.textEmpty']} /> }}
      pagination={{
        current: page,
        pageSize: QUESTIONNAIRE_TEXT_PAGE_SIZE,
        total: answers.data?.pager.total ?? 0,
        hideOnSinglePage: true,
        showTotal: (total) => t['questionnaire.total'](total),
        onChange: setPage,
      }}
      columns={[
        {
          title: t['questionnaire.column.text'],
          dataIndex: 'text',
          render: (text: string) => <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{text}</Typography.Text>,
        },
        // An anonymous questionnaire never says who wrote what (the server sends no name).
        ...(anonymous
          ? []
          : [
              { title: t['questionnaire.column.nickname'], dataIndex: 'nickname', width: 140 },
              {
                title: t['questionnaire.column.userId'],
                dataIndex: 'userId',
                width: 160,
                ellipsis: true,
                render: (userId: string) => (
                  <Typography.Text type="secondary" copyable style={{ fontSize: 12 }}>
                    {userId}
                  </Typography.Text>
                ),
              },
            ]),
        { title: t['questionnaire.column.time'], dataIndex: 'createdAt', width: 170, render: time },
      ]}
    />
  );
}

function QuestionResult({
  activityId,
  version,
  index,
  question,
  anonymous,
}: {
  activityId: number;
  version: string;
  index: number;
  question: QuestionnaireQuestionResult;
  anonymous: boolean;
}) {
  return (
    <Card
      size="small"
      data-testid={`questionnaire-question-${index}`}
      title={
        <Space wrap>
          <span>
            {index + 1}. {question.title}
          </span>
          <Tag>{t[`extensions.questionType.${question.type}`]}</Tag>
          {question.required && <Tag color="red">{t['questionnaire.required']}</Tag>}
        </Space>
      }
      extra={<Typography.Text type="secondary">{t['questionnaire.answered'](question.answered)}</Typography.Text>}
    >
      {question.type === 'text' ? (
        <TextAnswers activityId={activityId} version={version} index={index} anonymous={anonymous} />
      ) : (
        <Flex vertical gap={6}>
          {question.options.map((option, optionIndex) => {
            const count = question.counts[optionIndex] ?? 0;
            const share = answerShare(count, question.answered);
            return (
              <Flex key={option} gap={12} align="center" data-testid="questionnaire-option">
                <Typography.Text style={{ width: 160, flex: 'none' }} ellipsis={{ tooltip: option }}>
                  {option}
                </Typography.Text>
                <Progress percent={share} status="normal" showInfo={false} style={{ flex: 1, margin: 0 }} />
                <Typography.Text type="secondary" style={{ width: 100, flex: 'none', textAlign: 'right' }}>
                  {t['questionnaire.optionCount'](count, share)}
                </Typography.Text>
              </Flex>
            );
          })}
        </Flex>
      )}
    </Card>
  );
}

/** 问卷结果: one version's answer sheets counted per option, the text answers page by page, and the CSV. */
export function QuestionnaireResults({
  activityId,
  open,
  onClose,
}: {
  activityId: number;
  open: boolean;
  onClose: () => void;
}) {
  const [version, setVersion] = useState<string | undefined>(undefined);
  const results = useQuery({ ...questionnaireResultsQuery(activityId, version), enabled: open });
  const [downloading, setDownloading] = useState(false);
  const data = results.data;

  const download = async () => {
    if (!data) return;
    setDownloading(true);
    try {
      await downloadQuestionnaire(activityId, data.version);
    } catch (error) {
      void showError(error);
    } finally {
      setDownloading(false);
    }
  };

  const versionOptions = data
    ? [
        ...(data.versions.some((item) => item.current)
          ? []
          : [{ value: '', label: t['questionnaire.version.current'](0) }]),
        ...data.versions.map((item) => ({
          value: item.current ? '' : item.version,
          label: item.current
            ? t['questionnaire.version.current'](item.respondents)
            : t['questionnaire.version.old'](dayjs(item.createdAt).format('YYYY-MM-DD HH:mm'), item.respondents),
        })),
      ]
    : [];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={760}
      title={t['questionnaire.title'](data?.title ?? '')}
      data-testid="questionnaire-results"
      extra={
        <Button icon={<DownloadOutlined />} disabled={!data} loading={downloading} onClick={() => void download()}>
          {t['questionnaire.download']}
        </Button>
      }
    >
      {!data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Flex vertical gap={16}>
          <Flex gap={48} wrap align="center">
            <Statistic title={t['questionnaire.respondents']} value={data.respondents} />
            <Statistic
              title={t['questionnaire.state']}
              valueRender={() => (
                <Space>
                  <Tag color={data.enabled ? 'success' : 'default'}>
                    {data.enabled ? t['extensions.enabled'] : t['extensions.disabled']}
                  </Tag>
                  <Tag>{data.isAnonymous ? t['questionnaire.anonymous'] : t['questionnaire.named']}</Tag>
                </Space>
              )}
            />
            {versionOptions.length > 1 && (
              <Flex vertical gap={4}>
                <Typography.Text type="secondary">{t['questionnaire.version']}</Typography.Text>
                <Select
                  style={{ width: 300 }}
                  value={data.current ? '' : data.version}
                  options={versionOptions}
                  onChange={(value: string) => setVersion(value || undefined)}
                  aria-label={t['questionnaire.version']}
                />
              </Flex>
            )}
          </Flex>
          <Alert
            type="info"
            showIcon
            message={data.current ? t['questionnaire.versionHint'] : t['questionnaire.oldVersionHint']}
          />
          {data.questions.length === 0 ? (
            <Empty description={t['questionnaire.empty']} />
          ) : (
            data.questions.map((question, index) => (
              <QuestionResult
                // The questions of one version are a fixed list: their place is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={`${data.version}-${index}`}
                activityId={activityId}
                version={data.version}
                index={index}
                question={question}
                anonymous={data.isAnonymous}
              />
            ))
          )}
        </Flex>
      )}
    </Drawer>
  );
}
