import { ColorPicker } from 'antd';
import { pageTemplateTexts as t } from '../../../locales/zh-CN/page-template';

interface ColorFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  testId: string;
}

const PRESETS = ['#1677ff', '#ffffff', '#000000', '#f5f5f5', '#262626', '#ff4d4f', '#fa8c16', '#52c41a', '#722ed1'];

/** A template colour as the wire keeps it: a hex string, '' when unset (the page's default). */
export function ColorField({ value, onChange, testId }: ColorFieldProps) {
  return (
    <span data-testid={testId}>
      <ColorPicker
        value={value || undefined}
        allowClear
        showText
        format="hex"
        disabledAlpha
        presets={[{ label: t['template.color.presets'], colors: PRESETS, defaultOpen: true }]}
        onChangeComplete={(color) => onChange?.(color.cleared ? '' : color.toHexString())}
        onClear={() => onChange?.('')}
      />
    </span>
  );
}
