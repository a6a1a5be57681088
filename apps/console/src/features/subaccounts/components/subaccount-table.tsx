import type { Subaccount, SubaccountGroup } from '@yanbo/contracts';
import { App, Button, Empty, Flex, Grid, Space, Table, type TableProps, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { subaccountTexts as t } from '../../../locales/zh-CN/subaccounts';
import { useDeleteSubaccount, useSignOutSubaccount } from '../api/subaccounts';
import { groupName } from '../subaccount-rules';
import { PasswordReveal } from './password-reveal';

interface SubaccountTableProps {
  rows: Subaccount[] | undefined;
  groups: SubaccountGroup[] | undefined;
  loading: boolean;
  filtered: boolean;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onEdit: (subaccount: Subaccount) => void;
  /** A row was deleted: the page may step back. */
  onDeleted: () => void;
}

function RowActions({
  subaccount,
  onEdit,
  onDeleted,
}: { subaccount: Subaccount } & Pick<SubaccountTableProps, 'onEdit' | 'onDeleted'>) {
  const { modal } = App.useApp();
  const remove = useDeleteSubaccount();
  const signOut = useSignOutSubaccount();
  const name = subaccount.remark || subaccount.username;

  const confirmDelete = () =>
    modal.confirm({
      title: t['subaccounts.confirm.deleteTitle'],
      content: t['subaccounts.confirm.delete'](name),
      okText: t['subaccounts.confirm.delete.ok'],
      okButtonProps: { danger: true },
      cancelText: t['subaccounts.confirm.cancel'],
      onOk: () =>
        remove
          .mutateAsync(subaccount.id)
          .then(onDeleted)
          .catch(() => undefined),
    });

  const confirmSignOut = () =>
    modal.confirm({
      title: t['subaccounts.action.signOutConfirm'](name),
      content: t['subaccounts.action.signOutHint'],
      okText: t['subaccounts.confirm.ok'],
      cancelText: t['subaccounts.confirm.cancel'],
      onOk: () => signOut.mutateAsync(subaccount.id).catch(() => undefined),
    });

  return (
    <Space size={0} wrap={false}>
      <Button type="link" size="small" onClick={() => onEdit(subaccount)}>
        {t['subaccounts.action.edit']}
      </Button>
      <Tooltip title={t['subaccounts.action.signOutHint']}>
        <Button type="link" size="small" onClick={confirmSignOut} loading={signOut.isPending}>
          {t['subaccounts.action.signOut']}
        </Button>
      </Tooltip>
      <Button type="link" size="small" danger onClick={confirmDelete}>
        {t['subaccounts.action.delete']}
      </Button>
    </Space>
  );
}

function GroupTag({ groups, groupId }: { groups: SubaccountGroup[] | undefined; groupId: number | null }) {
  return (
    <Tag
      color={groupId === null ? 'default' : 'blue'}
      style={{ maxWidth: 104, overflow: 'hidden', textOverflow: 'ellipsis' }}
    >
      {groupName(groups, groupId)}
    </Tag>
  );
}

/** The sub-accounts of a page, the password for the owner to reveal and copy (seed 001 §3). */
export function SubaccountTable(props: SubaccountTableProps) {
  const { rows, groups, loading, filtered, page, pageSize, total, onPage, onEdit, onDeleted } = props;
  // Below 1200 px, beside the group panel, the remark and the group move under the username, so the password and the
  // actions stay in view without scrolling.
  const wide = Grid.useBreakpoint().xl ?? true;
  const columns: TableProps<Subaccount>['columns'] = [
    {
      title: t['subaccounts.column.username'],
      dataIndex: 'username',
      width: wide ? 190 : 170,
      render: (username: string, row) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis={{ tooltip: username }}>
            {username}
          </Typography.Text>
          {!wide && row.remark && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: row.remark }} style={{ fontSize: 12 }}>
              {row.remark}
            </Typography.Text>
          )}
          {!wide && (
            <span>
              <GroupTag groups={groups} groupId={row.groupId} />
            </span>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {t['subaccounts.createdAt'](dayjs(row.createdAt).format('YYYY-MM-DD HH:mm'))}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t['subaccounts.column.remark'],
      dataIndex: 'remark',
      responsive: ['xl'],
      ellipsis: { showTitle: true },
      render: (remark: string) => remark || <Typography.Text type="secondary">-</Typography.Text>,
    },
    {
      title: t['subaccounts.column.group'],
      dataIndex: 'groupId',
      width: 120,
      responsive: ['xl'],
      render: (groupId: number | null) => <GroupTag groups={groups} groupId={groupId} />,
    },
    {
      title: t['subaccounts.column.password'],
      dataIndex: 'cleartextPassword',
      width: wide ? 180 : 140,
      render: (password: string | null) => <PasswordReveal password={password} />,
    },
    {
      title: t['subaccounts.column.actions'],
      key: 'actions',
      width: wide ? 200 : 176,
      fixed: 'end',
      render: (_, row) => <RowActions subaccount={row} onEdit={onEdit} onDeleted={onDeleted} />,
    },
  ];
  return (
    <Table<Subaccount>
      rowKey="id"
      className="subaccount-table"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: wide ? 800 : 486 }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: false,
        hideOnSinglePage: true,
        showTotal: (count) => t['subaccounts.total'](count),
        onChange: onPage,
      }}
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={filtered ? t['subaccounts.emptyFiltered'] : t['subaccounts.empty']}
          />
        ),
      }}
    />
  );
}
