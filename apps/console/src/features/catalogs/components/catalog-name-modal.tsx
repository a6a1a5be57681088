import { CATALOG_NAME_MAX, type Catalog, catalogName } from '@yanbo/contracts';
import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { catalogTexts as t } from '../../../locales/zh-CN/catalogs';
import { schemaRule } from '../catalog-rules';

interface CatalogNameModalProps {
  open: boolean;
  /** The catalog being renamed; null creates one. */
  catalog: Catalog | null;
  saving: boolean;
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** Create or rename: the name is at most 60 characters and unique (seed 001 §5); the server decides the clash. */
export function CatalogNameModal({ open, catalog, saving, onSubmit, onClose }: CatalogNameModalProps) {
  const [form] = Form.useForm<{ name: string }>();
  useEffect(() => {
    if (open) form.setFieldsValue({ name: catalog?.name ?? '' });
  }, [open, catalog, form]);
  return (
    <Modal
      open={open}
      title={catalog ? t['catalogs.form.renameTitle'] : t['catalogs.form.createTitle']}
      okText={t['catalogs.ok']}
      cancelText={t['catalogs.cancel']}
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
          label={t['catalogs.form.name']}
          rules={[
            { required: true, whitespace: true, message: t['catalogs.form.nameRequired'] },
            schemaRule(catalogName),
          ]}
        >
          <Input
            placeholder={t['catalogs.form.namePlaceholder']}
            count={{ show: true, max: CATALOG_NAME_MAX }}
            data-testid="catalog-name-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
