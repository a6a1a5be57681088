import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { ActivityGroup } from '@yanbo/contracts';
import { Button, Empty, Flex, Input, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { activityTexts as t } from '../../../locales/zh-CN/activities';
import { GROUP_NAME_MAX } from '../activity-form-rules';
import { activityGroupsQuery, useCreateGroup, useDeleteGroup, useRenameGroup } from '../api/activity-groups';

interface GroupManagerModalProps {
  open: boolean;
  onClose: () => void;
  /** A group is gone: the list stops filtering by it. */
  onDeleted: (id: number) => void;
}

/** Create, rename and delete the agent's activity groups; the groups reload after each change (seed 001 §4). */
export function GroupManagerModal({ open, onClose, onDeleted }: GroupManagerModalProps) {
  const groups = useQuery({ ...activityGroupsQuery(), enabled: open });
  const create = useCreateGroup();
  const rename = useRenameGroup();
  const remove = useDeleteGroup();
  const [newName, setNewName] = useState('');
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);

  const add = () => {
    const name = newName.trim();
    if (!name) return;
    create.mutate(name, { onSuccess: () => setNewName('') });
  };

  const saveRename = () => {
    if (!editing?.name.trim()) return;
    rename.mutate({ id: editing.id, name: editing.name.trim() }, { onSuccess: () => setEditing(null) });
  };

  return (
    <Modal
      open={open}
      title={t['activities.groups.title']}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t['activities.groups.close']}
        </Button>
      }
      width={560}
    >
      <Space.Compact style={{ width: '100%', margin: '16px 0' }}>
        <Input
          value={newName}
          onChange={(event) => setNewName(event.target.value)}
          onPressEnter={add}
          maxLength={GROUP_NAME_MAX}
          showCount
          placeholder={t['activities.groups.newPlaceholder']}
          aria-label={t['activities.groups.newPlaceholder']}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={add}
          loading={create.isPending}
          disabled={!newName.trim()}
        >
          {t['activities.groups.add']}
        </Button>
      </Space.Compact>
      <Table<ActivityGroup>
        rowKey="id"
        size="small"
        loading={groups.isFetching}
        dataSource={groups.data?.items}
        pagination={false}
        scroll={{ y: 360 }}
        showHeader={false}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['activities.groups.empty']} />,
        }}
        columns={[
          {
            key: 'name',
            render: (_, group) =>
              editing?.id === group.id ? (
                <Space.Compact style={{ width: '100%' }}>
                  <Input
                    size="small"
                    autoFocus
                    value={editing.name}
                    maxLength={GROUP_NAME_MAX}
                    onChange={(event) => setEditing({ id: group.id, name: event.target.value })}
                    onPressEnter={saveRename}
                    onKeyDown={(event) => event.key === 'Escape' && setEditing(null)}
                  />
                  <Button
                    size="small"
                    type="primary"
                    onClick={saveRename}
                    loading={rename.isPending}
                    disabled={!editing.name.trim()}
                  >
                    {t['activities.groups.save']}
                  </Button>
                  <Button size="small" onClick={() => setEditing(null)}>
                    {t['activities.groups.cancel']}
                  </Button>
                </Space.Compact>
              ) : (
                <Flex gap={8} align="baseline">
                  <Typography.Text strong>{group.name}</Typography.Text>
                  <Typography.Text type="secondary">
                    {t['activities.groups.count'](group.activityCount)}
                  </Typography.Text>
                </Flex>
              ),
          },
          {
            key: 'actions',
            width: 150,
            align: 'right',
            render: (_, group) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setEditing({ id: group.id, name: group.name })}
                >
                  {t['activities.groups.rename']}
                </Button>
                <Popconfirm
                  title={t['activities.groups.deleteConfirm'](group.name)}
                  okText={t['activities.groups.delete']}
                  okButtonProps={{ danger: true }}
                  cancelText={t['activities.groups.cancel']}
                  onConfirm={() =>
                    remove
                      .mutateAsync(group.id)
                      .then(() => onDeleted(group.id))
                      // Already shown by the mutation cache.
                      .catch(() => undefined)
                  }
                >
                  <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                    {t['activities.groups.delete']}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Modal>
  );
}
