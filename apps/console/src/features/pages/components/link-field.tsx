import { useQuery } from '@tanstack/react-query';
import type { PageLink } from '@yanbo/contracts';
import { Flex, Input, Select } from 'antd';
import { optionTexts, pageTexts as t } from '../../../locales/zh-CN/pages';
import { pageOptionsQuery } from '../api/picker-options';
import { NamedSelect } from './named-picker';

interface LinkFieldProps {
  value?: PageLink;
  onChange?: (value: PageLink) => void;
  testId: string;
}

const KINDS = ['none', 'activity', 'catalog', 'page', 'url'] as const;

/** Where a picture, card or navigation item leads: nothing, an activity, a catalog, another page or an address. */
export function LinkField({ value = { kind: 'none' }, onChange, testId }: LinkFieldProps) {
  const pages = useQuery({ ...pageOptionsQuery(), enabled: value.kind === 'page' });
  const choose = (kind: PageLink['kind']) => {
    // A link not yet complete (no activity chosen) is kept as none until it is.
    if (kind === 'url') onChange?.({ kind, url: '' } as PageLink);
    else if (kind === 'none') onChange?.({ kind });
    else onChange?.({ kind } as PageLink);
  };
  return (
    <Flex gap={8} data-testid={testId}>
      <Select<PageLink['kind']>
        value={value.kind}
        onChange={choose}
        style={{ width: 110, flex: 'none' }}
        options={KINDS.map((kind) => ({ value: kind, label: optionTexts.link[kind] }))}
      />
      <div style={{ flex: 1, minWidth: 0 }}>
        {value.kind === 'activity' && (
          <NamedSelect
            of="activities"
            value={value.activityId}
            onChange={(activityId) => onChange?.(activityId ? { kind: 'activity', activityId } : { kind: 'none' })}
            testId={`${testId}-activity`}
          />
        )}
        {value.kind === 'catalog' && (
          <NamedSelect
            of="catalogs"
            value={value.catalogId}
            onChange={(catalogId) => onChange?.(catalogId ? { kind: 'catalog', catalogId } : { kind: 'none' })}
            testId={`${testId}-catalog`}
          />
        )}
        {value.kind === 'page' && (
          <Select<number>
            value={value.pageId}
            onChange={(pageId) => onChange?.({ kind: 'page', pageId })}
            loading={pages.isFetching}
            style={{ width: '100%' }}
            options={(pages.data?.items ?? []).map((page) => ({ value: page.id, label: page.name }))}
          />
        )}
        {value.kind === 'url' && (
          <Input
            value={value.url}
            placeholder={t['pages.field.linkPlaceholder']}
            onChange={(event) => onChange?.({ kind: 'url', url: event.target.value })}
            data-testid={`${testId}-url`}
          />
        )}
      </div>
    </Flex>
  );
}
