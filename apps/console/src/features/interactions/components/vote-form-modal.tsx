import type { Vote, VoteInput } from '@yanbo/contracts';
import { Form, Modal } from 'antd';
import { useEffect } from 'react';
import { interactionTexts as t } from '../../../locales/zh-CN/interactions';
import { VoteFields, type VoteFieldValues, voteBody } from './vote-fields';

interface VoteFormModalProps {
  open: boolean;
  /** The draft being edited; null adds one. */
  vote: Vote | null;
  saving: boolean;
  onSubmit: (values: VoteInput) => Promise<unknown>;
  onClose: () => void;
}

export function VoteFormModal({ open, vote, saving, onSubmit, onClose }: VoteFormModalProps) {
  const [form] = Form.useForm<VoteFieldValues>();
  useEffect(() => {
    if (open) {
      form.setFieldsValue({
        title: vote?.title ?? '',
        kind: vote?.kind ?? 'single',
        maxChoices: vote?.maxChoices ?? 2,
        options: vote?.options ?? ['', ''],
      });
    }
  }, [open, vote, form]);
  return (
    <Modal
      open={open}
      title={vote ? t['interactions.vote.form.editTitle'] : t['interactions.vote.form.createTitle']}
      okText={t['interactions.vote.form.save']}
      cancelText={t['interactions.cancel']}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<VoteFieldValues>
        form={form}
        layout="vertical"
        onFinish={(values) => {
          onSubmit(voteBody(values))
            .then(onClose)
            .catch(() => undefined);
        }}
      >
        <VoteFields />
      </Form>
    </Modal>
  );
}
