import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../app/components/page-header';
import { useMe } from '../../../app/session';
import { agentTexts as t } from '../../../locales/zh-CN/agents';
import { canCreateAgents } from '../agent-form-rules';
import {
  type AgentFilters,
  changeFilters,
  filtersFromSearch,
  filtersToSearch,
  isFiltered,
  lowerCoopLevels,
} from '../agent-list-rules';
import { agentListQuery, areaLibraryQuery } from '../api/agent-queries';
import { AgentFilterBar } from './agent-filter-bar';
import { AgentTable } from './agent-table';

/**
 * The lower-level agents, filtered and paged through the URL. The area library loads first and the list after it
 * (seed 000 §2), so every row shows its area by name.
 */
export function AgentListScreen({ name }: { name: string }) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(searchParams), [searchParams]);
  const me = useMe();
  const areas = useQuery(areaLibraryQuery());
  const list = useQuery({
    ...agentListQuery(filters),
    enabled: areas.isSuccess || areas.isError,
    placeholderData: keepPreviousData,
  });
  // Until the account is known the button waits; then 合作等级 0 sees why it can't create.
  const creatable = me.isSuccess && canCreateAgents(me.data.coopLevel);
  const setFilters = (changes: Partial<AgentFilters>) =>
    setSearchParams(filtersToSearch(changeFilters(filters, changes)));

  return (
    <>
      <PageHeader
        name={name}
        extra={
          <Tooltip title={creatable ? undefined : t['agents.create.notAllowed']}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={!creatable}
              onClick={() => navigate('/agent/create')}
            >
              {t['agents.create']}
            </Button>
          </Tooltip>
        }
      />
      <Card>
        <AgentFilterBar filters={filters} coopLevels={lowerCoopLevels(me.data?.coopLevel ?? 0)} onChange={setFilters} />
        <AgentTable
          rows={list.data?.items}
          areas={areas.data?.items}
          loading={areas.isLoading || list.isFetching}
          filtered={isFiltered(filters)}
          creatable={creatable}
          pager={list.data?.pager}
          onPage={(page, pageSize) => setFilters({ page, pageSize })}
        />
      </Card>
    </>
  );
}
