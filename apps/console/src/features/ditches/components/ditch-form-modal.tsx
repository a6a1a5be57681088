import type { Ditch } from '@yanbo/contracts';
import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { ditchTexts as t } from '../../../locales/zh-CN/ditches';
import { ActivitySelect } from './activity-select';

export interface DitchFormValues {
  name: string;
  activityId: number | null;
}

interface DitchFormModalProps {
  open: boolean;
  /** The ditch being edited; null creates one. */
  ditch: Ditch | null;
  saving: boolean;
  onSubmit: (values: DitchFormValues) => Promise<unknown>;
  onClose: () => void;
}

export function DitchFormModal({ open, ditch, saving, onSubmit, onClose }: DitchFormModalProps) {
  const [form] = Form.useForm<DitchFormValues>();
  useEffect(() => {
    if (open) form.setFieldsValue({ name: ditch?.name ?? '', activityId: ditch?.activityId ?? null });
  }, [open, ditch, form]);
  return (
    <Modal
      open={open}
      title={ditch ? t['ditches.form.editTitle'] : t['ditches.form.createTitle']}
      okText={ditch ? t['ditches.form.save'] : t['ditches.form.create']}
      cancelText={t['ditches.cancel']}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<DitchFormValues>
        form={form}
        layout="vertical"
        onFinish={(values) =>
          onSubmit({ name: values.name.trim(), activityId: values.activityId ?? null })
            .then(onClose)
            .catch(() => undefined)
        }
      >
        <Form.Item
          name="name"
          label={t['ditches.form.name']}
          rules={[
            { required: true, whitespace: true, message: t['ditches.form.nameRequired'] },
            { max: 30, message: t['ditches.form.nameTooLong'] },
          ]}
        >
          <Input placeholder={t['ditches.form.namePlaceholder']} maxLength={30} showCount />
        </Form.Item>
        <Form.Item name="activityId" label={t['ditches.form.activity']} extra={t['ditches.form.activityHelp']}>
          <ActivitySelect placeholder={t['ditches.form.activityPlaceholder']} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
