import BankOutlined from '@ant-design/icons-svg/es/asn/BankOutlined';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CheckOutlined from '@ant-design/icons-svg/es/asn/CheckOutlined';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import KeyOutlined from '@ant-design/icons-svg/es/asn/KeyOutlined';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import MobileOutlined from '@ant-design/icons-svg/es/asn/MobileOutlined';
import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import type { CSSProperties, ReactNode } from 'react';
import styles from './light.module.css';

// The few icons of the signed-out pages, antd's own (@ant-design/icons-svg, one small module each), drawn as inline SVG
// so they look the same as in the console without loading its icon component.

export type IconNode = { tag: string; attrs: Record<string, string>; children?: IconNode[] };

export const ICONS = {
  user: UserOutlined,
  lock: LockOutlined,
  key: KeyOutlined,
  mobile: MobileOutlined,
  safety: SafetyOutlined,
  bank: BankOutlined,
  eye: EyeOutlined,
  eyeInvisible: EyeInvisibleOutlined,
  closeCircleFilled: CloseCircleFilled,
  checkCircleFilled: CheckCircleFilled,
  loading: LoadingOutlined,
  check: CheckOutlined,
};

export type IconName = keyof typeof ICONS;

/** An icon's attributes as React names them (fill-rule → fillRule). */
const reactAttrs = (attrs: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(attrs).map(([name, value]) => [name.replace(/-([a-z])/g, (_, c) => c.toUpperCase()), value]),
  );

function draw(node: IconNode, key?: number): ReactNode {
  const { tag, attrs, children } = node;
  const Tag = tag as 'path';
  return (
    <Tag key={key} {...reactAttrs(attrs)}>
      {children?.map((child, index) => draw(child, index))}
    </Tag>
  );
}

/** An antd icon as an inline SVG: 1em square, in the text's colour. */
export function Icon({ name, spin, style }: { name: IconName; spin?: boolean; style?: CSSProperties }) {
  const svg = ICONS[name].icon as IconNode;
  return (
    <span role="img" aria-label={name} className={spin ? `${styles.icon} ${styles.spin}` : styles.icon} style={style}>
      <svg {...reactAttrs(svg.attrs)} width="1em" height="1em" fill="currentColor" aria-hidden="true">
        {svg.children?.map((child, index) => draw(child, index))}
      </svg>
    </span>
  );
}
