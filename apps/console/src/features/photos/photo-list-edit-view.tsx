import {
  ArrowLeftOutlined,
  DeleteOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  LeftOutlined,
  PictureOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PHOTO_LIST_DESCRIPTION_MAX,
  PHOTO_LIST_TITLE_MAX,
  PHOTO_PAGE_SIZE,
  type Photo,
  type PhotoListDetail,
} from '@yanbo/contracts';
import {
  Alert,
  Avatar,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Image,
  Input,
  Pagination,
  Popconfirm,
  Result,
  Skeleton,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { photoTexts as t } from '../../locales/zh-CN/photos';
import { photoListQuery, photosKey, showPhotoListFailure, useUpdatePhotoList } from './api/photos';
import { PhotoUploader } from './components/photo-uploader';
import { photoListFromSearch } from './photo-paths';

/** /application/photoLive/edit?activityId=&listId=: the list's fields, its uploads and its photos. */
export function PhotoListEditView() {
  const [search] = useSearchParams();
  const target = photoListFromSearch(search);
  return (
    <>
      <PageHeader
        name="applications.photoLive.edit"
        extra={
          <Link to="/application/photoLive">
            <Button icon={<ArrowLeftOutlined />}>{t['photos.edit.back']}</Button>
          </Link>
        }
      />
      {target ? (
        <PhotoListEditor key={`${target.activityId}-${target.listId}`} {...target} />
      ) : (
        <Alert type="warning" showIcon message={t['photos.edit.missing']} />
      )}
    </>
  );
}

function PhotoListEditor({ activityId, listId }: { activityId: number; listId: number }) {
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const list = useQuery(photoListQuery(activityId, listId, page));
  const update = useUpdatePhotoList(activityId, listId);
  useEffect(() => {
    if (list.error) void showPhotoListFailure(list.error);
  }, [list.error]);
  if (list.isError && !list.data) {
    return (
      <Result
        status="404"
        title={t['photos.edit.notFound']}
        extra={
          <Link to="/application/photoLive">
            <Button type="primary">{t['photos.edit.back']}</Button>
          </Link>
        }
      />
    );
  }
  if (!list.data) return <Skeleton active />;
  const reload = () => queryClient.invalidateQueries({ queryKey: photosKey });
  return (
    <Flex vertical gap={16}>
      <ListInfo
        list={list.data}
        saving={update.isPending}
        onSave={(body) => update.mutate({ body, toast: t['photos.toast.saved'] })}
      />
      <Card title={t['photos.edit.photos']} extra={t['photos.photo.total'](list.data.photos.pager.total)}>
        <Flex vertical gap={16}>
          <PhotoUploader activityId={activityId} listId={listId} onUploaded={() => void reload()} />
          <PhotoGrid
            list={list.data}
            busy={update.isPending}
            onChange={(body, toast) => update.mutate({ body, toast })}
          />
          {list.data.photos.pager.total > PHOTO_PAGE_SIZE && (
            <Pagination
              align="end"
              current={page}
              pageSize={PHOTO_PAGE_SIZE}
              total={list.data.photos.pager.total}
              showSizeChanger={false}
              onChange={setPage}
            />
          )}
        </Flex>
      </Card>
    </Flex>
  );
}

interface InfoValues {
  title: string;
  description: string;
}

function ListInfo({
  list,
  saving,
  onSave,
}: {
  list: PhotoListDetail;
  saving: boolean;
  onSave: (values: InfoValues) => void;
}) {
  const [form] = Form.useForm<InfoValues>();
  return (
    <Card title={t['photos.edit.info']}>
      <Flex gap={24} wrap align="flex-start">
        <Flex vertical align="center" gap={8}>
          <Avatar shape="square" size={96} src={list.cover || undefined} icon={<PictureOutlined />} />
          <Typography.Text type="secondary" style={{ maxWidth: 160, textAlign: 'center', fontSize: 12 }}>
            {list.cover ? t['photos.edit.cover'] : t['photos.edit.noCover']}
          </Typography.Text>
        </Flex>
        <Form<InfoValues>
          form={form}
          layout="vertical"
          style={{ flex: 1, minWidth: 320, maxWidth: 640 }}
          initialValues={{ title: list.title, description: list.description }}
          onFinish={onSave}
        >
          <Typography.Text type="secondary">
            {t['photos.column.activity']}：{list.activityName}（{list.activityId}）
          </Typography.Text>
          <Form.Item
            label={t['photos.form.title']}
            name="title"
            style={{ marginTop: 12 }}
            rules={[{ required: true, whitespace: true, message: t['photos.form.titleRequired'] }]}
          >
            <Input maxLength={PHOTO_LIST_TITLE_MAX} showCount />
          </Form.Item>
          <Form.Item label={t['photos.form.description']} name="description">
            <Input.TextArea maxLength={PHOTO_LIST_DESCRIPTION_MAX} showCount rows={2} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t['photos.form.save']}
          </Button>
        </Form>
      </Flex>
    </Card>
  );
}

type Change = Parameters<ReturnType<typeof useUpdatePhotoList>['mutate']>[0]['body'];

function PhotoGrid({
  list,
  busy,
  onChange,
}: {
  list: PhotoListDetail;
  busy: boolean;
  onChange: (body: Change, toast: string) => void;
}) {
  const photos = list.photos.items;
  if (!photos.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['photos.photo.empty']} />;
  // A move swaps a photo with its neighbour on this page: the two take each other's places.
  const move = (photo: Photo, by: -1 | 1) => {
    const index = photos.indexOf(photo);
    const other = photos[index + by];
    if (!other) return;
    onChange({ order: by < 0 ? [photo.id, other.id] : [other.id, photo.id] }, t['photos.toast.saved']);
  };
  return (
    <Image.PreviewGroup>
      <div
        data-testid="photo-grid"
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 12 }}
      >
        {photos.map((photo, index) => {
          const isCover = list.cover === photo.thumbUrl || list.cover === photo.url;
          return (
            <Card
              key={photo.id}
              size="small"
              data-testid="photo-card"
              data-photo-id={photo.id}
              styles={{ body: { padding: 8 } }}
              cover={
                <div style={{ position: 'relative', background: '#f5f5f5', height: 150, overflow: 'hidden' }}>
                  <Image
                    src={photo.thumbUrl}
                    preview={{ src: photo.url }}
                    alt={photo.name}
                    width="100%"
                    height={150}
                    style={{ objectFit: 'cover', opacity: photo.hidden ? 0.4 : 1 }}
                  />
                  <Flex gap={4} style={{ position: 'absolute', top: 6, left: 6 }}>
                    {photo.hidden && <Tag color="default">{t['photos.photo.hidden']}</Tag>}
                    {isCover && <Tag color="blue">{t['photos.photo.isCover']}</Tag>}
                  </Flex>
                </div>
              }
            >
              <Typography.Text ellipsis={{ tooltip: photo.name }} style={{ display: 'block', fontSize: 12 }}>
                {photo.name}
              </Typography.Text>
              <Flex justify="space-between" align="center" style={{ marginTop: 6 }}>
                <Flex gap={2}>
                  <Tooltip title={t['photos.photo.up']}>
                    <Button
                      size="small"
                      type="text"
                      icon={<LeftOutlined />}
                      disabled={busy || index === 0}
                      aria-label={t['photos.photo.up']}
                      onClick={() => move(photo, -1)}
                    />
                  </Tooltip>
                  <Tooltip title={t['photos.photo.down']}>
                    <Button
                      size="small"
                      type="text"
                      icon={<RightOutlined />}
                      disabled={busy || index === photos.length - 1}
                      aria-label={t['photos.photo.down']}
                      onClick={() => move(photo, 1)}
                    />
                  </Tooltip>
                  <Tooltip title={photo.hidden ? t['photos.photo.show'] : t['photos.photo.hide']}>
                    <Button
                      size="small"
                      type="text"
                      disabled={busy}
                      icon={photo.hidden ? <EyeOutlined /> : <EyeInvisibleOutlined />}
                      aria-label={photo.hidden ? t['photos.photo.show'] : t['photos.photo.hide']}
                      onClick={() =>
                        onChange(photo.hidden ? { show: [photo.id] } : { hide: [photo.id] }, t['photos.toast.hidden'])
                      }
                    />
                  </Tooltip>
                  <Popconfirm
                    title={t['photos.photo.deleteConfirm']}
                    okText={t['photos.ok']}
                    cancelText={t['photos.cancel']}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => onChange({ remove: [photo.id] }, t['photos.toast.deleted'])}
                  >
                    <Button
                      size="small"
                      type="text"
                      danger
                      disabled={busy}
                      icon={<DeleteOutlined />}
                      aria-label={t['photos.photo.delete']}
                    />
                  </Popconfirm>
                </Flex>
                <Button
                  size="small"
                  type="link"
                  disabled={busy || isCover}
                  style={{ padding: 0 }}
                  onClick={() => onChange({ cover: photo.thumbUrl }, t['photos.toast.saved'])}
                >
                  {t['photos.photo.cover']}
                </Button>
              </Flex>
            </Card>
          );
        })}
      </div>
    </Image.PreviewGroup>
  );
}
