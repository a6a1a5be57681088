import type { CreateTaskInput } from '@yanbo/contracts';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { feedback } from '../../app/feedback';
import { downloadCenterTexts as t } from '../../locales/zh-CN/download-center';
import { useTaskMutations } from './api/tasks';

/**
 * Starts a background task from any screen (an export panel, the statistics' report button). Seed 001 §4: "Creating a
 * task with label download shows a download tip" — a note that leads to the download center.
 */
export function useStartTask() {
  const navigate = useNavigate();
  const { create } = useTaskMutations();
  const start = async (input: CreateTaskInput) => {
    const task = await create.mutateAsync(input);
    if (task.label === 'download') {
      const key = `task-${task.id}`;
      feedback().notification.success({
        key,
        message: t['downloadCenter.tip.title'],
        description: t['downloadCenter.tip.body'],
        btn: (
          <Button
            type="primary"
            size="small"
            onClick={() => {
              feedback().notification.destroy(key);
              navigate('/download');
            }}
          >
            {t['downloadCenter.tip.open']}
          </Button>
        ),
      });
    }
    return task;
  };
  return { start, starting: create.isPending };
}

/** 生成报告: the post-event report of an activity over a range, as a task. */
export function ReportButton({
  activityId,
  range,
}: {
  activityId: number;
  range: { startTime: string; endTime: string };
}) {
  const { start, starting } = useStartTask();
  return (
    <Button
      loading={starting}
      onClick={() => void start({ label: 'download', kind: 'report', activityId, params: range }).catch(() => {})}
    >
      {t['downloadCenter.report']}
    </Button>
  );
}
