import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_LISTS, type PageColumn, type PageColumnInput, type PageListSource } from '@yanbo/contracts';
import { App, Button, Empty, Flex, Form, Input, Modal, Popconfirm, Radio, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { optionTexts, pageTexts as t } from '../../../locales/zh-CN/pages';
import { columnsQuery, useColumnMutations } from '../api/pages';
import { pageErrorText } from '../page-errors';
import { GroupPicker } from './group-picker';
import { NamedPicker } from './named-picker';

interface ColumnForm {
  title: string;
  kind: PageListSource['kind'];
  groupId: number | null;
  activityIds: number[];
}

const toForm = (column: PageColumn | null): ColumnForm => ({
  title: column?.title ?? '',
  kind: column?.source.kind ?? 'chosen',
  groupId: column?.source.kind === 'group' ? column.source.groupId : null,
  activityIds: column?.source.kind === 'chosen' ? column.source.activityIds : [],
});

/**
 * The page's columns (栏目, seed 001 §3 "Column (list) of a page: listId"): named lists of a group's or chosen
 * activities that its activity components show. Fetched all at once (page size 9999); seed 001 §4: an edit shows its
 * success message and the columns reload.
 */
export function ColumnsPanel({ pageId }: { pageId: number }) {
  const { message } = App.useApp();
  const columns = useQuery(columnsQuery(pageId));
  const { create, update, remove } = useColumnMutations(pageId);
  const [editing, setEditing] = useState<PageColumn | null | undefined>(undefined);
  const items = columns.data?.items ?? [];
  // Seed 001 §8: the failure comes back to the caller, which says why here.
  const reject = async (error: unknown) => {
    message.error(await pageErrorText(error));
    throw error;
  };
  const submit = (body: PageColumnInput) =>
    (editing ? update.mutateAsync({ listId: editing.id, body }) : create.mutateAsync(body)).catch(reject);

  return (
    <Flex vertical gap={12} data-testid="columns-panel">
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">{t['pages.columns.hint']}</Typography.Text>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={items.length >= MAX_PAGE_LISTS}
          onClick={() => setEditing(null)}
        >
          {t['pages.columns.add']}
        </Button>
      </Flex>
      <Table<PageColumn>
        rowKey="id"
        size="small"
        dataSource={items}
        loading={columns.isFetching}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['pages.columns.empty']} /> }}
        columns={[
          { title: t['pages.columns.name'], dataIndex: 'title' },
          {
            title: t['pages.field.source'],
            key: 'source',
            render: (_, column) =>
              column.source.kind === 'chosen'
                ? `${optionTexts.columnSource.chosen} · ${t['pages.columns.count'](column.source.activityIds.length)}`
                : optionTexts.columnSource.group,
          },
          {
            title: t['pages.column.actions'],
            key: 'actions',
            width: 180,
            render: (_, column) => (
              <Flex gap={4}>
                <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(column)}>
                  {t['pages.edit']}
                </Button>
                <Popconfirm
                  title={t['pages.columns.deleteConfirm'](column.title)}
                  okText={t['pages.ok']}
                  cancelText={t['pages.cancel']}
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    remove
                      .mutateAsync(column.id)
                      .catch(reject)
                      .catch(() => undefined)
                  }
                >
                  <Button size="small" danger icon={<DeleteOutlined />}>
                    {t['pages.delete']}
                  </Button>
                </Popconfirm>
              </Flex>
            ),
          },
        ]}
      />
      <ColumnModal
        open={editing !== undefined}
        column={editing ?? null}
        saving={create.isPending || update.isPending}
        onSubmit={submit}
        onClose={() => setEditing(undefined)}
      />
    </Flex>
  );
}

interface ColumnModalProps {
  open: boolean;
  column: PageColumn | null;
  saving: boolean;
  onSubmit: (body: PageColumnInput) => Promise<unknown>;
  onClose: () => void;
}

function ColumnModal({ open, column, saving, onSubmit, onClose }: ColumnModalProps) {
  const [form] = Form.useForm<ColumnForm>();
  useEffect(() => {
    if (open) form.setFieldsValue(toForm(column));
  }, [open, column, form]);
  const finish = (values: ColumnForm) => {
    const source: PageListSource =
      values.kind === 'group'
        ? { kind: 'group', groupId: values.groupId ?? 0 }
        : { kind: 'chosen', activityIds: values.activityIds ?? [] };
    onSubmit({ title: values.title.trim(), source, sortOrder: column?.sortOrder ?? 0 })
      .then(onClose)
      .catch(() => undefined);
  };
  return (
    <Modal
      open={open}
      title={column ? t['pages.columns.edit'] : t['pages.columns.add']}
      okText={t['pages.ok']}
      cancelText={t['pages.cancel']}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<ColumnForm> form={form} layout="vertical" onFinish={finish} initialValues={toForm(null)}>
        <Form.Item
          name="title"
          label={t['pages.columns.name']}
          rules={[{ required: true, whitespace: true, message: t['pages.columns.nameRequired'] }]}
        >
          <Input maxLength={30} showCount data-testid="column-title" />
        </Form.Item>
        <Form.Item name="kind" label={t['pages.field.source']}>
          <Radio.Group
            options={(['chosen', 'group'] as const).map((kind) => ({
              value: kind,
              label: optionTexts.columnSource[kind],
            }))}
          />
        </Form.Item>
        <Form.Item noStyle dependencies={['kind']}>
          {({ getFieldValue }) =>
            getFieldValue('kind') === 'group' ? (
              <Form.Item
                name="groupId"
                label={t['pages.field.group']}
                rules={[{ required: true, message: t['pages.field.groupPick'] }]}
              >
                <GroupPicker testId="column-group" />
              </Form.Item>
            ) : (
              <Form.Item name="activityIds" label={t['pages.columns.activities']}>
                <NamedPicker of="activities" testId="column-activities" />
              </Form.Item>
            )
          }
        </Form.Item>
      </Form>
    </Modal>
  );
}
