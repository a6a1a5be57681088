import { type ReactNode, useRef, useState } from 'react';
import type { FieldProps } from './controls';

// A small form for the signed-out pages, checked as antd's Form checks: each field on change (and the fields that
// depend on it, once touched), every field on submit; a rule answers what is wrong, or undefined.

export type Rule<V> = (value: string, values: V) => string | undefined;
export type Rules<V> = { [K in keyof V]?: { rules: Rule<V>[]; dependencies?: (keyof V)[] } };

export interface LightForm<V extends Record<string, string>> {
  values: V;
  /** Value, change, blur and error of a field, for a TextField. */
  field: (name: keyof V, extra?: { onBlur?: () => void; onChange?: () => void }) => FieldProps;
  /** Checks the named fields (all by default) and answers their values, or null when one is wrong. */
  validate: (names?: (keyof V)[]) => V | null;
  /** Shows a message under a field (a server's answer about it). */
  setError: (name: keyof V, error: ReactNode) => void;
  hasError: (name: keyof V) => boolean;
  /** A form's onSubmit: checks every field, then hands the values on. */
  onSubmit: (submit: (values: V) => unknown) => (event: { preventDefault(): void }) => void;
}

export function useLightForm<V extends Record<string, string>>(initial: V, rules: Rules<V>): LightForm<V> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, ReactNode>>>({});
  const touched = useRef(new Set<keyof V>());
  // The latest values, for checks made in the same event as a change.
  const current = useRef(values);

  const check = (name: keyof V, all: V) => {
    for (const rule of rules[name]?.rules ?? []) {
      const message = rule(all[name] ?? '', all);
      if (message) return message;
    }
    return undefined;
  };

  const validate = (names: (keyof V)[] = Object.keys(rules) as (keyof V)[]) => {
    const all = current.current;
    const found = Object.fromEntries(names.map((name) => [name, check(name, all)])) as Partial<Record<keyof V, string>>;
    for (const name of names) touched.current.add(name);
    setErrors((before) => ({ ...before, ...found }));
    return names.some((name) => found[name] !== undefined) ? null : all;
  };

  const change = (name: keyof V, value: string) => {
    const all = { ...current.current, [name]: value };
    current.current = all;
    setValues(all);
    touched.current.add(name);
    const dependents = (Object.keys(rules) as (keyof V)[]).filter(
      (other) => touched.current.has(other) && rules[other]?.dependencies?.includes(name),
    );
    const found = Object.fromEntries([name, ...dependents].map((key) => [key, check(key, all)]));
    setErrors((before) => ({ ...before, ...found }));
  };

  return {
    values,
    field: (name, extra) => ({
      value: values[name] ?? '',
      onChange: (value) => {
        change(name, value);
        extra?.onChange?.();
      },
      onBlur: extra?.onBlur,
      error: errors[name] ?? undefined,
    }),
    validate,
    setError: (name, error) => setErrors((before) => ({ ...before, [name]: error })),
    hasError: (name) => errors[name] !== undefined && errors[name] !== null,
    onSubmit: (submit) => (event) => {
      event.preventDefault();
      const valid = validate();
      if (valid) void submit(valid);
    },
  };
}
