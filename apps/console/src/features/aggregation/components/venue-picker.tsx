import { Tag } from 'antd';
import { ActivitySearchSelect } from '../../../app/components/activity-search-select';
import { aggregationTexts as t } from '../../../locales/zh-CN/aggregation';

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
  return (
    <ActivitySearchSelect
      value={value}
      onChange={onChange}
      known={value !== undefined && knownName ? new Map([[value, knownName]]) : undefined}
      optionLabel={(activity) => (
        <span>
          {activity.name}
          {activity.catalogId !== null && (
            <Tag color="orange" style={{ marginInlineStart: 8 }}>
              {t['aggregation.form.inCatalog']}
            </Tag>
          )}
        </span>
      )}
      placeholder={t['aggregation.form.pickActivity']}
      testId={testId}
    />
  );
}
