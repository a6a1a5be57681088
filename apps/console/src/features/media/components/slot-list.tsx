import type { Media, MediaSlot } from '@yanbo/contracts';
import { Col, Row, Select, Tag, Typography } from 'antd';
import { mediaTexts as t } from '../../../locales/zh-CN/media';
import { slotOf, withSlot } from '../media-rules';

interface SlotListProps {
  slots: MediaSlot[];
  onChange: (slots: MediaSlot[]) => void;
  /** Ready media of the library to pick from. */
  library: Media[];
  testId: string;
  columns?: number;
  /** Shown, not changed (a sub-account looking at the agent-wide lists). */
  readOnly?: boolean;
}

/** Numbered media slots, each filled from the library or left empty (seed 001 §5: 8 per live list, 20 overall). */
export function SlotList({ slots, onChange, library, testId, columns = 2, readOnly = false }: SlotListProps) {
  const options = library.map((media) => ({ value: media.id, label: media.name || `#${media.id}` }));
  return (
    <Row gutter={[12, 8]} data-testid={testId}>
      {slots.map((slot, index) => {
        const known = slot?.mediaId != null && options.some((option) => option.value === slot.mediaId);
        const value = slot ? (slot.mediaId ?? `url:${slot.url}`) : undefined;
        const extra =
          slot && !known
            ? [{ value: value as number | string, label: slot.name || slot.url || `#${slot.mediaId}` }]
            : [];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: slots are positions, not items
          <Col span={24 / columns} key={index}>
            <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <Typography.Text type="secondary" style={{ width: 56, flex: 'none' }}>
                {t['media.slots.slot'](index + 1)}
              </Typography.Text>
              <Select<number | string>
                data-testid={`${testId}-slot-${index}`}
                style={{ flex: 1, minWidth: 0 }}
                disabled={readOnly}
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t['media.slots.pick']}
                value={value}
                options={[...extra, ...options]}
                onChange={(picked) => {
                  const media = library.find((item) => item.id === picked);
                  if (picked === undefined || picked === null) onChange(withSlot(slots, index, null));
                  else if (media) onChange(withSlot(slots, index, slotOf(media)));
                }}
              />
              {slot?.status && slot.status !== 'ready' && <Tag color="warning">{t['media.slots.notReady']}</Tag>}
            </div>
          </Col>
        );
      })}
    </Row>
  );
}
