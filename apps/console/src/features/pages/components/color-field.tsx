import { ColorPicker } from 'antd';

interface ColorFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Whether the colour may be left empty (the page's own background then shows). */
  clearable?: boolean;
  testId: string;
}

/** A colour as the page keeps it: #rrggbb, or empty where the field allows none. */
export function ColorField({ value, onChange, clearable = false, testId }: ColorFieldProps) {
  return (
    <ColorPicker
      value={value || undefined}
      allowClear={clearable}
      showText
      disabledAlpha
      format="hex"
      onChange={(color) => onChange?.(color.toHexString())}
      onClear={() => onChange?.('')}
      data-testid={testId}
    />
  );
}
