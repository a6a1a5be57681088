import { useQuery } from '@tanstack/react-query';
import type { RegistrationKind } from '@yanbo/contracts';
import { Button, Card, Result, Skeleton, Tabs, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { registrationTexts as t } from '../../locales/zh-CN/registration';
import { registrationQuery } from './api/registration';
import { BindingsTab } from './components/bindings-tab';
import { RecordsTab } from './components/records-tab';
import { idFromSearch, registrationPaths } from './registration-paths';

/** /Enroll/record and /application/form/data: one form's records (with review for a registration) and its bindings. */
export function RegistrationRecordPage({ kind }: { kind: RegistrationKind }) {
  const paths = registrationPaths(kind);
  const [search, setSearch] = useSearchParams();
  const id = idFromSearch(search);
  const navigate = useNavigate();
  const form = useQuery({ ...registrationQuery(id ?? 0), enabled: id !== null });

  if (id === null || form.isError) {
    return (
      <>
        <PageHeader name={paths.routes.records} />
        <Card>
          <Result
            status="404"
            title={t['registration.emptyFiltered']}
            extra={<Button onClick={() => navigate(paths.list)}>{t['registration.cancel']}</Button>}
          />
        </Card>
      </>
    );
  }
  if (!form.data) return <Skeleton active />;
  const tab = search.get('tab') === 'bindings' ? 'bindings' : 'records';

  return (
    <>
      <PageHeader
        name={paths.routes.records}
        extra={<Button onClick={() => navigate(paths.edit(id))}>{t['registration.edit']}</Button>}
      />
      <Card>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {form.data.name}
        </Typography.Title>
        <Tabs
          activeKey={tab}
          onChange={(key) => setSearch({ id: String(id), ...(key === 'bindings' ? { tab: key } : {}) })}
          items={[
            {
              key: 'records',
              label: kind === 'enroll' ? t['registration.record.tab.records'] : t['registration.record.tab.data'],
              children: <RecordsTab registration={form.data} />,
            },
            {
              key: 'bindings',
              label: t['registration.record.tab.bindings'],
              children: <BindingsTab registrationId={id} />,
            },
          ]}
        />
      </Card>
    </>
  );
}
