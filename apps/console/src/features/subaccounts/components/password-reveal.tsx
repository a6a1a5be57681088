import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { subaccountTexts as t } from '../../../locales/zh-CN/subaccounts';

const MASK = '••••••••';

/** A sub-account's password for its owner: hidden until revealed, copyable either way (seed 001 §3). */
export function PasswordReveal({ password }: { password: string | null }) {
  const [shown, setShown] = useState(false);
  if (password === null) return <Typography.Text type="secondary">{t['subaccounts.password.unknown']}</Typography.Text>;
  const label = shown ? t['subaccounts.password.hide'] : t['subaccounts.password.show'];
  return (
    <Flex align="center" gap={2}>
      <Typography.Text
        copyable={{ text: password, tooltips: [t['subaccounts.password.copy'], t['subaccounts.password.copied']] }}
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', whiteSpace: 'nowrap' }}
        data-testid="subaccount-password"
      >
        {shown ? password : MASK}
      </Typography.Text>
      <Tooltip title={label}>
        <Button
          type="text"
          size="small"
          aria-label={label}
          icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={() => setShown((value) => !value)}
        />
      </Tooltip>
    </Flex>
  );
}
