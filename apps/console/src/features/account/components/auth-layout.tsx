import { Card, ConfigProvider, Flex, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useLoginTemplate } from '../../../app/use-login-template';
import { accountTexts } from '../../../locales/zh-CN/account';

const DEFAULT_BACKGROUND = 'linear-gradient(135deg, #0958d9 0%, #1677ff 45%, #69b1ff 100%)';

/**
 * The signed-out screens: the product on a blue field, one card in the middle. On an agent's customised host the
 * agent's login template replaces the logo, title, slogan, background and primary colour.
 */
export function AuthLayout({ title, children, footer }: { title?: string; children: ReactNode; footer?: ReactNode }) {
  const { template, loading } = useLoginTemplate();
  const custom = template?.customized ? template : undefined;
  const primary = custom?.primaryColor || undefined;
  const background = custom?.background
    ? `center / cover no-repeat url("${custom.background}"), ${DEFAULT_BACKGROUND}`
    : primary
      ? `linear-gradient(135deg, ${primary} 0%, ${primary}cc 55%, ${primary}66 100%)`
      : DEFAULT_BACKGROUND;
  const brand = custom?.title || accountTexts.brand;

  useEffect(() => {
    if (custom?.title) document.title = custom.title;
  }, [custom?.title]);

  return (
    <ConfigProvider theme={primary ? { token: { colorPrimary: primary } } : undefined}>
      <Flex
        vertical
        align="center"
        justify="center"
        data-login-template={custom ? 'custom' : 'default'}
        style={{ minHeight: '100vh', padding: 24, background }}
      >
        <Flex
          vertical
          align="center"
          style={{ marginBottom: 24, color: '#fff', visibility: loading ? 'hidden' : 'visible' }}
        >
          <Flex align="center" gap={12}>
            <img
              src={custom?.logo || '/favicon.svg'}
              alt=""
              width={40}
              height={40}
              style={{ borderRadius: 8, background: '#fff', objectFit: 'contain' }}
            />
            <Typography.Title level={2} style={{ color: '#fff', margin: 0, letterSpacing: 4 }}>
              {brand}
            </Typography.Title>
          </Flex>
          <Typography.Text style={{ color: 'rgba(255,255,255,0.85)', marginTop: 8 }}>
            {custom?.slogan || accountTexts.slogan}
          </Typography.Text>
        </Flex>
        <Card style={{ width: '100%', maxWidth: 420, boxShadow: '0 12px 40px rgba(0, 40, 120, 0.25)' }} title={title}>
          {children}
        </Card>
        {footer}
      </Flex>
    </ConfigProvider>
  );
}
