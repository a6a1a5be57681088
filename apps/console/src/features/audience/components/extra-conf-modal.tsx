import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { USER_EXTRA_FIELD_TYPES, USER_EXTRA_FIELDS_MAX, type UserExtraField } from '@yanbo/contracts';
import { Alert, Button, Checkbox, Flex, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { EXTRA_FIELD_TYPE_TEXTS, audienceTexts as t } from '../../../locales/zh-CN/audience';
import { extraConfQuery, useAudienceMutations } from '../api/audience';

/** CRM 表单 (user_extra_conf): the extra profile fields the agent collects; the server checks the definitions. */
export function ExtraConfModal({ open, agentId, onClose }: { open: boolean; agentId: number; onClose(): void }) {
  const conf = useQuery({ ...extraConfQuery(agentId), enabled: open });
  const [form] = Form.useForm<{ fields: UserExtraField[] }>();
  const { saveExtraConf } = useAudienceMutations();
  useEffect(() => {
    if (open && conf.data) form.setFieldsValue({ fields: conf.data.fields });
  }, [open, conf.data, form]);

  const save = async () => {
    const { fields } = await form.validateFields();
    await saveExtraConf.mutateAsync({ agentId, fields: fields ?? [] });
    onClose();
  };

  return (
    <Modal
      title={t['audience.form.title']}
      open={open}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t['audience.form.save']}
      cancelText={t['audience.cancel']}
      confirmLoading={saveExtraConf.isPending}
      width={760}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Alert type="info" showIcon message={t['audience.form.hint']} />
        <Form form={form} layout="vertical">
          <Form.List name="fields">
            {(items, { add, remove }) => (
              <Flex vertical gap={8}>
                {items.map((item) => (
                  <Flex key={item.key} gap={8} align="start" wrap>
                    <Form.Item
                      name={[item.name, 'key']}
                      label={t['audience.form.key']}
                      rules={[{ required: true, pattern: /^[A-Za-z][A-Za-z0-9_]{0,31}$/ }]}
                    >
                      <Input placeholder={t['audience.form.keyPlaceholder']} style={{ width: 150 }} />
                    </Form.Item>
                    <Form.Item
                      name={[item.name, 'label']}
                      label={t['audience.form.label']}
                      rules={[{ required: true }]}
                    >
                      <Input maxLength={20} style={{ width: 120 }} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'type']} label={t['audience.form.type']} initialValue="text">
                      <Select
                        style={{ width: 90 }}
                        options={USER_EXTRA_FIELD_TYPES.map((type) => ({
                          value: type,
                          label: EXTRA_FIELD_TYPE_TEXTS[type],
                        }))}
                      />
                    </Form.Item>
                    <Form.Item noStyle shouldUpdate>
                      {() => {
                        const type = form.getFieldValue(['fields', item.name, 'type']);
                        return type === 'select' || type === 'multiSelect' ? (
                          <Form.Item name={[item.name, 'options']} label={t['audience.form.options']}>
                            <Select
                              mode="tags"
                              style={{ width: 180 }}
                              placeholder={t['audience.form.optionsPlaceholder']}
                            />
                          </Form.Item>
                        ) : null;
                      }}
                    </Form.Item>
                    <Form.Item
                      name={[item.name, 'required']}
                      label={t['audience.form.required']}
                      valuePropName="checked"
                      initialValue={false}
                    >
                      <Checkbox />
                    </Form.Item>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      style={{ marginTop: 30 }}
                      onClick={() => remove(item.name)}
                    />
                  </Flex>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  disabled={items.length >= USER_EXTRA_FIELDS_MAX}
                  onClick={() => add({ key: '', label: '', type: 'text', required: false, options: [] })}
                >
                  {t['audience.form.add']}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Form>
      </Flex>
    </Modal>
  );
}
