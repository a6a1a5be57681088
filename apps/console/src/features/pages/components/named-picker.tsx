import { activitySource } from '../../../app/components/activity-search-select';
import { SearchSelect, type SearchSource } from '../../../app/components/search-select';
import { pageTexts as t } from '../../../locales/zh-CN/pages';
import { catalogSource } from '../api/picker-options';

/** What a component's panel picks by name: the agent's activities or its catalogs. */
type NamedKind = 'activities' | 'catalogs';

const PICKS: Record<NamedKind, { source: SearchSource<{ id: number; name: string }>; placeholder: string }> = {
  activities: { source: activitySource, placeholder: t['pages.field.activitiesPick'] },
  catalogs: { source: catalogSource, placeholder: t['pages.field.catalogsPick'] },
};

interface NamedPickerProps {
  of: NamedKind;
  value?: number[];
  onChange?: (ids: number[]) => void;
  testId: string;
}

/** Some of the agent's activities or catalogs, searched by name, in the order picked. */
export function NamedPicker({ of, value = [], onChange, testId }: NamedPickerProps) {
  return <SearchSelect multiple {...PICKS[of]} value={value} onChange={onChange} testId={testId} />;
}

interface NamedSelectProps {
  of: NamedKind;
  value?: number | null;
  onChange?: (id: number | null) => void;
  testId: string;
}

/** One of the agent's activities or catalogs, searched by name; cleared, it is null. */
export function NamedSelect({ of, value, onChange, testId }: NamedSelectProps) {
  return (
    <SearchSelect
      {...PICKS[of]}
      allowClear
      value={value ?? undefined}
      onChange={(id) => onChange?.(id ?? null)}
      testId={testId}
    />
  );
}
