import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { errorText } from '../../../app/http';
import { subaccountTexts as t } from '../../../locales/zh-CN/subaccounts';
import { useCreateSubaccountGroup, useRenameSubaccountGroup } from '../api/subaccount-groups';
import { GROUP_NAME_MAX, groupNameRules } from '../subaccount-rules';

interface GroupNameModalProps {
  open: boolean;
  /** The group to rename; absent to create one. */
  group?: { id: number; name: string };
  onClose: () => void;
}

/**
 * Create or rename a sub-account group. The server's refusals (分组名称已存在, 子账号分组数量不能超过20个) show as a
 * toast by the error catalogue and under the field.
 */
export function GroupNameModal({ open, group, onClose }: GroupNameModalProps) {
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateSubaccountGroup();
  const rename = useRenameSubaccountGroup();

  useEffect(() => {
    if (open) form.setFieldsValue({ name: group?.name ?? '' });
  }, [open, group, form]);

  const submit = async ({ name }: { name: string }) => {
    try {
      if (group) await rename.mutateAsync({ id: group.id, name: name.trim() });
      else await create.mutateAsync(name.trim());
      onClose();
    } catch (error) {
      form.setFields([{ name: 'name', errors: [await errorText(error)] }]);
    }
  };

  return (
    <Modal
      open={open}
      title={group ? t['subaccounts.groups.renameTitle'] : t['subaccounts.groups.createTitle']}
      okText={group ? t['subaccounts.form.save'] : t['subaccounts.form.submit']}
      cancelText={t['subaccounts.form.cancel']}
      confirmLoading={create.isPending || rename.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      width={420}
    >
      <Form form={form} layout="vertical" onFinish={submit} style={{ marginTop: 16 }}>
        <Form.Item name="name" label={t['subaccounts.groups.name']} rules={groupNameRules}>
          <Input
            autoFocus
            maxLength={GROUP_NAME_MAX}
            showCount
            placeholder={t['subaccounts.groups.namePlaceholder']}
            onPressEnter={() => form.submit()}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
