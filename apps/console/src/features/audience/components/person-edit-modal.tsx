import type { AudiencePerson, UserExtraField } from '@yanbo/contracts';
import { DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { audienceTexts as t } from '../../../locales/zh-CN/audience';
import { useAudienceMutations } from '../api/audience';

type Values = { name: string; extra: Record<string, unknown> };

function fieldInput(field: UserExtraField) {
  switch (field.type) {
    case 'number':
      return <InputNumber style={{ width: '100%' }} />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} />;
    case 'select':
      return <Select allowClear options={field.options.map((option) => ({ value: option, label: option }))} />;
    case 'multiSelect':
      return <Select mode="multiple" options={field.options.map((option) => ({ value: option, label: option }))} />;
    default:
      return <Input maxLength={200} />;
  }
}

/** 编辑: the person's name and the CRM form's fields, each by its type; the server checks the answers again. */
export function PersonEditModal({
  person,
  fields,
  open,
  onClose,
}: {
  person: AudiencePerson;
  fields: UserExtraField[];
  open: boolean;
  onClose(): void;
}) {
  const [form] = Form.useForm<Values>();
  const { update } = useAudienceMutations();
  const initial: Values = {
    name: person.name,
    extra: Object.fromEntries(
      fields.map((field) => {
        const value = person.info[field.key];
        return [field.key, field.type === 'date' && typeof value === 'string' ? dayjs(value) : value];
      }),
    ),
  };
  const save = async () => {
    const values = await form.validateFields();
    const extra = Object.fromEntries(
      Object.entries(values.extra ?? {})
        .filter(([, value]) => value !== undefined && value !== null && value !== '')
        .map(([key, value]) => [key, dayjs.isDayjs(value) ? (value as Dayjs).format('YYYY-MM-DD') : value]),
    );
    await update.mutateAsync({ id: person.id, name: values.name ?? '', extra });
    onClose();
  };
  return (
    <Modal
      title={t['audience.edit.title']}
      open={open}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t['audience.ok']}
      cancelText={t['audience.cancel']}
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item name="name" label={t['audience.edit.name']}>
          <Input maxLength={40} />
        </Form.Item>
        {fields.map((field) => (
          <Form.Item
            key={field.key}
            name={['extra', field.key]}
            label={field.label}
            rules={field.required ? [{ required: true, message: t['audience.edit.required'] }] : []}
          >
            {fieldInput(field)}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
