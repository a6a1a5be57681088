import { Card, Tabs, type TabsProps } from 'antd';
import { useSearchParams } from 'react-router';
import { useMe } from '../../app/session';
import { financeTexts as t } from '../../locales/zh-CN/finance';
import { financeViewTexts as v } from '../../locales/zh-CN/finance-views';
import { AccountPanel } from './components/account-panel';
import { EarningsPanel } from './components/earnings-panel';
import { IncomeBreakdown } from './components/income-breakdown';
import { RechargeResult } from './components/recharge';
import { RedPackPanel } from './components/red-pack-panel';
import { ReviewPanel } from './components/review-panel';
import { StatementPanel } from './components/statement-panel';
import { UsagePanel } from './components/usage-panel';

/**
 * /financial (seed 000 §2, seed 001 §3 agent finance centre): the account and its money in and out, and for an agent
 * that may have lower-level agents the review of their withdrawals. The pay page returns here with ?orderId= of a
 * recharge, whose result is shown until paid or failed. The tab is kept in the URL as ?tab=.
 */
export function FinancialPage() {
  const me = useMe();
  const [search, setSearch] = useSearchParams();
  const orderId = Number(search.get('orderId'));
  if (!me.data) return null;
  // The money is the main account's (its calls refuse a sub-account): a sub-account starts on its income.
  const tab = search.get('tab') ?? (me.data.isSubAgent ? 'income' : 'account');
  const agentId = me.data.id;
  const items: NonNullable<TabsProps['items']> = [
    // The finance views (issue 13 "Views"): the income and its breakdown (seed 000 §3), the red-packet account, stream
    // usage, flux and storage, the monthly statement; a sub-account sees its own activities' income only.
    { key: 'income', label: v['financeViews.tab.income'], children: <EarningsPanel /> },
    ...(me.data.isSubAgent
      ? []
      : [
          {
            key: 'breakdown',
            label: v['financeViews.tab.breakdown'],
            children: <IncomeBreakdown agentId={agentId} canDownload />,
          },
        ]),
    ...(me.data.isSubAgent
      ? []
      : [
          { key: 'account', label: t['finance.tab.account'], children: <AccountPanel agentId={agentId} /> },
          { key: 'redPack', label: v['financeViews.tab.redPack'], children: <RedPackPanel agentId={agentId} /> },
          { key: 'usage', label: v['financeViews.tab.usage'], children: <UsagePanel agentId={agentId} /> },
          { key: 'statement', label: v['financeViews.tab.statement'], children: <StatementPanel agentId={agentId} /> },
        ]),
  ];
  if (me.data.coopLevel > 0 && !me.data.isSubAgent) {
    items.push({ key: 'review', label: t['finance.tab.review'], children: <ReviewPanel /> });
  }
  return (
    <Card title={t['finance.title']}>
      {Number.isInteger(orderId) && orderId > 0 ? (
        <RechargeResult agentId={agentId} orderId={orderId} onBack={() => setSearch({ tab: 'account' })} />
      ) : (
        <Tabs activeKey={tab} onChange={(key) => setSearch({ tab: key })} items={items} />
      )}
    </Card>
  );
}
