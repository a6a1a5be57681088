import { DOCUMENT_NAME_MAX, DOCUMENT_PERMISSIONS, type Document, type DocumentUpdate } from '@yanbo/contracts';
import { Form, Input, Modal, Radio, Switch } from 'antd';
import { useEffect } from 'react';
import { applicationTexts as t } from '../../../locales/zh-CN/applications';

interface DocumentPermissionModalProps {
  document: Document | null;
  saving: boolean;
  onSubmit: (body: DocumentUpdate) => Promise<unknown>;
  onClose: () => void;
}

/** 权限设置: the document's name, whether viewers may download it or only read it, and whether only signed-in ones. */
export function DocumentPermissionModal({ document, saving, onSubmit, onClose }: DocumentPermissionModalProps) {
  const [form] = Form.useForm<Required<DocumentUpdate>>();
  useEffect(() => {
    if (document) {
      form.setFieldsValue({
        name: document.name,
        permission: document.permission,
        signInRequired: document.signInRequired,
      });
    }
  }, [document, form]);
  return (
    <Modal
      open={document !== null}
      title={t['applications.document.form.permissionTitle']}
      okText={t['applications.ok']}
      cancelText={t['applications.cancel']}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<Required<DocumentUpdate>>
        form={form}
        layout="vertical"
        onFinish={(values) =>
          onSubmit({ ...values, name: values.name.trim() })
            .then(onClose)
            .catch(() => undefined)
        }
      >
        <Form.Item
          name="name"
          label={t['applications.document.form.name']}
          rules={[{ required: true, whitespace: true, message: t['applications.document.form.nameRequired'] }]}
        >
          <Input maxLength={DOCUMENT_NAME_MAX} showCount data-testid="document-name" />
        </Form.Item>
        <Form.Item name="permission" label={t['applications.document.form.permission']}>
          <Radio.Group
            data-testid="document-permission"
            options={DOCUMENT_PERMISSIONS.map((permission) => ({
              value: permission,
              label: t['applications.document.permission'][permission],
            }))}
          />
        </Form.Item>
        <Form.Item name="signInRequired" label={t['applications.document.form.signInRequired']} valuePropName="checked">
          <Switch data-testid="document-sign-in" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
