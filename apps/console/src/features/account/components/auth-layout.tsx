import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { accountTexts } from '../../../locales/zh-CN/account';

/** The signed-out screens: the product on a blue field, one card in the middle. */
export function AuthLayout({ title, children, footer }: { title?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      style={{
        minHeight: '100vh',
        padding: 24,
        background: 'linear-gradient(135deg, #0958d9 0%, #1677ff 45%, #69b1ff 100%)',
      }}
    >
      <Flex vertical align="center" style={{ marginBottom: 24, color: '#fff' }}>
        <Flex align="center" gap={12}>
          <img src="/favicon.svg" alt="" width={40} height={40} style={{ borderRadius: 8, background: '#fff' }} />
          <Typography.Title level={2} style={{ color: '#fff', margin: 0, letterSpacing: 4 }}>
            {accountTexts.brand}
          </Typography.Title>
        </Flex>
        <Typography.Text style={{ color: 'rgba(255,255,255,0.85)', marginTop: 8 }}>
          {accountTexts.slogan}
        </Typography.Text>
      </Flex>
      <Card style={{ width: '100%', maxWidth: 420, boxShadow: '0 12px 40px rgba(0, 40, 120, 0.25)' }} title={title}>
        {children}
      </Card>
      {footer}
    </Flex>
  );
}
