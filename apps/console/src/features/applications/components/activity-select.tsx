import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { applicationTexts as t } from '../../../locales/zh-CN/applications';
import { activityOptionsQuery } from '../api/votes';

interface ActivitySelectProps<M extends boolean> {
  multiple?: M;
  value?: M extends true ? number[] : number;
  onChange?: (value: M extends true ? number[] : number) => void;
  /** Names of chosen activities the current search does not list. */
  known?: ReadonlyMap<number, string>;
  placeholder?: string;
  allowClear?: boolean;
  testId: string;
  style?: React.CSSProperties;
}

/** The caller's activities, searched by name on the server (the first 100 that match). */
export function ActivitySelect<M extends boolean = false>({
  multiple,
  value,
  onChange,
  known,
  placeholder,
  allowClear,
  testId,
  style,
}: ActivitySelectProps<M>) {
  const [search, setSearch] = useState('');
  const name = useDeferredValue(search);
  const options = useQuery(activityOptionsQuery(name));
  const listed = options.data?.items ?? [];
  const seen = new Set(listed.map((activity) => activity.id));
  const chosen = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const missing = chosen.filter((id) => !seen.has(id));
  return (
    <Select
      mode={multiple ? 'multiple' : undefined}
      showSearch
      allowClear={allowClear}
      filterOption={false}
      value={value as never}
      onChange={(next) => onChange?.(next as never)}
      onSearch={setSearch}
      onBlur={() => setSearch('')}
      loading={options.isFetching}
      placeholder={placeholder ?? t['applications.searchActivity']}
      style={{ width: '100%', ...style }}
      data-testid={testId}
      options={[
        ...missing.map((id) => ({ value: id, label: known?.get(id) ?? `#${id}` })),
        ...listed.map((activity) => ({ value: activity.id, label: activity.name })),
      ]}
    />
  );
}
