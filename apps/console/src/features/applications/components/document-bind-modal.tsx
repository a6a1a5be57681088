import type { Document } from '@yanbo/contracts';
import { Modal, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { ActivitySearchSelect } from '../../../app/components/activity-search-select';
import { applicationTexts as t } from '../../../locales/zh-CN/applications';

interface DocumentBindModalProps {
  document: Document | null;
  saving: boolean;
  onSubmit: (activityIds: number[]) => Promise<unknown>;
  onClose: () => void;
}

/** 绑定活动: the activities whose viewers see the document on their watch page's 文档 tab. */
export function DocumentBindModal({ document, saving, onSubmit, onClose }: DocumentBindModalProps) {
  const [activityIds, setActivityIds] = useState<number[]>([]);
  useEffect(() => {
    setActivityIds(document?.activities.map((activity) => activity.id) ?? []);
  }, [document]);
  const known = useMemo(
    () => new Map(document?.activities.map((activity) => [activity.id, activity.name]) ?? []),
    [document],
  );
  return (
    <Modal
      open={document !== null}
      title={t['applications.document.form.bindTitle']}
      okText={t['applications.ok']}
      cancelText={t['applications.cancel']}
      confirmLoading={saving}
      onOk={() =>
        onSubmit(activityIds)
          .then(onClose)
          .catch(() => undefined)
      }
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{t['applications.document.form.bindHint']}</Typography.Paragraph>
      <ActivitySearchSelect
        multiple
        value={activityIds}
        onChange={setActivityIds}
        known={known}
        placeholder={t['applications.searchActivity']}
        testId="document-activities"
      />
    </Modal>
  );
}
