import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ActivityListItem, activityCalls } from '@yanbo/contracts';
import { Select } from 'antd';
import { type CSSProperties, type ReactNode, useDeferredValue, useState } from 'react';
import { api } from '../http';

/** The caller's activities to pick from, searched by name on the server (the first 100 that match). */
const activityOptionsQuery = (name: string) =>
  queryOptions({
    queryKey: ['activity-options', name] as const,
    queryFn: ({ signal }) => api(activityCalls.listActivities, { query: { name, page: 1, pageSize: 100 }, signal }),
    placeholderData: keepPreviousData,
  });

interface ActivitySearchSelectProps<M extends boolean> {
  multiple?: M;
  value?: M extends true ? number[] : number;
  onChange?: (value: M extends true ? number[] : number) => void;
  /** Names of chosen activities the current search does not list. */
  known?: ReadonlyMap<number, string>;
  /** How an activity reads among the options: its name unless said; once chosen, a label that is not text shows its name. */
  optionLabel?: (activity: ActivityListItem) => ReactNode;
  placeholder: string;
  allowClear?: boolean;
  /** The form item's id, so its label names this control. */
  id?: string;
  testId?: string;
  style?: CSSProperties;
}

/** One or some of the caller's activities, searched by name as the agent types. */
export function ActivitySearchSelect<M extends boolean = false>({
  multiple,
  value,
  onChange,
  known,
  optionLabel = (activity) => activity.name,
  placeholder,
  allowClear,
  id,
  testId,
  style,
}: ActivitySearchSelectProps<M>) {
  const [search, setSearch] = useState('');
  const name = useDeferredValue(search);
  const options = useQuery(activityOptionsQuery(name));
  const listed = options.data?.items ?? [];
  const seen = new Set(listed.map((activity) => activity.id));
  const chosen = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const missing = chosen.filter((chosenId) => !seen.has(chosenId));
  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear={allowClear}
      value={value as never}
      onChange={(next) => onChange?.(next as never)}
      onBlur={() => setSearch('')}
      loading={options.isFetching}
      placeholder={placeholder}
      style={{ width: '100%', ...style }}
      data-testid={testId}
      optionLabelProp="shown"
      options={[
        ...missing.map((missingId) => {
          const shown = known?.get(missingId) ?? `#${missingId}`;
          return { value: missingId, label: shown, shown };
        }),
        ...listed.map((activity) => {
          const label = optionLabel(activity);
          return { value: activity.id, label, shown: typeof label === 'string' ? label : activity.name };
        }),
      ]}
    />
  );
}
