import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { AUDIENCE_TAG_NAME_MAX, type AudienceTagDetail } from '@yanbo/contracts';
import { Button, Card, Empty, Form, Input, Modal, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { audienceTexts as t } from '../../locales/zh-CN/audience';
import { tagsQuery, useAudienceMutations } from './api/audience';

/** /crmcreatTag: the agent's user tags; creating, renaming or deleting one reloads the list (seed 001 §4). */
export function AudienceTagsPage() {
  const tags = useQuery(tagsQuery());
  const { createTag, renameTag, deleteTag } = useAudienceMutations();
  const [editing, setEditing] = useState<AudienceTagDetail | null | undefined>(undefined);
  const [form] = Form.useForm<{ name: string }>();

  const open = (tag: AudienceTagDetail | null) => {
    form.setFieldsValue({ name: tag?.name ?? '' });
    setEditing(tag);
  };
  const save = async () => {
    const { name } = await form.validateFields();
    if (editing) await renameTag.mutateAsync({ id: editing.id, name });
    else await createTag.mutateAsync(name);
    setEditing(undefined);
  };

  return (
    <>
      <PageHeader
        name="crm.createTag"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
            {t['audience.tags.create']}
          </Button>
        }
      />
      <Card>
        <Table<AudienceTagDetail>
          rowKey="id"
          dataSource={tags.data?.items ?? []}
          loading={tags.isFetching}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['audience.tags.empty']} /> }}
          columns={[
            { title: t['audience.tags.name'], dataIndex: 'name' },
            { title: t['audience.tags.users'], dataIndex: 'userCount', width: 100 },
            {
              title: t['audience.tags.createdAt'],
              dataIndex: 'createdAt',
              width: 180,
              render: (at: string) => new Date(at).toLocaleString('zh-CN', { hour12: false }),
            },
            {
              title: t['audience.column.actions'],
              key: 'actions',
              width: 220,
              render: (_, tag) => (
                <Space size={0}>
                  <Link to={`/CRMUser?tagId=${tag.id}`}>
                    <Button type="link" size="small">
                      {t['audience.tags.filter']}
                    </Button>
                  </Link>
                  <Button type="link" size="small" onClick={() => open(tag)}>
                    {t['audience.tags.rename']}
                  </Button>
                  <Popconfirm
                    title={t['audience.tags.deleteConfirm'](tag.name)}
                    okText={t['audience.ok']}
                    cancelText={t['audience.cancel']}
                    onConfirm={() => deleteTag.mutateAsync(tag.id)}
                  >
                    <Button type="link" size="small" danger>
                      {t['audience.delete']}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        title={editing ? t['audience.tags.renameTitle'] : t['audience.tags.create']}
        open={editing !== undefined}
        onCancel={() => setEditing(undefined)}
        onOk={() => void save()}
        okText={t['audience.ok']}
        cancelText={t['audience.cancel']}
        confirmLoading={createTag.isPending || renameTag.isPending}
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={() => void save()}>
          <Form.Item
            name="name"
            label={t['audience.tags.name']}
            rules={[{ required: true, whitespace: true, message: t['audience.tags.nameRequired'] }]}
          >
            <Input maxLength={AUDIENCE_TAG_NAME_MAX} placeholder={t['audience.tags.namePlaceholder']} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
