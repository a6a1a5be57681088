import { useQuery } from '@tanstack/react-query';
import { Card, Tabs } from 'antd';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { showError } from '../../app/http';
import { interactionTexts as t } from '../../locales/zh-CN/interactions';
import { activityQuery } from '../activities';
import { ActivitySubpageHeader, ActivitySubpagePending, isActivityNotFound } from '../board';
import { CheckinPanel } from './components/checkin-panel';
import { QuestionPanel } from './components/question-panel';
import { VotePanel } from './components/vote-panel';
import { type InteractionTab, isInteractionTab } from './interaction-rules';

/** /board/:id/interactions: the activity's votes, check-ins and questions (issue 10), one tab each. */
export function InteractionsPage() {
  const { id } = useParams();
  return <Interactions key={id} activityId={Number(id)} />;
}

function Interactions({ activityId }: { activityId: number }) {
  const [params, setParams] = useSearchParams();
  const tab: InteractionTab = isInteractionTab(params.get('tab')) ? (params.get('tab') as InteractionTab) : 'votes';
  const activity = useQuery(activityQuery(activityId));
  const notFound = isActivityNotFound(activity.error);

  useEffect(() => {
    if (activity.error && !notFound) void showError(activity.error);
  }, [activity.error, notFound]);

  if (!activity.data) {
    return <ActivitySubpagePending name="interactions" activityId={activityId} query={activity} notFound={notFound} />;
  }
  return (
    <>
      <ActivitySubpageHeader name="interactions" activityId={activityId} activityName={activity.data.name} />
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={tab}
          onChange={(next) => setParams(next === 'votes' ? {} : { tab: next }, { replace: true })}
          destroyOnHidden
          items={[
            { key: 'votes', label: t['interactions.tab.votes'], children: <VotePanel activityId={activityId} /> },
            {
              key: 'checkins',
              label: t['interactions.tab.checkins'],
              children: <CheckinPanel activityId={activityId} />,
            },
            {
              key: 'questions',
              label: t['interactions.tab.questions'],
              children: <QuestionPanel activityId={activityId} />,
            },
          ]}
        />
      </Card>
    </>
  );
}
