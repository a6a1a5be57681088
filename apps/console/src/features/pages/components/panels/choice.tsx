import { Select } from 'antd';

interface ChoiceProps<V extends string> {
  value?: V;
  onChange?: (value: V) => void;
  /** Each value's text, in the order offered. */
  labels: Readonly<Record<V, string>>;
  testId?: string;
}

/** One of a field's fixed values, each shown by its Chinese name. */
export function Choice<V extends string>({ value, onChange, labels, testId }: ChoiceProps<V>) {
  return (
    <Select<V>
      value={value}
      onChange={(next) => onChange?.(next)}
      data-testid={testId}
      options={(Object.keys(labels) as V[]).map((key) => ({ value: key, label: labels[key] }))}
    />
  );
}
