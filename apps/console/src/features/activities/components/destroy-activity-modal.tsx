import type { ActivitySummary } from '@yanbo/contracts';
import { Alert, Flex, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { activityTexts as t } from '../../../locales/zh-CN/activities';
import { useDestroyActivity } from '../api/activity-usage';

/** Destroying is for good, so the name must be typed before the button works. */
export function DestroyActivityModal({ activity, onClose }: { activity: ActivitySummary | null; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const destroy = useDestroyActivity();
  const close = () => {
    setTyped('');
    onClose();
  };
  return (
    <Modal
      open={activity !== null}
      title={t['activities.destroy.title']}
      okText={t['activities.destroy.ok']}
      cancelText={t['activities.confirm.cancel']}
      okButtonProps={{ danger: true, disabled: !activity || typed !== activity.name }}
      confirmLoading={destroy.isPending}
      onOk={() => activity && destroy.mutateAsync(activity.id).then(close, () => undefined)}
      onCancel={close}
      destroyOnHidden
    >
      {activity && (
        <Flex vertical gap={12}>
          <Alert type="error" showIcon message={t['activities.destroy.warning']} />
          <Typography.Text>{t['activities.destroy.typeName'](activity.name)}</Typography.Text>
          <Input
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={activity.name}
            aria-label={t['activities.destroy.nameLabel']}
            status={typed && typed !== activity.name ? 'error' : undefined}
          />
        </Flex>
      )}
    </Modal>
  );
}
