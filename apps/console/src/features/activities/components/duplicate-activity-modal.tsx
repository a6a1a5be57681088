import type { ActivitySummary } from '@yanbo/contracts';
import { Form, Input, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { errorText, showError } from '../../../app/http';
import { activityTexts as t } from '../../../locales/zh-CN/activities';
import { ACTIVITY_NAME_MAX, failedField } from '../activity-form-rules';
import { useDuplicateActivity } from '../api/activity-actions';

/** 另存为新活动: a copy with its configuration under a name the user picks (POST /v3/activity/{id}/duplicate). */
export function DuplicateActivityModal({
  activity,
  onClose,
}: {
  activity: ActivitySummary | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ name: string }>();
  const duplicate = useDuplicateActivity();
  useEffect(() => {
    if (activity) {
      form.setFieldsValue({ name: t['activities.duplicate.defaultName'](activity.name).slice(0, ACTIVITY_NAME_MAX) });
    }
  }, [activity, form]);

  const submit = async ({ name }: { name: string }) => {
    if (!activity) return;
    try {
      await duplicate.mutateAsync({ id: activity.id, name: name.trim() });
      onClose();
    } catch (error) {
      if (failedField(error, ['name'] as const)) form.setFields([{ name: 'name', errors: [await errorText(error)] }]);
      await showError(error);
    }
  };

  return (
    <Modal
      open={activity !== null}
      title={t['activities.duplicate.title']}
      okText={t['activities.duplicate.ok']}
      cancelText={t['activities.form.cancel']}
      confirmLoading={duplicate.isPending}
      onOk={() => form.submit()}
      onCancel={() => !duplicate.isPending && onClose()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t['activities.duplicate.hint']}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} disabled={duplicate.isPending}>
        <Form.Item
          name="name"
          label={t['activities.form.name']}
          rules={[
            { required: true, whitespace: true, message: t['activities.form.nameRequired'] },
            { max: ACTIVITY_NAME_MAX, message: t['activities.form.nameTooLong'](ACTIVITY_NAME_MAX) },
          ]}
        >
          <Input maxLength={ACTIVITY_NAME_MAX} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
