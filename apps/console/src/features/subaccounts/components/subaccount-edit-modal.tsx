import { DEFAULT_SUBACCOUNT_GROUP, type Subaccount, type SubaccountUpdateBody } from '@yanbo/contracts';
import { Form, Modal } from 'antd';
import { useEffect } from 'react';
import { errorText, showError } from '../../../app/http';
import { subaccountTexts as t } from '../../../locales/zh-CN/subaccounts';
import { useUpdateSubaccount } from '../api/subaccounts';
import { failedField } from '../subaccount-rules';
import { SUBACCOUNT_FIELDS, SubaccountFormFields, type SubaccountFormValues } from './subaccount-form-fields';

interface SubaccountEditModalProps {
  subaccount: Subaccount | undefined;
  open: boolean;
  onClose: () => void;
}

/** Edit a sub-account: username, remark, group, and a new password only when one is typed. */
export function SubaccountEditModal({ subaccount, open, onClose }: SubaccountEditModalProps) {
  const [form] = Form.useForm<SubaccountFormValues>();
  const update = useUpdateSubaccount();

  useEffect(() => {
    if (!open || !subaccount) return;
    form.resetFields();
    form.setFieldsValue({
      username: subaccount.username,
      password: '',
      remark: subaccount.remark,
      groupId: subaccount.groupId ?? DEFAULT_SUBACCOUNT_GROUP,
    });
  }, [open, subaccount, form]);

  const submit = async (values: SubaccountFormValues) => {
    if (!subaccount) return;
    const body: SubaccountUpdateBody = {
      username: values.username.trim(),
      remark: values.remark?.trim() ?? '',
      groupId: values.groupId === DEFAULT_SUBACCOUNT_GROUP ? null : values.groupId,
    };
    if (values.password) body.password = values.password;
    try {
      await update.mutateAsync({ id: subaccount.id, body });
      onClose();
    } catch (error) {
      const field = failedField(error, SUBACCOUNT_FIELDS);
      if (field) form.setFields([{ name: field, errors: [await errorText(error)] }]);
      await showError(error);
    }
  };

  return (
    <Modal
      open={open}
      title={t['subaccounts.form.editTitle']}
      okText={t['subaccounts.form.save']}
      cancelText={t['subaccounts.form.cancel']}
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={520}
      forceRender
    >
      <Form<SubaccountFormValues> form={form} layout="vertical" onFinish={submit} style={{ marginTop: 16 }}>
        <SubaccountFormFields form={form} editing />
      </Form>
    </Modal>
  );
}
