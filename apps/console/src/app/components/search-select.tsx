import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { type CSSProperties, type ReactNode, useDeferredValue, useState } from 'react';

/** What a search select offers: the agent's own things with an id and a name, searched by name on the server. */
export interface SearchSource<T extends { id: number; name: string }> {
  /** The cache key the searches are kept under (the typed name is added to it). */
  key: readonly string[];
  search: (name: string, signal: AbortSignal) => Promise<{ items: T[] }>;
}

export interface SearchSelectProps<T extends { id: number; name: string }, M extends boolean> {
  source: SearchSource<T>;
  multiple?: M;
  value?: M extends true ? number[] : number;
  onChange?: (value: M extends true ? number[] : number) => void;
  /** Names of chosen ones neither the current search nor the first page lists. */
  known?: ReadonlyMap<number, string>;
  /** How one reads among the options: its name unless said; once chosen, a label that is not text shows its name. */
  optionLabel?: (item: T) => ReactNode;
  placeholder: string;
  allowClear?: boolean;
  /** Set by Form.Item, so the field's label names this control. */
  id?: string;
  testId?: string;
  style?: CSSProperties;
}

function useSearch<T extends { id: number; name: string }>(source: SearchSource<T>, name: string) {
  return useQuery({
    queryKey: [...source.key, name],
    queryFn: ({ signal }) => source.search(name, signal),
    placeholderData: keepPreviousData,
  });
}

/** One or some of the agent's things, searched by name as the agent types; the chosen ones keep their names. */
export function SearchSelect<T extends { id: number; name: string }, M extends boolean = false>({
  source,
  multiple,
  value,
  onChange,
  known,
  optionLabel = (item) => item.name,
  placeholder,
  allowClear,
  id,
  testId,
  style,
}: SearchSelectProps<T, M>) {
  const [search, setSearch] = useState('');
  const options = useSearch(source, useDeferredValue(search));
  // The unsearched first page names the chosen ones a search leaves out (the same query as before any typing).
  const first = useSearch(source, '');
  const listed = options.data?.items ?? [];
  const names = new Map([...(first.data?.items ?? []), ...listed].map((item) => [item.id, item.name]));
  const seen = new Set(listed.map((item) => item.id));
  const chosen = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
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
          const shown = known?.get(missingId) ?? names.get(missingId) ?? `#${missingId}`;
          return { value: missingId, label: shown, shown };
        }),
        ...listed.map((item) => {
          const label = optionLabel(item);
          return { value: item.id, label, shown: typeof label === 'string' ? label : item.name };
        }),
      ]}
    />
  );
}
