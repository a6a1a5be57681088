import { BarChartOutlined, FileTextOutlined, FormOutlined, PictureOutlined, ShoppingOutlined } from '@ant-design/icons';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentCalls, interactionCalls, photoCalls, productCalls, registrationCalls } from '@yanbo/contracts';
import { Alert, Button, Card, Col, Flex, Row, Statistic, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { api } from '../../app/http';
import { applicationTexts as t } from '../../locales/zh-CN/applications';

// /application (seed 000 §1, §2): one card per application with what it is, how many the agent has, and the way in.
// Each count is the total of the application's own list call (one row asked for); a count that cannot be read shows
// — rather than a number nobody counted. The form application is the registration's form engine without the gate
// (its screens and calls are the registration feature's), so its count is that list's of kind `form`.

interface HubCard {
  key: 'vote' | 'product' | 'photoLive' | 'document' | 'form';
  path: string;
  icon: ReactNode;
  count: () => Promise<{ pager: { total: number } }>;
}

const ONE = { page: 1, pageSize: 1 } as const;

const CARDS: readonly HubCard[] = [
  {
    key: 'vote',
    path: '/application/vote',
    icon: <BarChartOutlined />,
    count: () => api(interactionCalls.listAgentVotes, { query: ONE }),
  },
  {
    key: 'product',
    path: '/application/product',
    icon: <ShoppingOutlined />,
    count: () => api(productCalls.listProducts, { query: ONE }),
  },
  {
    key: 'photoLive',
    path: '/application/photoLive',
    icon: <PictureOutlined />,
    count: () => api(photoCalls.listAgentPhotoLists, { query: ONE }),
  },
  {
    key: 'document',
    path: '/application/document',
    icon: <FileTextOutlined />,
    count: () => api(documentCalls.listDocuments, { query: ONE }),
  },
  {
    key: 'form',
    path: '/application/form',
    icon: <FormOutlined />,
    count: () => api(registrationCalls.listRegistrations, { query: { ...ONE, kind: 'form' } }),
  },
];

const countQuery = (card: HubCard) =>
  queryOptions({
    queryKey: ['applications', 'hub-count', card.key] as const,
    queryFn: () => card.count().then((list) => list.pager.total),
    meta: { silent: true },
    staleTime: 0,
  });

function ApplicationCard({ card }: { card: HubCard }) {
  const { token } = theme.useToken();
  const count = useQuery(countQuery(card));
  const title = t[`applications.card.${card.key}`];
  return (
    <Card hoverable style={{ height: '100%' }} data-testid={`application-${card.key}`}>
      <Flex vertical gap={16} style={{ height: '100%' }}>
        <Flex align="center" gap={12}>
          <Flex
            align="center"
            justify="center"
            style={{
              width: 48,
              height: 48,
              borderRadius: 12,
              fontSize: 24,
              color: token.colorPrimary,
              background: token.colorPrimaryBg,
            }}
          >
            {card.icon}
          </Flex>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ margin: 0, minHeight: 44 }}>
          {t[`applications.card.${card.key}.desc`]}
        </Typography.Paragraph>
        <Flex align="end" justify="space-between" style={{ marginTop: 'auto' }}>
          <Statistic
            title={t['applications.countLabel']}
            value={count.isSuccess ? count.data : t['applications.countUnknown']}
            loading={count.isPending}
            valueStyle={{ fontSize: 22 }}
            data-testid={`application-${card.key}-count`}
          />
          <Link to={card.path}>
            <Button type="primary">{t['applications.enter']}</Button>
          </Link>
        </Flex>
      </Flex>
    </Card>
  );
}

export function ApplicationHubPage() {
  return (
    <>
      <PageHeader name="applications" />
      <Alert type="info" showIcon message={t['applications.hint']} style={{ marginBottom: 16 }} />
      <Row gutter={[16, 16]}>
        {CARDS.map((card) => (
          <Col key={card.key} xs={24} sm={12} lg={8} xxl={6}>
            <ApplicationCard card={card} />
          </Col>
        ))}
      </Row>
    </>
  );
}
