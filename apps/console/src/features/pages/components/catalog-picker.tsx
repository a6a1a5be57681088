import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { pageTexts as t } from '../../../locales/zh-CN/pages';
import { catalogOptionsQuery } from '../api/picker-options';

/** The agent's catalogs matching a search, with the names of those already picked that the search leaves out. */
function useCatalogOptions(picked: readonly number[]) {
  const [search, setSearch] = useState('');
  const name = useDeferredValue(search);
  const options = useQuery(catalogOptionsQuery(name));
  const all = useQuery(catalogOptionsQuery(''));
  const names = new Map([...(all.data?.items ?? []), ...(options.data?.items ?? [])].map((c) => [c.id, c.name]));
  const listed = options.data?.items ?? [];
  const seen = new Set(listed.map((catalog) => catalog.id));
  return {
    setSearch,
    loading: options.isFetching,
    options: [
      ...picked.filter((id) => !seen.has(id)).map((id) => ({ value: id, label: names.get(id) ?? `#${id}` })),
      ...listed.map((catalog) => ({ value: catalog.id, label: catalog.name })),
    ],
  };
}

interface CatalogPickerProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  testId: string;
}

/** Some of the agent's catalogs, searched by name, in the order picked. */
export function CatalogPicker({ value = [], onChange, testId }: CatalogPickerProps) {
  const { setSearch, loading, options } = useCatalogOptions(value);
  return (
    <Select<number[]>
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value}
      onChange={(ids) => onChange?.(ids)}
      onBlur={() => setSearch('')}
      loading={loading}
      placeholder={t['pages.field.catalogsPick']}
      style={{ width: '100%' }}
      data-testid={testId}
      options={options}
    />
  );
}

interface CatalogSelectProps {
  value?: number | null;
  onChange?: (id: number | null) => void;
  testId: string;
}

/** One of the agent's catalogs, searched by name. */
export function CatalogSelect({ value, onChange, testId }: CatalogSelectProps) {
  const { setSearch, loading, options } = useCatalogOptions(value ? [value] : []);
  return (
    <Select<number>
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value ?? undefined}
      onChange={(id) => onChange?.(id ?? null)}
      onBlur={() => setSearch('')}
      loading={loading}
      placeholder={t['pages.field.catalogsPick']}
      style={{ width: '100%' }}
      data-testid={testId}
      options={options}
    />
  );
}
