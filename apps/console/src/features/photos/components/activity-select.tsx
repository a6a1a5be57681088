import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { type CSSProperties, useDeferredValue, useState } from 'react';
import { activityOptionsQuery } from '../api/photos';

/** An activity picked by name: the caller's activities, searched as it types. */
export function ActivitySelect({
  id,
  value,
  onChange,
  placeholder,
  allowClear,
  style,
  testId,
}: {
  /** The form item's id, so its label names this control. */
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  placeholder: string;
  allowClear?: boolean;
  style?: CSSProperties;
  testId?: string;
}) {
  const [search, setSearch] = useState('');
  const options = useQuery(activityOptionsQuery(useDeferredValue(search)));
  return (
    <Select<number>
      id={id}
      showSearch
      filterOption={false}
      onSearch={setSearch}
      allowClear={allowClear}
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      placeholder={placeholder}
      loading={options.isFetching}
      style={style}
      data-testid={testId}
      options={(options.data?.items ?? []).map((activity) => ({
        value: activity.id,
        label: `${activity.name}（${activity.id}）`,
      }))}
    />
  );
}
