import { DatePicker, Form, Input } from 'antd';
import dayjs from 'dayjs';
import { pageTexts as t } from '../../../../locales/zh-CN/pages';
import { ColorField } from '../color-field';
import { PictureField } from '../picture-field';

interface MomentFieldProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
}

/** The moment counted down to, kept as ISO-8601 with its zone, picked in the agent's own time. */
function MomentField({ value, onChange }: MomentFieldProps) {
  return (
    <DatePicker
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      value={value ? dayjs(value) : null}
      onChange={(moment) => onChange?.(moment ? moment.second(0).millisecond(0).toISOString() : null)}
      style={{ width: '100%' }}
      data-testid="countdown-target"
    />
  );
}

/** 倒计时: the time left until a moment, and what it says once the moment has passed. */
export function CountdownFields() {
  return (
    <>
      <Form.Item name="title" label={t['pages.field.title']}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="targetAt" label={t['pages.field.endTime']}>
        <MomentField />
      </Form.Item>
      <Form.Item name="endedText" label={t['pages.field.endedText']}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="backgroundImage" label={t['pages.field.backgroundImage']}>
        <PictureField testId="countdown-background-image" />
      </Form.Item>
      <Form.Item name="textColor" label={t['pages.field.textColor']}>
        <ColorField testId="countdown-text-color" />
      </Form.Item>
      <Form.Item name="backgroundColor" label={t['pages.field.backgroundColor']}>
        <ColorField testId="countdown-background" />
      </Form.Item>
    </>
  );
}
