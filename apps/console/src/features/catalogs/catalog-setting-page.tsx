import { ExportOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton, Space, Tabs, Typography } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { ApiError } from '../../app/http';
import { catalogTexts as t } from '../../locales/zh-CN/catalogs';
import { catalogQuery } from './api/catalogs';
import { AbstractTab } from './components/abstract-tab';
import { AppearanceTab } from './components/appearance-tab';
import { ChaptersTab } from './components/chapters-tab';
import { ShareTab } from './components/share-tab';

const TABS = ['chapters', 'share', 'abstract', 'appearance'] as const;
type CatalogTab = (typeof TABS)[number];
const tabFrom = (value: string | null): CatalogTab =>
  (TABS as readonly string[]).includes(value ?? '') ? (value as CatalogTab) : 'chapters';

/** /catalog/:catalogId/setting: a catalog's chapters, share card, description and appearance (seed 001 §2). */
export function CatalogSettingPage() {
  const { catalogId } = useParams();
  return <CatalogSetting key={catalogId} catalogId={Number(catalogId)} />;
}

function CatalogSetting({ catalogId }: { catalogId: number }) {
  const [search, setSearch] = useSearchParams();
  const validId = Number.isInteger(catalogId) && catalogId > 0;
  const catalog = useQuery({ ...catalogQuery(catalogId), enabled: validId, meta: { silent: true } });
  const tab = tabFrom(search.get('tab'));

  if (!validId || catalog.error) {
    const missing = !validId || (catalog.error instanceof ApiError && catalog.error.status === 404);
    return (
      <>
        <PageHeader name="catalogs.setting" />
        <Card>
          <Result
            status={missing ? '404' : 'error'}
            title={missing ? t['catalogs.notFound'] : t['catalogs.loadFailed']}
            extra={
              <Link to="/catalog">
                <Button type="primary">{t['catalogs.back']}</Button>
              </Link>
            }
          />
        </Card>
      </>
    );
  }
  if (!catalog.data) return <Skeleton active />;
  const name = catalog.data.name;
  return (
    <>
      <PageHeader
        name="catalogs.setting"
        extra={
          <Space>
            <Typography.Text strong data-testid="catalog-setting-name">
              {name}
            </Typography.Text>
            <a href={catalog.data.link} target="_blank" rel="noreferrer">
              <Button icon={<ExportOutlined />}>{t['catalogs.publicPage']}</Button>
            </a>
          </Space>
        }
      />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setSearch({ tab: key }, { replace: true })}
          items={[
            { key: 'chapters', label: t['catalogs.tab.chapters'], children: <ChaptersTab catalogId={catalogId} /> },
            {
              key: 'share',
              label: t['catalogs.tab.share'],
              children: <ShareTab catalogId={catalogId} catalogName={name} />,
            },
            { key: 'abstract', label: t['catalogs.tab.abstract'], children: <AbstractTab catalogId={catalogId} /> },
            {
              key: 'appearance',
              label: t['catalogs.tab.appearance'],
              children: <AppearanceTab catalogId={catalogId} catalogName={name} />,
            },
          ]}
          destroyOnHidden
        />
      </Card>
    </>
  );
}
