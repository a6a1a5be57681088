import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { pageTexts as t } from '../../../locales/zh-CN/pages';
import { groupOptionsQuery } from '../api/picker-options';

interface GroupPickerProps {
  value?: number | null;
  onChange?: (id: number | null) => void;
  testId: string;
}

/** One of the agent's activity groups. */
export function GroupPicker({ value, onChange, testId }: GroupPickerProps) {
  const groups = useQuery(groupOptionsQuery());
  return (
    <Select<number>
      allowClear
      value={value ?? undefined}
      onChange={(id) => onChange?.(id ?? null)}
      loading={groups.isFetching}
      placeholder={t['pages.field.groupPick']}
      style={{ width: '100%' }}
      data-testid={testId}
      options={(groups.data?.items ?? []).map((group) => ({ value: group.id, label: group.name }))}
    />
  );
}
