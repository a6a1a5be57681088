import { useQuery } from '@tanstack/react-query';
import { SUBACCOUNT_PAGE_SIZE, type Subaccount } from '@yanbo/contracts';
import { Card, Flex, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { subaccountTexts as t } from '../../locales/zh-CN/subaccounts';
import { subaccountGroupsQuery } from './api/subaccount-groups';
import { subaccountCountQuery, useSubaccountList } from './api/subaccounts';
import { GroupPanel } from './components/group-panel';
import { CreateSubaccountButton, QuotaBar } from './components/quota-bar';
import { SubaccountEditModal } from './components/subaccount-edit-modal';
import { SubaccountTable } from './components/subaccount-table';
import {
  filtersFromSearch,
  filtersToSearch,
  groupEntries,
  pageAfterDelete,
  type SubaccountFilters,
} from './subaccount-rules';

interface Editing {
  open: boolean;
  subaccount?: Subaccount;
}

/**
 * /subaccount: the agent's sub-accounts with the quota bar, searched by username and filtered by group (默认分组
 * included), and the groups managed beside them (seed 000 §2, seed 001 §3, §7). The main account's area only: the router's
 * agent-only gate shows a sub-account the no-access page instead.
 */
export function SubaccountListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(searchParams), [searchParams]);
  const list = useSubaccountList(filters);
  const count = useQuery(subaccountCountQuery());
  const groups = useQuery(subaccountGroupsQuery());
  const [editing, setEditing] = useState<Editing>({ open: false });
  const [search, setSearch] = useState(filters.username);

  // From the address bar as it is now, not as it was at this render (the router's own callback gets the latter):
  // two quick changes, a group and then a cleared search, both stay.
  const setFilters = (changes: Partial<SubaccountFilters>) =>
    setSearchParams(
      filtersToSearch({ ...filtersFromSearch(new URLSearchParams(window.location.search)), page: 1, ...changes }),
    );

  return (
    <>
      <PageHeader name="subaccounts" extra={<CreateSubaccountButton groupId={filters.groupId} />} />
      <QuotaBar count={count.data} />
      <Card>
        <Flex gap={24} align="stretch">
          <GroupPanel
            entries={groups.data && groupEntries(groups.data.items, count.data)}
            total={count.data?.count}
            selected={filters.groupId}
            onSelect={(groupId) => setFilters({ groupId })}
            onDeleted={(groupId) => groupId === filters.groupId && setFilters({ groupId: null })}
          />
          <Flex vertical gap={16} style={{ flex: 1, minWidth: 0 }}>
            <Input.Search
              allowClear
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                if (!event.target.value) setFilters({ username: '' });
              }}
              onSearch={(value) => setFilters({ username: value.trim() })}
              placeholder={t['subaccounts.search.placeholder']}
              aria-label={t['subaccounts.search.placeholder']}
              style={{ maxWidth: 320 }}
            />
            <SubaccountTable
              rows={list.data?.items}
              groups={groups.data?.items}
              loading={list.isFetching}
              filtered={Boolean(filters.username) || filters.groupId !== null}
              page={filters.page}
              pageSize={SUBACCOUNT_PAGE_SIZE}
              total={list.data?.pager.total ?? 0}
              onPage={(page) => setFilters({ page })}
              onEdit={(subaccount) => setEditing({ open: true, subaccount })}
              onDeleted={() => {
                const page = pageAfterDelete(filters.page, list.data?.items.length ?? 0);
                if (page !== filters.page) setFilters({ page });
              }}
            />
          </Flex>
        </Flex>
      </Card>
      <SubaccountEditModal
        open={editing.open}
        subaccount={editing.subaccount}
        onClose={() => setEditing((current) => ({ ...current, open: false }))}
      />
    </>
  );
}
