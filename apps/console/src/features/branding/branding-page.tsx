import { Alert, Card, Flex, Spin, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { useMe } from '../../app/session';
import { brandingTexts as t } from '../../locales/zh-CN/branding';
import { AuthTab } from './components/auth-tab';
import { CustomizationTab } from './components/customization-tab';
import { LoginTemplateTab } from './components/login-template-tab';
import { PromoteCard } from './components/promote-card';
import { ServerIps } from './components/server-ips';
import { TemplateTab } from './components/template-tab';

const TABS = ['template', 'login', 'customization', 'auth', 'promote', 'serverIps'] as const;
type SettingsTab = (typeof TABS)[number];

/** /settings: branding and customisation of the agent (seed 000 §3, §7 Branding); ?tab= opens one tab. */
export function BrandingPage() {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as SettingsTab | null;
  const active: SettingsTab = requested && TABS.includes(requested) ? requested : 'template';
  if (!me.data) return <Spin />;
  const readonly = me.data.isSubAgent;
  const tabs: Record<SettingsTab, React.ReactNode> = {
    template: <TemplateTab readonly={readonly} />,
    login: <LoginTemplateTab readonly={readonly} />,
    customization: <CustomizationTab readonly={readonly} />,
    auth: <AuthTab readonly={readonly} />,
    promote: <PromoteCard />,
    serverIps: <ServerIps />,
  };
  return (
    <>
      <PageHeader name="branding" />
      <Flex vertical gap={16}>
        {readonly && <Alert type="info" showIcon title={t['branding.subAccountReadonly']} />}
        <Card styles={{ body: { paddingTop: 4 } }}>
          <Tabs
            activeKey={active}
            onChange={(key) => setParams({ tab: key }, { replace: true })}
            items={TABS.map((key) => ({ key, label: t[`branding.tab.${key}`] }))}
          />
          {tabs[active]}
        </Card>
      </Flex>
    </>
  );
}
