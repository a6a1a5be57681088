import { useQuery } from '@tanstack/react-query';
import { Select, Tag } from 'antd';
import { useDeferredValue, useState } from 'react';
import { catalogTexts as t } from '../../../locales/zh-CN/catalogs';
import { activityOptionsQuery } from '../api/catalogs';

interface ActivityPickerProps {
  catalogId: number;
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** Names of activities already in the chapters, for those the current search does not list. */
  known: ReadonlyMap<number, string>;
  testId: string;
}

/**
 * A chapter's activities, searched by name. An activity another catalog holds is marked; the server still decides
 * (its refusal shows the seed's text), since the list may be stale by the time the chapters are saved.
 */
export function ActivityPicker({ catalogId, value = [], onChange, known, testId }: ActivityPickerProps) {
  const [search, setSearch] = useState('');
  const name = useDeferredValue(search);
  const options = useQuery(activityOptionsQuery(name));
  const listed = options.data?.items ?? [];
  const seen = new Set(listed.map((activity) => activity.id));
  const missing = value.filter((id) => !seen.has(id));
  return (
    <Select<number[]>
      mode="multiple"
      showSearch
      filterOption={false}
      value={value}
      onChange={(ids) => onChange?.(ids)}
      onSearch={setSearch}
      onBlur={() => setSearch('')}
      loading={options.isFetching}
      placeholder={t['catalogs.chapters.pick']}
      style={{ width: '100%' }}
      data-testid={testId}
      optionLabelProp="name"
      options={[
        ...missing.map((id) => ({ value: id, name: known.get(id) ?? `#${id}`, label: known.get(id) ?? `#${id}` })),
        ...listed.map((activity) => ({
          value: activity.id,
          name: activity.name,
          label: (
            <span>
              {activity.name}
              {activity.catalogId !== null && activity.catalogId !== catalogId && (
                <Tag color="orange" style={{ marginInlineStart: 8 }}>
                  {t['catalogs.chapters.inOther']}
                </Tag>
              )}
            </span>
          ),
        })),
      ]}
    />
  );
}
