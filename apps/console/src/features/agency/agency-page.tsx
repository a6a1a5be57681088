import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AgencyAgent } from '@yanbo/contracts';
import { Card, Empty, Flex, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { useMe } from '../../app/session';
import { agentTexts as t } from '../../locales/zh-CN/agents';
import {
  AgentFilterBar,
  type AgentFilters,
  AgentStatusTag,
  agencyListQuery,
  changeFilters,
  filtersFromSearch,
  filtersToSearch,
  isFiltered,
  lowerCoopLevels,
} from '../agents';

/** /agency: every agent in the caller's tree with the activities and sub-accounts it runs, paged (GET /v2/agency/agent). */
export function AgencyPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(searchParams), [searchParams]);
  const me = useMe();
  const list = useQuery({ ...agencyListQuery(filters), placeholderData: keepPreviousData });
  const setFilters = (changes: Partial<AgentFilters>) =>
    setSearchParams(filtersToSearch(changeFilters(filters, changes)));
  const pager = list.data?.pager;

  return (
    <>
      <PageHeader name="agency" />
      <Card>
        <Typography.Paragraph type="secondary">{t['agency.hint']}</Typography.Paragraph>
        <AgentFilterBar filters={filters} coopLevels={lowerCoopLevels(me.data?.coopLevel ?? 0)} onChange={setFilters} />
        <Table<AgencyAgent>
          className="agency-table"
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.items}
          scroll={{ x: 900 }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={isFiltered(filters) ? t['agents.emptyFiltered'] : t['agency.empty']}
              />
            ),
          }}
          pagination={
            pager && pager.total > 0
              ? {
                  current: pager.page,
                  pageSize: pager.pageSize,
                  total: pager.total,
                  showSizeChanger: true,
                  showTotal: (total) => t['agency.total'](total),
                  onChange: (page, pageSize) => setFilters({ page, pageSize }),
                }
              : false
          }
          columns={[
            {
              title: t['agency.column.agent'],
              key: 'agent',
              render: (_, agent) => (
                <Flex vertical gap={2}>
                  <Link to={`/agent/${agent.id}/edit`} style={{ fontWeight: 500 }}>
                    {agent.contact || agent.company || agent.mobile}
                  </Link>
                  {agent.company && agent.contact && (
                    <Typography.Text style={{ fontSize: 13 }}>{agent.company}</Typography.Text>
                  )}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    ID {agent.id} · {agent.mobile} · {t['agents.depth'](agent.depth)}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              title: t['agents.column.coopLevel'],
              dataIndex: 'coopLevel',
              width: 100,
              align: 'center',
              render: (level: number) => <Tag color="blue">{t['agents.coopLevel.value'](level)}</Tag>,
            },
            {
              title: t['agents.column.status'],
              dataIndex: 'status',
              width: 90,
              render: (status: AgencyAgent['status']) => <AgentStatusTag status={status} />,
            },
            { title: t['agency.column.activities'], dataIndex: 'activityCount', width: 100, align: 'right' },
            { title: t['agency.column.subagents'], dataIndex: 'subagentCount', width: 100, align: 'right' },
            {
              title: t['agency.column.createdAt'],
              dataIndex: 'createdAt',
              width: 170,
              render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
            },
          ]}
        />
      </Card>
    </>
  );
}
