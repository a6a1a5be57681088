import { PAGE_NAME_MAX } from '@yanbo/contracts';
import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { pageTexts as t } from '../../../locales/zh-CN/pages';

interface PageNameModalProps {
  open: boolean;
  saving: boolean;
  /** Rejects when the server refused; the modal stays open and the caller has said why. */
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** A new page's name: required, at most 60 characters. */
export function PageNameModal({ open, saving, onSubmit, onClose }: PageNameModalProps) {
  const [form] = Form.useForm<{ name: string }>();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  return (
    <Modal
      open={open}
      title={t['pages.form.createTitle']}
      okText={t['pages.ok']}
      cancelText={t['pages.cancel']}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<{ name: string }>
        form={form}
        layout="vertical"
        onFinish={(values) =>
          onSubmit(values.name.trim())
            .then(onClose)
            .catch(() => undefined)
        }
      >
        <Form.Item
          name="name"
          label={t['pages.form.name']}
          rules={[
            { required: true, whitespace: true, message: t['pages.form.nameRequired'] },
            { max: PAGE_NAME_MAX, message: t['pages.form.nameTooLong'] },
          ]}
        >
          <Input
            placeholder={t['pages.form.namePlaceholder']}
            count={{ show: true, max: PAGE_NAME_MAX }}
            data-testid="page-name-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
