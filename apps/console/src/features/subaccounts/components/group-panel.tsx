import { DeleteOutlined, EditOutlined, MoreOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { MAX_SUBACCOUNT_GROUPS } from '@yanbo/contracts';
import { App, Badge, Button, Dropdown, Flex, Menu, Skeleton, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { subaccountTexts as t } from '../../../locales/zh-CN/subaccounts';
import { useDeleteSubaccountGroup } from '../api/subaccount-groups';
import type { GroupEntry } from '../subaccount-rules';
import { GroupNameModal } from './group-name-modal';

const ALL_KEY = 'all';

interface GroupPanelProps {
  entries: GroupEntry[] | undefined;
  total: number | undefined;
  selected: number | null;
  onSelect: (groupId: number | null) => void;
  /** A deleted group stops being the filter. */
  onDeleted: (groupId: number) => void;
}

/** The group filter and its management: 全部子账号, 默认分组 (-1) and the agent's groups, at most 20 (seed 001 §5). */
export function GroupPanel({ entries, total, selected, onSelect, onDeleted }: GroupPanelProps) {
  const { modal } = App.useApp();
  const remove = useDeleteSubaccountGroup();
  const [editing, setEditing] = useState<{ open: boolean; group?: { id: number; name: string } }>({ open: false });
  const stored = entries?.filter((entry) => !entry.synthetic).length ?? 0;

  const confirmDelete = (entry: GroupEntry) =>
    modal.confirm({
      title: t['subaccounts.groups.deleteConfirm'](entry.name),
      content: t['subaccounts.groups.deleteHint'],
      okText: t['subaccounts.confirm.delete.ok'],
      okButtonProps: { danger: true },
      cancelText: t['subaccounts.confirm.cancel'],
      onOk: () =>
        remove
          .mutateAsync(entry.id)
          .then(() => onDeleted(entry.id))
          // Already shown by the mutation cache.
          .catch(() => undefined),
    });

  const label = (entry: { name: string; count: number }, actions?: ReactNode) => (
    <Flex align="center" justify="space-between" gap={4}>
      <Typography.Text ellipsis={{ tooltip: entry.name }} style={{ color: 'inherit', flex: 1, minWidth: 0 }}>
        {entry.name}
      </Typography.Text>
      <Badge count={entry.count} showZero color="#d9d9d9" style={{ color: 'rgba(0,0,0,0.65)' }} overflowCount={999} />
      {actions}
    </Flex>
  );

  return (
    <Flex vertical style={{ width: 210, flex: '0 0 210px', borderInlineEnd: '1px solid #f0f0f0' }}>
      <Flex align="center" justify="space-between" style={{ padding: '4px 16px 12px 4px' }}>
        <Typography.Text strong>
          <TeamOutlined /> {t['subaccounts.groups.title']}
        </Typography.Text>
        <Tooltip title={t['subaccounts.groups.usageHint'](MAX_SUBACCOUNT_GROUPS)}>
          <Typography.Text type="secondary" data-testid="subaccount-group-usage">
            {t['subaccounts.groups.usage'](stored, MAX_SUBACCOUNT_GROUPS)}
          </Typography.Text>
        </Tooltip>
      </Flex>
      {entries ? (
        <Menu
          mode="inline"
          aria-label={t['subaccounts.groups.title']}
          style={{ borderInlineEnd: 'none', maxHeight: 520, overflowY: 'auto' }}
          selectedKeys={[selected === null ? ALL_KEY : String(selected)]}
          onClick={({ key }) => onSelect(key === ALL_KEY ? null : Number(key))}
          items={[
            { key: ALL_KEY, label: label({ name: t['subaccounts.group.all'], count: total ?? 0 }) },
            ...entries.map((entry) => ({
              key: String(entry.id),
              label: label(
                entry,
                entry.synthetic ? (
                  <span style={{ width: 24 }} />
                ) : (
                  <Dropdown
                    trigger={['click']}
                    menu={{
                      items: [
                        { key: 'rename', icon: <EditOutlined />, label: t['subaccounts.groups.rename'] },
                        {
                          key: 'delete',
                          icon: <DeleteOutlined />,
                          label: t['subaccounts.groups.delete'],
                          danger: true,
                        },
                      ],
                      onClick: ({ key, domEvent }) => {
                        domEvent.stopPropagation();
                        if (key === 'rename') setEditing({ open: true, group: entry });
                        if (key === 'delete') confirmDelete(entry);
                      },
                    }}
                  >
                    <Button
                      type="text"
                      size="small"
                      icon={<MoreOutlined />}
                      aria-label={`${t['subaccounts.groups.actions']} ${entry.name}`}
                      onClick={(event) => event.stopPropagation()}
                    />
                  </Dropdown>
                ),
              ),
            })),
          ]}
        />
      ) : (
        <Skeleton active style={{ padding: 16 }} />
      )}
      <div style={{ padding: '12px 16px 0 4px' }}>
        <Button block type="dashed" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
          {t['subaccounts.groups.add']}
        </Button>
      </div>
      <GroupNameModal
        open={editing.open}
        group={editing.group}
        onClose={() => setEditing((current) => ({ ...current, open: false }))}
      />
    </Flex>
  );
}
