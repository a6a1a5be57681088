import { PlusOutlined } from '@ant-design/icons';
import type { AreaRegion, ManagedAgent } from '@yanbo/contracts';
import { Button, Empty, Flex, Grid, Table, type TableProps, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { agentTexts as t } from '../../../locales/zh-CN/agents';
import { areaLabel } from '../agent-form-rules';
import { AgentRowActions } from './agent-row-actions';
import { AgentStatusTag } from './agent-status-tag';

const DATE = 'YYYY-MM-DD';

function Contract({ agent }: { agent: ManagedAgent }) {
  if (!agent.contractStartedAt && !agent.contractEndedAt) {
    return <Typography.Text type="secondary">{t['agents.noContract']}</Typography.Text>;
  }
  const start = agent.contractStartedAt ? dayjs(agent.contractStartedAt).format(DATE) : '—';
  const end = agent.contractEndedAt ? dayjs(agent.contractEndedAt).format(DATE) : t['agents.contractOpen'];
  const expired = agent.contractEndedAt !== null && dayjs(agent.contractEndedAt).isBefore(dayjs());
  return (
    <Typography.Text type={expired ? 'danger' : undefined} style={{ fontSize: 13 }}>
      {start} ~ {end}
    </Typography.Text>
  );
}

interface AgentTableProps {
  rows: ManagedAgent[] | undefined;
  areas: AreaRegion[] | undefined;
  loading: boolean;
  filtered: boolean;
  /** The caller may create lower agents (合作等级 above 0): the empty list offers it. */
  creatable: boolean;
  pager: { page: number; pageSize: number; total: number } | undefined;
  onPage: (page: number, pageSize: number) => void;
}

export function AgentTable({ rows, areas, loading, filtered, creatable, pager, onPage }: AgentTableProps) {
  const screens = Grid.useBreakpoint();
  const columns: TableProps<ManagedAgent>['columns'] = [
    {
      title: t['agents.column.agent'],
      key: 'agent',
      render: (_, agent) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Link to={`/agent/${agent.id}/edit`} style={{ fontWeight: 500 }}>
            {agent.contact || t['agents.noContact']}
          </Link>
          {agent.company && (
            <Typography.Text ellipsis={{ tooltip: agent.company }} style={{ maxWidth: 150, fontSize: 13 }}>
              {agent.company}
            </Typography.Text>
          )}
          <Flex gap={6} align="center">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              ID {agent.id}
            </Typography.Text>
            <Tag variant="outlined" style={{ fontSize: 11, lineHeight: '16px', marginInlineEnd: 0 }}>
              {t['agents.depth'](agent.depth)}
            </Tag>
          </Flex>
        </Flex>
      ),
    },
    {
      title: t['agents.column.mobile'],
      key: 'mobile',
      width: 150,
      render: (_, agent) => (
        <Flex vertical gap={2} style={{ fontSize: 13 }}>
          <span>{agent.mobile}</span>
          {agent.email && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: agent.email }} style={{ maxWidth: 130 }}>
              {agent.email}
            </Typography.Text>
          )}
          {!screens.xl && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {areaLabel(areas, agent.extra.area, ' ')}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t['agents.column.area'],
      key: 'area',
      width: 180,
      // Below 1200 px the area moves under the mobile and the contract gives way (it is on the edit page), so the
      // status and the actions stay in view.
      responsive: ['xl'],
      render: (_, agent) => (
        <Typography.Text style={{ fontSize: 13 }}>{areaLabel(areas, agent.extra.area, ' ')}</Typography.Text>
      ),
    },
    {
      title: t['agents.column.coopLevel'],
      dataIndex: 'coopLevel',
      width: 96,
      align: 'center',
      render: (level: number) => <Tag color="blue">{t['agents.coopLevel.value'](level)}</Tag>,
    },
    {
      title: t['agents.column.status'],
      dataIndex: 'status',
      width: 72,
      render: (status: ManagedAgent['status']) => <AgentStatusTag status={status} />,
    },
    {
      title: t['agents.column.contract'],
      key: 'contract',
      width: 176,
      responsive: ['xl'],
      render: (_, agent) => <Contract agent={agent} />,
    },
    {
      title: t['agents.column.actions'],
      key: 'actions',
      width: 252,
      fixed: 'end',
      render: (_, agent) => <AgentRowActions agent={agent} />,
    },
  ];

  return (
    <Table<ManagedAgent>
      className="agent-table"
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: screens.xl ? 1060 : 700 }}
      pagination={
        pager && pager.total > 0
          ? {
              current: pager.page,
              pageSize: pager.pageSize,
              total: pager.total,
              showSizeChanger: true,
              showTotal: (total) => t['agents.total'](total),
              onChange: onPage,
            }
          : false
      }
      locale={{
        emptyText: (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              filtered ? (
                t['agents.emptyFiltered']
              ) : (
                <Flex vertical gap={4}>
                  <span>{t['agents.empty']}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t['agents.emptyHint']}
                  </Typography.Text>
                </Flex>
              )
            }
          >
            {!filtered && creatable && (
              <Link to="/agent/create">
                <Button type="primary" icon={<PlusOutlined />}>
                  {t['agents.create']}
                </Button>
              </Link>
            )}
          </Empty>
        ),
      }}
    />
  );
}
