import { useQuery } from '@tanstack/react-query';
import type { AgentImpersonation } from '@yanbo/contracts';
import { Empty, Flex, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { agentTexts as t } from '../../../locales/zh-CN/agents';
import { agentImpersonationsQuery } from '../api/agent-queries';

const TIME = 'YYYY-MM-DD HH:mm:ss';

/** Every time an upper agent opened this agent's console, newest first (GET /agent/agent/{id}/impersonations). */
export function AgentImpersonations({ agentId }: { agentId: number }) {
  const [page, setPage] = useState(1);
  const list = useQuery(agentImpersonationsQuery(agentId, page));
  return (
    <>
      <Typography.Paragraph type="secondary">{t['agents.impersonations.hint']}</Typography.Paragraph>
      <Table<AgentImpersonation>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.items}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['agents.impersonations.empty']} />,
        }}
        pagination={
          list.data && list.data.pager.total > list.data.pager.pageSize
            ? { current: page, pageSize: list.data.pager.pageSize, total: list.data.pager.total, onChange: setPage }
            : false
        }
        columns={[
          {
            title: t['agents.impersonations.by'],
            key: 'by',
            render: (_, row) => (
              <Flex vertical gap={2}>
                <span>{row.by.contact || row.by.company || row.by.mobile}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  ID {row.by.id} · {row.by.mobile}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: t['agents.impersonations.createdAt'],
            dataIndex: 'createdAt',
            width: 200,
            render: (value: string) => dayjs(value).format(TIME),
          },
          {
            title: t['agents.impersonations.usedAt'],
            key: 'usedAt',
            width: 200,
            render: (_, row) =>
              row.usedAt ? (
                dayjs(row.usedAt).format(TIME)
              ) : (
                <Tag>
                  {dayjs(row.expiresAt).isBefore(dayjs())
                    ? t['agents.impersonations.expired']
                    : t['agents.impersonations.unused']}
                </Tag>
              ),
          },
        ]}
      />
    </>
  );
}
