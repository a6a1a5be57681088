import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { pageTexts as t } from '../../../locales/zh-CN/pages';
import { activityOptionsQuery } from '../api/picker-options';

/** The agent's activities matching a search, with the names of those already picked that the search leaves out. */
function useActivityOptions(picked: readonly number[]) {
  const [search, setSearch] = useState('');
  const name = useDeferredValue(search);
  const options = useQuery(activityOptionsQuery(name));
  const all = useQuery(activityOptionsQuery(''));
  const names = new Map([...(all.data?.items ?? []), ...(options.data?.items ?? [])].map((a) => [a.id, a.name]));
  const listed = options.data?.items ?? [];
  const seen = new Set(listed.map((activity) => activity.id));
  return {
    setSearch,
    loading: options.isFetching,
    options: [
      ...picked.filter((id) => !seen.has(id)).map((id) => ({ value: id, label: names.get(id) ?? `#${id}` })),
      ...listed.map((activity) => ({ value: activity.id, label: activity.name })),
    ],
  };
}

interface ActivityPickerProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  testId: string;
}

/** Some of the agent's activities, searched by name, in the order picked. */
export function ActivityPicker({ value = [], onChange, testId }: ActivityPickerProps) {
  const { setSearch, loading, options } = useActivityOptions(value);
  return (
    <Select<number[]>
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value}
      onChange={(ids) => onChange?.(ids)}
      onBlur={() => setSearch('')}
      loading={loading}
      placeholder={t['pages.field.activitiesPick']}
      style={{ width: '100%' }}
      data-testid={testId}
      options={options}
    />
  );
}

interface ActivitySelectProps {
  value?: number | null;
  onChange?: (id: number | null) => void;
  testId: string;
}

/** One of the agent's activities, searched by name. */
export function ActivitySelect({ value, onChange, testId }: ActivitySelectProps) {
  const { setSearch, loading, options } = useActivityOptions(value ? [value] : []);
  return (
    <Select<number>
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value ?? undefined}
      onChange={(id) => onChange?.(id ?? null)}
      onBlur={() => setSearch('')}
      loading={loading}
      placeholder={t['pages.field.activitiesPick']}
      style={{ width: '100%' }}
      data-testid={testId}
      options={options}
    />
  );
}
