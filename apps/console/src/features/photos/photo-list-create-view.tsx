import { PHOTO_LIST_DESCRIPTION_MAX, PHOTO_LIST_TITLE_MAX } from '@yanbo/contracts';
import { Button, Card, Form, Input, Space } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ActivitySearchSelect } from '../../app/components/activity-search-select';
import { PageHeader } from '../../app/components/page-header';
import { photoTexts as t } from '../../locales/zh-CN/photos';
import { useCreatePhotoList } from './api/photos';
import { photoListEditPath } from './photo-paths';

interface CreateValues {
  activityId: number;
  title: string;
  description?: string;
}

/** /application/photoLive/create: pick the activity, name the list; then on to its photos. */
export function PhotoListCreateView() {
  const [form] = Form.useForm<CreateValues>();
  const create = useCreatePhotoList();
  const navigate = useNavigate();
  const submit = async (values: CreateValues) => {
    const list = await create
      .mutateAsync({
        activityId: values.activityId,
        body: { title: values.title, description: values.description ?? '' },
      })
      .catch(() => null);
    if (list) navigate(photoListEditPath(list));
  };
  return (
    <>
      <PageHeader name="applications.photoLive.create" />
      <Card style={{ maxWidth: 720 }}>
        <Form<CreateValues> form={form} layout="vertical" onFinish={submit} data-testid="photo-list-create">
          <Form.Item
            label={t['photos.form.activity']}
            name="activityId"
            rules={[{ required: true, message: t['photos.form.activityRequired'] }]}
          >
            <ActivitySearchSelect
              placeholder={t['photos.form.activityPlaceholder']}
              optionLabel={t['photos.activityOption']}
              testId="photo-list-activity"
            />
          </Form.Item>
          <Form.Item
            label={t['photos.form.title']}
            name="title"
            rules={[{ required: true, whitespace: true, message: t['photos.form.titleRequired'] }]}
          >
            <Input maxLength={PHOTO_LIST_TITLE_MAX} showCount placeholder={t['photos.form.titlePlaceholder']} />
          </Form.Item>
          <Form.Item label={t['photos.form.description']} name="description">
            <Input.TextArea maxLength={PHOTO_LIST_DESCRIPTION_MAX} showCount rows={3} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={create.isPending}>
              {t['photos.form.submit']}
            </Button>
            <Link to="/application/photoLive">
              <Button>{t['photos.form.cancel']}</Button>
            </Link>
          </Space>
        </Form>
      </Card>
    </>
  );
}
