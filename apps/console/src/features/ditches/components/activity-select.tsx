import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { ditchActivityOptionsQuery } from '../api/ditches';

interface ActivitySelectProps {
  /** Form.Item's id, so its label points at the select. */
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder: string;
  style?: React.CSSProperties;
}

/** One of the caller's activities, searched by name on the server; clearing picks none. */
export function ActivitySelect({ id, value, onChange, placeholder, style }: ActivitySelectProps) {
  const [search, setSearch] = useState('');
  const name = useDeferredValue(search.trim());
  const options = useQuery(ditchActivityOptionsQuery(name));
  return (
    <Select<number>
      id={id}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      placeholder={placeholder}
      loading={options.isFetching}
      style={style}
      options={(options.data?.items ?? []).map((activity) => ({
        value: activity.id,
        label: `${activity.name}（ID ${activity.id}）`,
      }))}
    />
  );
}
