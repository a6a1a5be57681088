import { useQuery } from '@tanstack/react-query';
import { Select, Tag } from 'antd';
import { useDeferredValue, useState } from 'react';
import { aggregationTexts as t } from '../../../locales/zh-CN/aggregation';
import { venueOptionsQuery } from '../api/aggregation';

interface VenuePickerProps {
  value?: number;
  onChange?: (id: number) => void;
  /** The name of the activity already chosen, for when the current search does not list it. */
  knownName?: string;
  testId: string;
}

/**
 * One venue's activity, searched by name. An activity a catalog holds is marked; the server still decides (its
 * refusal shows the seed's text), since the list may be stale by the time the aggregation is saved.
 */
export function VenuePicker({ value, onChange, knownName, testId }: VenuePickerProps) {
  const [search, setSearch] = useState('');
  const name = useDeferredValue(search);
  const options = useQuery(venueOptionsQuery(name));
  const listed = options.data?.items ?? [];
  const missing = value !== undefined && !listed.some((activity) => activity.id === value);
  return (
    <Select<number>
      showSearch
      filterOption={false}
      value={value}
      onChange={(id) => onChange?.(id)}
      onSearch={setSearch}
      onBlur={() => setSearch('')}
      loading={options.isFetching}
      placeholder={t['aggregation.form.pickActivity']}
      style={{ width: '100%' }}
      data-testid={testId}
      optionLabelProp="name"
      options={[
        ...(missing ? [{ value, name: knownName ?? `#${value}`, label: knownName ?? `#${value}` }] : []),
        ...listed.map((activity) => ({
          value: activity.id,
          name: activity.name,
          label: (
            <span>
              {activity.name}
              {activity.catalogId !== null && (
                <Tag color="orange" style={{ marginInlineStart: 8 }}>
                  {t['aggregation.form.inCatalog']}
                </Tag>
              )}
            </span>
          ),
        })),
      ]}
    />
  );
}
