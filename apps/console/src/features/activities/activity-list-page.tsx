import { DeleteOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { ActivitySummary } from '@yanbo/contracts';
import { App, Button, Card, Flex, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { useMe } from '../../app/session';
import { activityTexts as t } from '../../locales/zh-CN/activities';
import { ChannelStatsButton } from '../stats';
import {
  type ActivityFilters,
  ALL_GROUPS,
  ALL_SUBAGENTS,
  DEFAULT_FILTERS,
  filtersFromSearch,
  filtersToSearch,
  refreshesRecentLive,
} from './activity-list-rules';
import { useDeleteActivities } from './api/activity-actions';
import { activityGroupsQuery } from './api/activity-groups';
import { activitySubagentsQuery } from './api/activity-subagents';
import { useConsoleEvents } from './api/console-events';
import { recentLiveQuery, useActivityList } from './api/list-activities';
import { FilterBar, GroupTabs } from './components/activity-filters';
import { ActivityFormModal } from './components/activity-form-modal';
import { ActivityTable } from './components/activity-table';
import { BulkCreateModal } from './components/bulk-create-modal';
import { GroupManagerModal } from './components/group-manager-modal';
import { RecentLiveStrip } from './components/recent-live-strip';

/** The modal keeps its activity while it closes, so its title doesn't flip to 创建活动 on the way out. */
interface Editing {
  open: boolean;
  activity?: ActivitySummary;
}

/** '/': the activities, filtered by group, status, name and sub-account, 15 at a time (seed 001 §2, §4, §7). */
export function ActivityListPage() {
  const { modal } = App.useApp();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(searchParams), [searchParams]);
  const me = useMe();
  const isSubAgent = me.data?.isSubAgent !== false;

  const list = useActivityList(filters);
  const groups = useQuery(activityGroupsQuery());
  const subagents = useQuery({ ...activitySubagentsQuery(), enabled: !isSubAgent });
  const recentLive = useQuery({ ...recentLiveQuery(), enabled: refreshesRecentLive(filters, 1) });
  const removeMany = useDeleteActivities();
  useConsoleEvents();

  // A selection belongs to the rows it was made on: other filters start with none.
  const filterKey = searchParams.toString();
  const [selection, setSelection] = useState<{ key: string; ids: number[] }>({ key: filterKey, ids: [] });
  const selectedIds = selection.key === filterKey ? selection.ids : [];
  const setSelectedIds = (ids: number[]) => setSelection({ key: filterKey, ids });
  const [editing, setEditing] = useState<Editing>({ open: false });
  const [managingGroups, setManagingGroups] = useState(false);
  const [bulkCreating, setBulkCreating] = useState(false);

  const setFilters = (changes: Partial<ActivityFilters>) =>
    setSearchParams(filtersToSearch({ ...filters, ...changes }));

  const confirmBatchDelete = () =>
    modal.confirm({
      title: t['activities.batch.delete'],
      content: t['activities.confirm.batchDelete'](selectedIds.length),
      okText: t['activities.confirm.ok'],
      okButtonProps: { danger: true },
      cancelText: t['activities.confirm.cancel'],
      onOk: () =>
        removeMany
          .mutateAsync(selectedIds)
          .then(() => setSelectedIds([]))
          .catch(() => undefined),
    });

  const filtered =
    filters.status !== DEFAULT_FILTERS.status ||
    Boolean(filters.name) ||
    filters.subagentId !== ALL_SUBAGENTS ||
    filters.groupId !== ALL_GROUPS;
  // Page 1 (a new filter, a reload) shows loading over the rows; a later page shows it on its button (seed 001 §4).
  const loading = list.isFetching && !list.isFetchingNextPage;
  const showRecentLive = recentLive.data !== undefined || refreshesRecentLive(filters, 1);

  return (
    <>
      <PageHeader
        name="activities"
        extra={
          <Space>
            <ChannelStatsButton />
            <Button icon={<UnorderedListOutlined />} onClick={() => setBulkCreating(true)}>
              {t['activities.bulk.open']}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
              {t['activities.create']}
            </Button>
          </Space>
        }
      />
      {showRecentLive && <RecentLiveStrip activities={recentLive.data} loading={recentLive.isLoading} />}
      <Card styles={{ body: { paddingTop: 0 } }}>
        <GroupTabs
          groupId={filters.groupId}
          groups={groups.data?.items}
          onChange={(groupId) => setFilters({ groupId })}
          onManage={isSubAgent ? undefined : () => setManagingGroups(true)}
        />
        <FilterBar
          filters={filters}
          subagents={subagents.data ?? [{ id: ALL_SUBAGENTS, remark: t['activities.subagent.all'] }]}
          showSubagents={!isSubAgent}
          onChange={setFilters}
        />
        {selectedIds.length > 0 && (
          <Flex
            align="center"
            gap={12}
            style={{
              // Stays in view below the console header while rows further down are being picked.
              position: 'sticky',
              top: 64,
              zIndex: 3,
              padding: '8px 12px',
              marginBottom: 12,
              background: '#e6f4ff',
              border: '1px solid #91caff',
              borderRadius: 6,
            }}
          >
            <Typography.Text>{t['activities.batch.selected'](selectedIds.length)}</Typography.Text>
            <Button
              danger
              size="small"
              icon={<DeleteOutlined />}
              loading={removeMany.isPending}
              onClick={confirmBatchDelete}
            >
              {t['activities.batch.delete']}
            </Button>
            <Button type="link" size="small" onClick={() => setSelectedIds([])}>
              {t['activities.batch.clear']}
            </Button>
          </Flex>
        )}
        <ActivityTable
          rows={list.rows}
          loading={loading}
          filtered={filtered}
          selectedIds={selectedIds}
          onSelect={setSelectedIds}
          onEdit={(activity) => setEditing({ open: true, activity })}
        />
        {list.rows.length > 0 && (
          <Flex vertical align="center" gap={8} style={{ marginTop: 16 }}>
            {list.hasNextPage ? (
              <>
                <Button
                  onClick={() => list.fetchNextPage()}
                  loading={list.isFetchingNextPage}
                  style={{ minWidth: 160 }}
                >
                  {t['activities.loadMore']}
                </Button>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t['activities.loaded'](list.rows.length, list.total)}
                </Typography.Text>
              </>
            ) : (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t['activities.allLoaded'](list.total)}
              </Typography.Text>
            )}
          </Flex>
        )}
      </Card>
      <ActivityFormModal
        open={editing.open}
        activity={editing.activity}
        defaultGroupId={filters.groupId > 0 ? filters.groupId : null}
        onClose={() => setEditing((current) => ({ ...current, open: false }))}
      />
      <BulkCreateModal
        open={bulkCreating}
        defaultGroupId={filters.groupId > 0 ? filters.groupId : null}
        onClose={() => setBulkCreating(false)}
      />
      <GroupManagerModal
        open={managingGroups && !isSubAgent}
        onClose={() => setManagingGroups(false)}
        onDeleted={(id) => id === filters.groupId && setFilters({ groupId: ALL_GROUPS })}
      />
    </>
  );
}
