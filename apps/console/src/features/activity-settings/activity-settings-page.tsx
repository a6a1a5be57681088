import { useQuery } from '@tanstack/react-query';
import { Card, Form, Tabs } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { showError } from '../../app/http';
import { useConfirmLeave } from '../../app/use-confirm-leave';
import { activitySettingsTexts as t } from '../../locales/zh-CN/activity-settings';
import { activityQuery } from '../activities';
import { ActivitySubpageHeader, ActivitySubpagePending, isActivityNotFound } from '../board';
import { PaidViewPanel } from '../finance';
import { TextLivePanel } from '../text-live';
import { OfficialUserTab, SmsTab, SubscribersTab } from './components/audience-tabs';
import { ExtensionsTab } from './components/extensions-tab';
import { ManagerTab } from './components/manager-tab';
import { MeetingTab } from './components/meeting-tab';
import { MenuTab } from './components/menu-tab';
import { InvitationTab, ShareCardTab } from './components/share-card-tab';
import { WatchCodeTab } from './components/watch-code-tab';
import { SettingsDirtyContext } from './settings-dirty';
import { SETTINGS_TABS, type SettingsTab, tabFrom } from './settings-rules';

/** /board/:id/settings: an activity's settings in tabs (seed 001 "Activity setting (tabs such as setting1)"). */
export function ActivitySettingsPage() {
  const { id } = useParams();
  return <ActivitySettings key={id} activityId={Number(id)} />;
}

function tabContent(tab: SettingsTab, activityId: number) {
  switch (tab) {
    case 'watchCode':
      return <WatchCodeTab activityId={activityId} />;
    case 'menu':
      return <MenuTab activityId={activityId} />;
    case 'shareCard':
      return <ShareCardTab activityId={activityId} />;
    case 'invitation':
      return <InvitationTab activityId={activityId} />;
    case 'textLive':
      return <TextLivePanel activityId={activityId} />;
    case 'manager':
      return <ManagerTab activityId={activityId} />;
    case 'meeting':
      return <MeetingTab activityId={activityId} />;
    case 'extensions':
      return <ExtensionsTab activityId={activityId} />;
    case 'subscribers':
      return <SubscribersTab activityId={activityId} />;
    case 'sms':
      return <SmsTab />;
    case 'officialUser':
      return <OfficialUserTab activityId={activityId} />;
    case 'paidView':
      return <PaidViewPanel activityId={activityId} />;
  }
}

function ActivitySettings({ activityId }: { activityId: number }) {
  const [search, setSearch] = useSearchParams();
  const validId = Number.isInteger(activityId) && activityId > 0;
  const activity = useQuery({ ...activityQuery(activityId), enabled: validId });
  const tab = tabFrom(search.get('tab'));
  // A tab's form edited and not yet submitted: leaving the page or the tab asks first (issue 8).
  const [dirty, setDirty] = useState(false);
  const [editorDirty, setEditorDirty] = useState(false);
  const reportDirty = useCallback((value: boolean) => setEditorDirty(value), []);
  useConfirmLeave(dirty || editorDirty);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tab (after the leave was confirmed) starts clean
  useEffect(() => setDirty(false), [tab]);

  const shownError = useRef<unknown>(null);
  useEffect(() => {
    if (!activity.error || shownError.current === activity.error) return;
    shownError.current = activity.error;
    void showError(activity.error);
  }, [activity.error]);

  if (!activity.data) {
    return (
      <ActivitySubpagePending
        name="activity-settings"
        activityId={activityId}
        query={activity}
        notFound={!validId || isActivityNotFound(activity.error)}
        rows={6}
      />
    );
  }

  return (
    <>
      <ActivitySubpageHeader name="activity-settings" activityId={activityId} activityName={activity.data.name} />
      <Card styles={{ body: { paddingTop: 4, paddingBottom: 4 } }} style={{ marginBottom: 16 }}>
        <Tabs
          activeKey={tab}
          onChange={(key) => setSearch({ tab: key }, { replace: true })}
          items={SETTINGS_TABS.map((key) => ({ key, label: t[`settings.tab.${key}`] }))}
          tabBarStyle={{ marginBottom: 0 }}
        />
      </Card>
      <SettingsDirtyContext.Provider value={reportDirty}>
        <Form.Provider onFormChange={() => setDirty(true)} onFormFinish={() => setDirty(false)}>
          {tabContent(tab, activityId)}
        </Form.Provider>
      </SettingsDirtyContext.Provider>
    </>
  );
}
