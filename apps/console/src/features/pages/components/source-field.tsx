import { useQuery } from '@tanstack/react-query';
import type { ActivitySource } from '@yanbo/contracts';
import { Flex, Select } from 'antd';
import { optionTexts } from '../../../locales/zh-CN/pages';
import { columnsQuery } from '../api/pages';
import { GroupPicker } from './group-picker';
import { NamedPicker } from './named-picker';

interface SourceFieldProps {
  pageId: number;
  value?: ActivitySource;
  onChange?: (value: ActivitySource) => void;
  testId: string;
}

const KINDS = ['new', 'hot', 'live', 'group', 'chosen', 'column'] as const;

/** Which activities a list shows: the newest, the hottest, those live now, a group's, chosen ones or a column's. */
export function SourceField({ pageId, value = { kind: 'new' }, onChange, testId }: SourceFieldProps) {
  const columns = useQuery({ ...columnsQuery(pageId), enabled: value.kind === 'column' });
  const choose = (kind: ActivitySource['kind']) => {
    if (kind === 'chosen') onChange?.({ kind, activityIds: [] });
    else onChange?.({ kind } as ActivitySource);
  };
  return (
    <Flex vertical gap={8} data-testid={testId}>
      <Select<ActivitySource['kind']>
        value={value.kind}
        onChange={choose}
        options={KINDS.map((kind) => ({ value: kind, label: optionTexts.source[kind] }))}
        data-testid={`${testId}-kind`}
      />
      {value.kind === 'group' && (
        <GroupPicker
          value={value.groupId}
          onChange={(groupId) =>
            onChange?.(groupId ? { kind: 'group', groupId } : ({ kind: 'group' } as ActivitySource))
          }
          testId={`${testId}-group`}
        />
      )}
      {value.kind === 'chosen' && (
        <NamedPicker
          of="activities"
          value={value.activityIds}
          onChange={(activityIds) => onChange?.({ kind: 'chosen', activityIds })}
          testId={`${testId}-activities`}
        />
      )}
      {value.kind === 'column' && (
        <Select<number>
          value={value.listId}
          onChange={(listId) => onChange?.({ kind: 'column', listId })}
          loading={columns.isFetching}
          options={(columns.data?.items ?? []).map((column) => ({ value: column.id, label: column.title }))}
          data-testid={`${testId}-column`}
        />
      )}
    </Flex>
  );
}
