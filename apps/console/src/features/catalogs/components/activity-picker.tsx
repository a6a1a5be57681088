import { Tag } from 'antd';
import { ActivitySearchSelect } from '../../../app/components/activity-search-select';
import { catalogTexts as t } from '../../../locales/zh-CN/catalogs';

interface ActivityPickerProps {
  catalogId: number;
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** Names of activities already in the chapters, for those the current search does not list. */
  known: ReadonlyMap<number, string>;
  testId: string;
}

/**
 * A chapter's activities, searched by name. An activity another catalog holds is marked; the server still decides
 * (its refusal shows the seed's text), since the list may be stale by the time the chapters are saved.
 */
export function ActivityPicker({ catalogId, value = [], onChange, known, testId }: ActivityPickerProps) {
  return (
    <ActivitySearchSelect
      multiple
      value={value}
      onChange={onChange}
      known={known}
      optionLabel={(activity) => (
        <span>
          {activity.name}
          {activity.catalogId !== null && activity.catalogId !== catalogId && (
            <Tag color="orange" style={{ marginInlineStart: 8 }}>
              {t['catalogs.chapters.inOther']}
            </Tag>
          )}
        </span>
      )}
      placeholder={t['catalogs.chapters.pick']}
      testId={testId}
    />
  );
}
