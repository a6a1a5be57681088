import { AGENT_SEARCH_TYPES, type AgentSearchType, type AgentStatus } from '@yanbo/contracts';
import { Button, Flex, Input, Segmented, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { agentTexts as t } from '../../../locales/zh-CN/agents';
import { AGENT_STATUS_FILTERS, type AgentFilters, DEFAULT_AGENT_FILTERS, isFiltered } from '../agent-list-rules';

const statusLabel = (status: AgentStatus | '') => (status ? t[`agents.status.${status}`] : t['agents.status.all']);

interface AgentFilterBarProps {
  filters: AgentFilters;
  /** The coop levels to filter by: those below the caller's own. */
  coopLevels: number[];
  onChange: (changes: Partial<AgentFilters>) => void;
}

/** Status, coop level, and a search by contact, company, number, email or mobile (seed 000 §3). */
export function AgentFilterBar({ filters, coopLevels, onChange }: AgentFilterBarProps) {
  const [content, setContent] = useState(filters.content);
  useEffect(() => setContent(filters.content), [filters.content]);
  const searchTypeLabel = t[`agents.searchType.${filters.searchType}`];

  return (
    <Flex gap={12} wrap align="center" justify="space-between" style={{ marginBottom: 16 }}>
      <Flex gap={12} wrap align="center">
        <Segmented<AgentStatus | ''>
          value={filters.status}
          options={AGENT_STATUS_FILTERS.map((value) => ({ value, label: statusLabel(value) }))}
          onChange={(status) => onChange({ status })}
          aria-label={t['agents.status.label']}
        />
        <Select<number | 'all'>
          value={filters.coopLevel ?? 'all'}
          style={{ width: 130 }}
          aria-label={t['agents.coopLevel.label']}
          options={[
            { value: 'all', label: t['agents.coopLevel.all'] },
            ...coopLevels.map((level) => ({ value: level, label: t['agents.coopLevel.value'](level) })),
          ]}
          onChange={(value) => onChange({ coopLevel: value === 'all' ? null : value })}
        />
      </Flex>
      <Flex gap={8} align="center">
        <Space.Compact>
          <Select<AgentSearchType>
            value={filters.searchType}
            style={{ width: 112 }}
            aria-label={t['agents.search.label']}
            options={AGENT_SEARCH_TYPES.map((type) => ({ value: type, label: t[`agents.searchType.${type}`] }))}
            onChange={(searchType) => onChange(filters.content ? { searchType } : { searchType, content: '' })}
          />
          <Input.Search
            value={content}
            onChange={(event) => setContent(event.target.value)}
            onSearch={(value) => onChange({ content: value.trim() })}
            allowClear
            inputMode={filters.searchType === 'id' || filters.searchType === 'mobile' ? 'numeric' : undefined}
            placeholder={t['agents.search.placeholder'](searchTypeLabel)}
            style={{ width: 240 }}
          />
        </Space.Compact>
        {isFiltered(filters) && (
          <Button type="link" onClick={() => onChange({ ...DEFAULT_AGENT_FILTERS })}>
            {t['agents.filters.reset']}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
