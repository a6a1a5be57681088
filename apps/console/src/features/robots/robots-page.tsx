import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ROBOT_PAGE_SIZE, type Robot } from '@yanbo/contracts';
import { Alert, Avatar, Button, Card, Empty, Flex, Input, Popconfirm, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { PageHeader } from '../../app/components/page-header';
import { useMe } from '../../app/session';
import { robotTexts as t } from '../../locales/zh-CN/robots';
import { robotListQuery, useRobotMutations } from './api/robots';
import { AddRobotsModal } from './components/add-robots-modal';

/** /robots: the agent's virtual audience, each robot a nickname and an avatar (seed 000 §7). */
export function RobotsPage() {
  const me = useMe();
  const readOnly = me.data?.isSubAgent ?? true;
  const [page, setPage] = useState(1);
  const [nickname, setNickname] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [adding, setAdding] = useState(false);
  const robots = useQuery(robotListQuery(page, nickname));
  const { add, remove } = useRobotMutations();

  return (
    <>
      <PageHeader
        name="robots"
        extra={
          readOnly ? null : (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t['robots.add']}
            </Button>
          )
        }
      />
      <Card>
        <Flex vertical gap={16}>
          <Alert type="info" showIcon message={t['robots.hint']} />
          {me.data?.isSubAgent && <Alert type="warning" showIcon message={t['robots.readonly']} />}
          <Flex gap={12} wrap justify="space-between">
            <Input.Search
              allowClear
              placeholder={t['robots.search']}
              style={{ width: 260 }}
              onSearch={(value) => {
                setNickname(value.trim());
                setPage(1);
              }}
            />
            {!readOnly && (
              <Popconfirm
                title={t['robots.deleteConfirm'](selected.length)}
                okText={t['robots.ok']}
                cancelText={t['robots.cancel']}
                okButtonProps={{ danger: true }}
                disabled={selected.length === 0}
                onConfirm={() =>
                  remove
                    .mutateAsync(selected)
                    .then(() => setSelected([]))
                    .catch(() => undefined)
                }
              >
                <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0}>
                  {t['robots.deleteSelected'](selected.length)}
                </Button>
              </Popconfirm>
            )}
          </Flex>
          <Table<Robot>
            rowKey="id"
            dataSource={robots.data?.items ?? []}
            loading={robots.isFetching}
            rowSelection={
              readOnly ? undefined : { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
            }
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['robots.empty']} /> }}
            pagination={{
              current: page,
              pageSize: ROBOT_PAGE_SIZE,
              total: robots.data?.pager.total ?? 0,
              showSizeChanger: false,
              showTotal: (total) => t['robots.total'](total),
              onChange: setPage,
            }}
            columns={[
              {
                title: t['robots.column.avatar'],
                dataIndex: 'avatar',
                width: 80,
                render: (avatar: string) => <Avatar src={avatar} size={36} />,
              },
              { title: t['robots.column.nickname'], dataIndex: 'nickname' },
              {
                title: t['robots.column.createdAt'],
                dataIndex: 'createdAt',
                width: 170,
                render: (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm'),
              },
            ]}
          />
        </Flex>
      </Card>
      <AddRobotsModal
        open={adding}
        saving={add.isPending}
        onSubmit={(list) => add.mutateAsync(list)}
        onClose={() => setAdding(false)}
      />
    </>
  );
}
