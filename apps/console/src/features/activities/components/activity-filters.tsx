import { SettingOutlined } from '@ant-design/icons';
import type { ActivityGroup, ActivitySubagentOption } from '@yanbo/contracts';
import { Button, Flex, Input, Segmented, Select, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { activityTexts as t } from '../../../locales/zh-CN/activities';
import {
  ALL_GROUPS,
  ARCHIVED_GROUP,
  type ActivityFilters as Filters,
  STATUS_FILTERS,
  type StatusFilter,
} from '../activity-list-rules';

interface GroupTabsProps {
  groupId: number;
  groups: ActivityGroup[] | undefined;
  onChange: (groupId: number) => void;
  /** Groups are the agent's: only the main account manages them (a sub-account filters by them). */
  onManage?: () => void;
}

/** The group filter: the synthetic 全部 (-1) and 归档活动 (-2), then the agent's groups (seed 001 §3). */
export function GroupTabs({ groupId, groups, onChange, onManage }: GroupTabsProps) {
  const items = [
    { key: String(ALL_GROUPS), label: t['activities.group.all'] },
    { key: String(ARCHIVED_GROUP), label: t['activities.group.archived'] },
    ...(groups ?? []).map((group) => ({
      key: String(group.id),
      label: (
        <span>
          {group.name}
          <span style={{ marginInlineStart: 4, color: 'rgba(0, 0, 0, 0.45)', fontSize: 12 }}>
            {group.activityCount}
          </span>
        </span>
      ),
    })),
  ];
  return (
    <Tabs
      activeKey={String(groupId)}
      items={items}
      onChange={(key) => onChange(Number(key))}
      tabBarExtraContent={
        onManage && (
          <Button type="text" icon={<SettingOutlined />} onClick={onManage} data-testid="activity-groups-manage">
            {t['activities.groups.manage']}
          </Button>
        )
      }
      style={{ marginBottom: 0 }}
    />
  );
}

interface FilterBarProps {
  filters: Filters;
  subagents: ActivitySubagentOption[] | undefined;
  /** Sub-accounts see only their own activities, so they get no sub-account filter. */
  showSubagents: boolean;
  onChange: (changes: Partial<Filters>) => void;
}

const statusLabels: Record<StatusFilter, string> = {
  '-1': t['activities.status.all'],
  unenabled: t['activities.status.unenabled'],
  enabled: t['activities.status.enabled'],
};

/** Status, name and sub-account filters. */
export function FilterBar({ filters, subagents, showSubagents, onChange }: FilterBarProps) {
  const [name, setName] = useState(filters.name);
  useEffect(() => setName(filters.name), [filters.name]);

  return (
    <Flex gap={12} wrap align="center" justify="space-between" style={{ marginBottom: 16 }}>
      <Segmented<StatusFilter>
        value={filters.status}
        options={STATUS_FILTERS.map((value) => ({ value, label: statusLabels[value] }))}
        onChange={(status) => onChange({ status })}
        aria-label={t['activities.status.label']}
      />
      <Flex gap={12} wrap>
        {showSubagents && (
          <Select<number>
            value={filters.subagentId}
            style={{ width: 180 }}
            options={(subagents ?? []).map((option) => ({ value: option.id, label: option.remark }))}
            onChange={(subagentId) => onChange({ subagentId })}
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t['activities.subagent.all']}
            placeholder={t['activities.subagent.all']}
          />
        )}
        <Input.Search
          value={name}
          onChange={(event) => setName(event.target.value)}
          onSearch={(value) => onChange({ name: value.trim() })}
          allowClear
          placeholder={t['activities.search.placeholder']}
          style={{ width: 260 }}
        />
      </Flex>
    </Flex>
  );
}
