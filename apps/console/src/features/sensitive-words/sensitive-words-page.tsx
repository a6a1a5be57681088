import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { SENSITIVE_WORD_PAGE_SIZE, type SensitiveWordAction, type SensitiveWordList } from '@yanbo/contracts';
import { Alert, Button, Card, Empty, Flex, Switch, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { PageHeader } from '../../app/components/page-header';
import { useMe } from '../../app/session';
import { sensitiveWordActionLabels, sensitiveWordTexts as t } from '../../locales/zh-CN/sensitive-words';
import { sensitiveWordListsQuery, useSensitiveWordMutations } from './api/sensitive-words';
import { CheckPanel } from './components/check-panel';
import { WordListFormModal, type WordListFormValues } from './components/word-list-form-modal';

const ACTION_COLOR: Record<SensitiveWordAction, string> = { mask: 'blue', review: 'orange', reject: 'red' };
const PREVIEW_WORDS = 6;

function WordsCell({ words }: { words: readonly string[] }) {
  if (words.length === 0) return <Typography.Text type="secondary">{t['sensitive-words.noWords']}</Typography.Text>;
  return (
    <Flex gap={4} wrap align="center">
      {words.slice(0, PREVIEW_WORDS).map((word) => (
        <Tag key={word} style={{ marginInlineEnd: 0 }}>
          {word}
        </Tag>
      ))}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {words.length > PREVIEW_WORDS
          ? t['sensitive-words.more'](words.length)
          : t['sensitive-words.wordCount'](words.length)}
      </Typography.Text>
    </Flex>
  );
}

/** /sensitive-words: the agent's sensitive word lists, matched against every comment and nickname (seed 000 §7). */
export function SensitiveWordsPage() {
  const me = useMe();
  const readOnly = me.data?.isSubAgent ?? true;
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<SensitiveWordList | null | undefined>(undefined);
  const lists = useQuery(sensitiveWordListsQuery(page));
  const { create, update } = useSensitiveWordMutations();

  const submit = (values: WordListFormValues) =>
    editing ? update.mutateAsync({ id: editing.id, body: values }) : create.mutateAsync(values);

  return (
    <>
      <PageHeader
        name="sensitive-words"
        extra={
          readOnly ? null : (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t['sensitive-words.create']}
            </Button>
          )
        }
      />
      <Flex vertical gap={16}>
        <Card>
          <Flex vertical gap={16}>
            <Alert type="info" showIcon message={t['sensitive-words.hint']} />
            {me.data?.isSubAgent && <Alert type="warning" showIcon message={t['sensitive-words.readonly']} />}
            <Table<SensitiveWordList>
              rowKey="id"
              dataSource={lists.data?.items ?? []}
              loading={lists.isFetching}
              scroll={{ x: 900 }}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['sensitive-words.empty']} />,
              }}
              pagination={{
                current: page,
                pageSize: SENSITIVE_WORD_PAGE_SIZE,
                total: lists.data?.pager.total ?? 0,
                hideOnSinglePage: true,
                showTotal: (total) => t['sensitive-words.total'](total),
                onChange: setPage,
              }}
              columns={[
                {
                  title: t['sensitive-words.column.name'],
                  dataIndex: 'name',
                  width: 160,
                  render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
                },
                {
                  title: t['sensitive-words.column.words'],
                  dataIndex: 'words',
                  render: (words: string[]) => <WordsCell words={words} />,
                },
                {
                  title: t['sensitive-words.column.action'],
                  dataIndex: 'action',
                  width: 130,
                  render: (action: SensitiveWordAction) => (
                    <Tag color={ACTION_COLOR[action]}>{sensitiveWordActionLabels[action]}</Tag>
                  ),
                },
                {
                  title: t['sensitive-words.column.enabled'],
                  dataIndex: 'enabled',
                  width: 90,
                  render: (enabled: boolean, list) => (
                    <Switch
                      checked={enabled}
                      disabled={readOnly}
                      loading={update.isPending && update.variables?.id === list.id}
                      aria-label={`${t['sensitive-words.column.enabled']} ${list.name}`}
                      onChange={(checked) =>
                        update.mutateAsync({ id: list.id, body: { enabled: checked } }).catch(() => undefined)
                      }
                    />
                  ),
                },
                {
                  title: t['sensitive-words.column.updatedAt'],
                  dataIndex: 'updatedAt',
                  width: 150,
                  render: (iso: string) => (
                    <span style={{ whiteSpace: 'nowrap' }}>{dayjs(iso).format('YYYY-MM-DD HH:mm')}</span>
                  ),
                },
                ...(readOnly
                  ? []
                  : [
                      {
                        title: t['sensitive-words.column.actions'],
                        key: 'actions',
                        width: 100,
                        render: (_: unknown, list: SensitiveWordList) => (
                          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(list)}>
                            {t['sensitive-words.edit']}
                          </Button>
                        ),
                      },
                    ]),
              ]}
            />
          </Flex>
        </Card>
        <CheckPanel lists={lists.data?.items ?? []} />
      </Flex>
      <WordListFormModal
        open={editing !== undefined}
        list={editing ?? null}
        saving={create.isPending || update.isPending}
        onSubmit={submit}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
}
