import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { photoTexts as t } from '../../../locales/zh-CN/photos';
import { activityPhotoListsQuery } from '../api/photos';

/**
 * The intro tab's photoListId (seed 001 §3 "Intro tab entry"): one of the activity's photo lists, by title. A saved id
 * that is no longer among them still shows, as its number.
 */
export function PhotoListSelect({
  id,
  activityId,
  value,
  onChange,
  testId,
}: {
  /** The form item's id, so its label names this control. */
  id?: string;
  activityId: number;
  value?: number | null;
  onChange?: (value: number | null) => void;
  testId?: string;
}) {
  const lists = useQuery(activityPhotoListsQuery(activityId));
  const items = lists.data?.items ?? [];
  const options = items.map((list) => ({ value: list.id, label: `${list.title}（${list.photoCount} 张）` }));
  if (value && !items.some((list) => list.id === value)) options.unshift({ value, label: `#${value}` });
  return (
    <Select<number>
      id={id}
      allowClear
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      loading={lists.isFetching}
      placeholder={t['photos.select.placeholder']}
      notFoundContent={t['photos.select.empty']}
      style={{ width: 320 }}
      data-testid={testId}
      options={options}
    />
  );
}
