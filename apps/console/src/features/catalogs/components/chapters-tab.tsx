import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { CHAPTER_TITLE_MAX, type ChapterList, chapterTitle, MAX_CHAPTERS } from '@yanbo/contracts';
import { Alert, Button, Card, Empty, Flex, Form, Input, Skeleton, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { catalogTexts as t } from '../../../locales/zh-CN/catalogs';
import { chaptersQuery, useSaveChapters } from '../api/catalogs';
import { schemaRule } from '../catalog-rules';
import { ActivityPicker } from './activity-picker';

interface ChapterValues {
  chapters: { title: string; activityIds: number[] }[];
}

const toValues = (list: ChapterList): ChapterValues => ({
  chapters: list.items.map((chapter) => ({
    title: chapter.title,
    activityIds: chapter.activities.map((activity) => activity.id),
  })),
});

/** The chapters in order, each with a title (at most 15, seed 001 §5) and its activities; saved as a whole. */
export function ChaptersTab({ catalogId }: { catalogId: number }) {
  const chapters = useQuery(chaptersQuery(catalogId));
  if (!chapters.data) return <Skeleton active />;
  return <ChaptersForm key={chapters.dataUpdatedAt} catalogId={catalogId} list={chapters.data} />;
}

function ChaptersForm({ catalogId, list }: { catalogId: number; list: ChapterList }) {
  const [form] = Form.useForm<ChapterValues>();
  const save = useSaveChapters(catalogId);
  const known = useMemo(
    () => new Map(list.items.flatMap((chapter) => chapter.activities.map((a) => [a.id, a.name] as const))),
    [list],
  );
  return (
    <Form<ChapterValues>
      form={form}
      layout="vertical"
      initialValues={toValues(list)}
      onFinish={(values) =>
        save.mutate({
          chapters: values.chapters.map((chapter) => ({
            title: chapter.title.trim(),
            activityIds: chapter.activityIds ?? [],
          })),
        })
      }
    >
      <Alert type="info" showIcon message={t['catalogs.chapters.hint']} style={{ marginBottom: 16 }} />
      <Form.List name="chapters">
        {(fields, { add, remove, move }) => (
          <Flex vertical gap={12}>
            {fields.length === 0 && (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['catalogs.chapters.empty']} />
            )}
            {fields.map((field, index) => (
              <Card
                key={field.key}
                size="small"
                data-testid={`chapter-${index}`}
                title={<Typography.Text type="secondary">{t['catalogs.chapters.number'](index + 1)}</Typography.Text>}
                extra={
                  <Flex gap={4}>
                    <Tooltip title={t['catalogs.chapters.up']}>
                      <Button
                        size="small"
                        type="text"
                        icon={<ArrowUpOutlined />}
                        aria-label={t['catalogs.chapters.up']}
                        disabled={index === 0}
                        onClick={() => move(index, index - 1)}
                      />
                    </Tooltip>
                    <Tooltip title={t['catalogs.chapters.down']}>
                      <Button
                        size="small"
                        type="text"
                        icon={<ArrowDownOutlined />}
                        aria-label={t['catalogs.chapters.down']}
                        disabled={index === fields.length - 1}
                        onClick={() => move(index, index + 1)}
                      />
                    </Tooltip>
                    <Tooltip title={t['catalogs.chapters.remove']}>
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t['catalogs.chapters.remove']}
                        onClick={() => remove(index)}
                      />
                    </Tooltip>
                  </Flex>
                }
              >
                <Flex gap={16} wrap>
                  <Form.Item
                    name={[field.name, 'title']}
                    label={t['catalogs.chapters.title']}
                    rules={[
                      { required: true, whitespace: true, message: t['catalogs.chapters.titleRequired'] },
                      schemaRule(chapterTitle),
                    ]}
                    style={{ width: 240, marginBottom: 0 }}
                  >
                    <Input
                      placeholder={t['catalogs.chapters.titlePlaceholder']}
                      count={{ show: true, max: CHAPTER_TITLE_MAX }}
                      data-testid={`chapter-title-${index}`}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'activityIds']}
                    label={t['catalogs.chapters.activities']}
                    style={{ flex: 1, minWidth: 300, marginBottom: 0 }}
                  >
                    <ActivityPicker catalogId={catalogId} known={known} testId={`chapter-activities-${index}`} />
                  </Form.Item>
                </Flex>
              </Card>
            ))}
            <Flex gap={12}>
              <Button
                icon={<PlusOutlined />}
                disabled={fields.length >= MAX_CHAPTERS}
                onClick={() => add({ title: '', activityIds: [] })}
              >
                {t['catalogs.chapters.add']}
              </Button>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t['catalogs.chapters.save']}
              </Button>
            </Flex>
          </Flex>
        )}
      </Form.List>
    </Form>
  );
}
