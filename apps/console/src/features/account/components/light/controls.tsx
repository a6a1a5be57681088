import { type ReactNode, useId, useState } from 'react';
import { Icon, type IconName } from './icons';
import styles from './light.module.css';

// The controls of the signed-out pages, light stand-ins for antd's large Form.Item, Input, Button, Tabs, Alert and
// Steps, with their look and roles (tab, tabpanel, button, alert), so the pages need no antd.

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/** antd spaces a two-character Chinese label (登 录); so do these buttons. */
function spaced(label: ReactNode): ReactNode {
  return typeof label === 'string' && /^[\u4e00-\u9fa5]{2}$/.test(label) ? `${label[0]} ${label[1]}` : label;
}

export function Button({
  children,
  primary,
  block,
  loading,
  disabled,
  type = 'button',
  onClick,
  className,
}: {
  children: ReactNode;
  primary?: boolean;
  block?: boolean;
  loading?: boolean;
  disabled?: boolean;
  type?: 'button' | 'submit';
  onClick?: () => void;
  className?: string;
}) {
  return (
    <button
      type={type}
      className={cx(
        styles.button,
        primary && styles.primary,
        block && styles.block,
        loading && styles.loading,
        className,
      )}
      disabled={disabled}
      aria-busy={loading || undefined}
      onClick={loading ? undefined : onClick}
    >
      {loading && <Icon name="loading" spin />}
      <span>{spaced(children)}</span>
    </button>
  );
}

export interface FieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: ReactNode;
}

/** A large input with its icon and, under it, what is wrong with it (as antd's Form.Item shows it). */
export function TextField({
  icon,
  placeholder,
  password,
  maxLength,
  autoComplete,
  field,
  className,
}: {
  icon: IconName;
  placeholder: string;
  password?: boolean;
  maxLength?: number;
  autoComplete?: string;
  field: FieldProps;
  className?: string;
}) {
  const [visible, setVisible] = useState(false);
  const helpId = useId();
  const { value, onChange, onBlur, error } = field;
  return (
    <div className={cx(styles.item, error !== undefined && styles.itemWithHelp, className)}>
      <span className={cx(styles.input, error !== undefined && styles.inputError)}>
        <span className={styles.prefix}>
          <Icon name={icon} />
        </span>
        <input
          type={password && !visible ? 'password' : 'text'}
          placeholder={placeholder}
          maxLength={maxLength}
          autoComplete={autoComplete}
          value={value}
          aria-invalid={error !== undefined || undefined}
          aria-describedby={error !== undefined ? helpId : undefined}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
        {password && (
          <button
            type="button"
            className={styles.suffix}
            tabIndex={-1}
            aria-label={visible ? 'hide password' : 'show password'}
            onClick={() => setVisible(!visible)}
          >
            <Icon name={visible ? 'eye' : 'eyeInvisible'} />
          </button>
        )}
      </span>
      {error !== undefined && (
        <div id={helpId} className={styles.help} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

export function Tabs<K extends string>({
  items,
  active,
  onChange,
}: {
  items: { key: K; label: string; children: ReactNode }[];
  active: K;
  onChange: (key: K) => void;
}) {
  const id = useId();
  const current = items.find((item) => item.key === active) ?? items[0];
  return (
    <div>
      <div role="tablist" className={styles.tabList}>
        {items.map((item) => (
          <button
            key={item.key}
            type="button"
            role="tab"
            id={`${id}-tab-${item.key}`}
            aria-selected={item.key === current.key}
            aria-controls={`${id}-panel-${item.key}`}
            tabIndex={item.key === current.key ? 0 : -1}
            className={cx(styles.tab, item.key === current.key && styles.tabActive)}
            onClick={() => onChange(item.key)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel-${current.key}`} aria-labelledby={`${id}-tab-${current.key}`}>
        {current.children}
      </div>
    </div>
  );
}

export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className={styles.alert}>
      <Icon name="closeCircleFilled" />
      <span>{children}</span>
    </div>
  );
}

export function Steps({ current, titles }: { current: number; titles: string[] }) {
  return (
    <ol className={styles.steps}>
      {titles.map((title, index) => (
        <li
          key={title}
          className={cx(styles.step, index === current && styles.stepCurrent, index < current && styles.stepDone)}
          aria-current={index === current ? 'step' : undefined}
        >
          <span className={styles.stepDot}>{index < current ? <Icon name="check" /> : index + 1}</span>
          <span className={styles.stepTitle}>{title}</span>
          {index < titles.length - 1 && <span className={styles.stepTail} />}
        </li>
      ))}
    </ol>
  );
}

export function Row({ children }: { children: ReactNode }) {
  return <div className={styles.row}>{children}</div>;
}

export function Links({ children, centered }: { children: ReactNode; centered?: boolean }) {
  return <div className={cx(styles.links, centered && styles.linksCentered)}>{children}</div>;
}

export { cx, styles };
