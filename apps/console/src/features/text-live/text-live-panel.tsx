import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TEXT_LIVE_MAX_IMAGES,
  TEXT_LIVE_MAX_TEXT,
  TEXT_LIVE_PAGE_SIZE,
  type TextLivePost,
  type TextLivePostInput,
  textLiveCalls,
} from '@yanbo/contracts';
import { Button, Card, Empty, Flex, Image, Input, List, Popconfirm, Typography, Upload } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { toastSuccess } from '../../app/feedback';
import { api } from '../../app/http';
import { textLiveTexts as t } from '../../locales/zh-CN/text-live';
import { uploadCheckedPicture } from '../page-template';

// 图文直播 (issue 10): the organiser writes a post (text and up to nine pictures) and publishes it; the viewers' tab
// gets it at once over their chat socket. Published posts are listed newest first and can be deleted.

const postsQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: ['text-live', id, page] as const,
    queryFn: ({ signal }) =>
      api(textLiveCalls.listTextLivePosts, { params: { id }, query: { page, pageSize: TEXT_LIVE_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

function Composer({ activityId }: { activityId: number }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const publish = useMutation({
    mutationFn: (body: TextLivePostInput) =>
      api(textLiveCalls.createTextLivePost, { params: { id: activityId }, body }),
    onSuccess: () => {
      toastSuccess(t['textLive.toast.sent']);
      setText('');
      setImages([]);
      void queryClient.invalidateQueries({ queryKey: ['text-live', activityId] });
    },
  });

  const upload = async (file: File) => {
    setUploading(true);
    const stored = await uploadCheckedPicture(activityId, file);
    setUploading(false);
    if (stored) setImages((current) => [...current, stored.url].slice(0, TEXT_LIVE_MAX_IMAGES));
  };

  const submit = () => {
    if (!text.trim() && !images.length) {
      setProblem(t['textLive.needContent']);
      return;
    }
    setProblem(null);
    publish.mutate({ text: text.trim(), images });
  };

  return (
    <Flex vertical gap={12}>
      <Input.TextArea
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t['textLive.textPlaceholder']}
        aria-label={t['textLive.text']}
        autoSize={{ minRows: 3, maxRows: 8 }}
        maxLength={TEXT_LIVE_MAX_TEXT}
        showCount
        data-testid="text-live-input"
      />
      <Flex gap={8} wrap align="center">
        {images.map((image) => (
          <div key={image} style={{ position: 'relative' }}>
            <Image src={image} width={72} height={72} style={{ objectFit: 'cover', borderRadius: 6 }} />
            <Button
              size="small"
              shape="circle"
              icon={<DeleteOutlined />}
              aria-label={t['textLive.delete']}
              style={{ position: 'absolute', top: -8, right: -8 }}
              onClick={() => setImages((current) => current.filter((value) => value !== image))}
            />
          </div>
        ))}
        {images.length < TEXT_LIVE_MAX_IMAGES && (
          <Upload
            accept="image/png,image/jpeg,image/gif,image/webp"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button icon={<PlusOutlined />} loading={uploading} data-testid="text-live-add-image">
              {t['textLive.addImage']}
            </Button>
          </Upload>
        )}
        <Typography.Text type="secondary">{t['textLive.tooManyImages'](TEXT_LIVE_MAX_IMAGES)}</Typography.Text>
      </Flex>
      {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
      <div>
        <Button type="primary" onClick={submit} loading={publish.isPending} data-testid="text-live-publish">
          {t['textLive.publish']}
        </Button>
      </div>
    </Flex>
  );
}

function PostList({ activityId }: { activityId: number }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const posts = useQuery(postsQuery(activityId, page));
  const remove = useMutation({
    mutationFn: (postId: number) => api(textLiveCalls.deleteTextLivePost, { params: { id: activityId, postId } }),
    onSuccess: () => {
      toastSuccess(t['textLive.toast.deleted']);
      void queryClient.invalidateQueries({ queryKey: ['text-live', activityId] });
    },
  });
  return (
    <List<TextLivePost>
      data-testid="text-live-list"
      loading={posts.isFetching}
      dataSource={posts.data?.items}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['textLive.empty']} /> }}
      pagination={
        (posts.data?.pager.total ?? 0) > TEXT_LIVE_PAGE_SIZE
          ? {
              current: page,
              pageSize: TEXT_LIVE_PAGE_SIZE,
              total: posts.data?.pager.total ?? 0,
              onChange: setPage,
              showSizeChanger: false,
            }
          : false
      }
      header={posts.data ? t['textLive.total'](posts.data.pager.total) : null}
      renderItem={(post) => (
        <List.Item
          actions={[
            <Popconfirm key="delete" title={t['textLive.deleteConfirm']} onConfirm={() => remove.mutateAsync(post.id)}>
              <Button type="link" danger size="small">
                {t['textLive.delete']}
              </Button>
            </Popconfirm>,
          ]}
        >
          <Flex vertical gap={6} style={{ minWidth: 0 }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {dayjs(post.createdAt).format('YYYY-MM-DD HH:mm:ss')}
            </Typography.Text>
            {post.text && (
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{post.text}</Typography.Paragraph>
            )}
            {post.images.length > 0 && (
              <Image.PreviewGroup>
                <Flex gap={6} wrap>
                  {post.images.map((image) => (
                    <Image
                      key={image}
                      src={image}
                      width={64}
                      height={64}
                      style={{ objectFit: 'cover', borderRadius: 4 }}
                    />
                  ))}
                </Flex>
              </Image.PreviewGroup>
            )}
          </Flex>
        </List.Item>
      )}
    />
  );
}

/** The settings screen's 图文直播 tab: write and publish, then what was published. */
export function TextLivePanel({ activityId }: { activityId: number }) {
  return (
    <Flex vertical gap={16}>
      <Card
        title={t['textLive.title']}
        extra={<Typography.Text type="secondary">{t['textLive.hint']}</Typography.Text>}
      >
        <Composer activityId={activityId} />
      </Card>
      <Card title={t['textLive.list']}>
        <PostList activityId={activityId} />
      </Card>
    </Flex>
  );
}
