import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { pageTexts as t } from '../../../locales/zh-CN/pages';
import { type NamedKind, namedOptionsQuery } from '../api/picker-options';

const PLACEHOLDERS = {
  activities: t['pages.field.activitiesPick'],
  catalogs: t['pages.field.catalogsPick'],
} satisfies Record<NamedKind, string>;

/** The agent's activities or catalogs matching a search, with the names of those already picked that it leaves out. */
function useNamedOptions(of: NamedKind, picked: readonly number[]) {
  const [search, setSearch] = useState('');
  const name = useDeferredValue(search);
  const options = useQuery(namedOptionsQuery(of, name));
  const all = useQuery(namedOptionsQuery(of, ''));
  const listed = options.data?.items ?? [];
  const names = new Map([...(all.data?.items ?? []), ...listed].map((item) => [item.id, item.name]));
  const seen = new Set(listed.map((item) => item.id));
  return {
    setSearch,
    loading: options.isFetching,
    options: [
      ...picked.filter((id) => !seen.has(id)).map((id) => ({ value: id, label: names.get(id) ?? `#${id}` })),
      ...listed.map((item) => ({ value: item.id, label: item.name })),
    ],
  };
}

interface NamedPickerProps {
  of: NamedKind;
  value?: number[];
  onChange?: (ids: number[]) => void;
  testId: string;
}

/** Some of the agent's activities or catalogs, searched by name, in the order picked. */
export function NamedPicker({ of, value = [], onChange, testId }: NamedPickerProps) {
  const { setSearch, loading, options } = useNamedOptions(of, value);
  return (
    <Select<number[]>
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value}
      onChange={(ids) => onChange?.(ids)}
      onBlur={() => setSearch('')}
      loading={loading}
      placeholder={PLACEHOLDERS[of]}
      style={{ width: '100%' }}
      data-testid={testId}
      options={options}
    />
  );
}

interface NamedSelectProps {
  of: NamedKind;
  value?: number | null;
  onChange?: (id: number | null) => void;
  testId: string;
}

/** One of the agent's activities or catalogs, searched by name. */
export function NamedSelect({ of, value, onChange, testId }: NamedSelectProps) {
  const { setSearch, loading, options } = useNamedOptions(of, value ? [value] : []);
  return (
    <Select<number>
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value ?? undefined}
      onChange={(id) => onChange?.(id ?? null)}
      onBlur={() => setSearch('')}
      loading={loading}
      placeholder={PLACEHOLDERS[of]}
      style={{ width: '100%' }}
      data-testid={testId}
      options={options}
    />
  );
}
