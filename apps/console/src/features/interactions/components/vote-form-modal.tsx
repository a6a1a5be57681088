import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  VOTE_MAX_OPTIONS,
  VOTE_MIN_OPTIONS,
  VOTE_OPTION_MAX_LENGTH,
  VOTE_TITLE_MAX_LENGTH,
  type Vote,
  type VoteInput,
  type VoteKind,
} from '@yanbo/contracts';
import { Button, Flex, Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useEffect } from 'react';
import { interactionTexts as t } from '../../../locales/zh-CN/interactions';
import { cleanOptions } from '../interaction-rules';

interface FormFields {
  title: string;
  kind: VoteKind;
  maxChoices: number;
  options: string[];
}

interface VoteFormModalProps {
  open: boolean;
  /** The draft being edited; null adds one. */
  vote: Vote | null;
  saving: boolean;
  onSubmit: (values: VoteInput) => Promise<unknown>;
  onClose: () => void;
}

export function VoteFormModal({ open, vote, saving, onSubmit, onClose }: VoteFormModalProps) {
  const [form] = Form.useForm<FormFields>();
  const kind = Form.useWatch('kind', form);
  const options = Form.useWatch('options', form) ?? [];
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
      <Form<FormFields>
        form={form}
        layout="vertical"
        onFinish={(values) => {
          const cleaned = cleanOptions(values.options);
          onSubmit({
            title: values.title.trim(),
            kind: values.kind,
            maxChoices: values.kind === 'single' ? 1 : Math.min(values.maxChoices ?? 2, cleaned.length),
            options: cleaned,
          })
            .then(onClose)
            .catch(() => undefined);
        }}
      >
        <Form.Item
          name="title"
          label={t['interactions.vote.form.title']}
          rules={[{ required: true, whitespace: true, message: t['interactions.vote.form.titleRequired'] }]}
        >
          <Input maxLength={VOTE_TITLE_MAX_LENGTH} showCount data-testid="vote-title" />
        </Form.Item>
        <Flex gap={24}>
          <Form.Item name="kind" label={t['interactions.vote.form.kind']}>
            <Radio.Group>
              <Radio value="single">{t['interactions.vote.form.single']}</Radio>
              <Radio value="multiple">{t['interactions.vote.form.multiple']}</Radio>
            </Radio.Group>
          </Form.Item>
          {kind === 'multiple' && (
            <Form.Item name="maxChoices" label={t['interactions.vote.form.maxChoices']}>
              <InputNumber min={1} max={Math.max(1, options.length)} precision={0} />
            </Form.Item>
          )}
        </Flex>
        <Form.List
          name="options"
          rules={[
            {
              validator: async (_, value: string[] | undefined) => {
                const cleaned = cleanOptions(value ?? []);
                if (
                  cleaned.length < VOTE_MIN_OPTIONS ||
                  cleaned.length > VOTE_MAX_OPTIONS ||
                  new Set(cleaned).size !== cleaned.length
                ) {
                  throw new Error(t['interactions.vote.form.optionsRule'](VOTE_MIN_OPTIONS, VOTE_MAX_OPTIONS));
                }
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <Form.Item label={t['interactions.vote.form.options']}>
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} align="baseline">
                  <Form.Item
                    name={field.name}
                    style={{ flex: 1, marginBottom: 8 }}
                    rules={[{ required: true, whitespace: true, message: t['interactions.vote.form.optionRequired'] }]}
                  >
                    <Input
                      placeholder={t['interactions.vote.form.option'](index + 1)}
                      maxLength={VOTE_OPTION_MAX_LENGTH}
                      data-testid={`vote-option-${index}`}
                    />
                  </Form.Item>
                  {fields.length > VOTE_MIN_OPTIONS && (
                    <MinusCircleOutlined
                      aria-label={t['interactions.delete']}
                      onClick={() => remove(field.name)}
                      style={{ color: 'rgba(0,0,0,0.45)' }}
                    />
                  )}
                </Flex>
              ))}
              {fields.length < VOTE_MAX_OPTIONS && (
                <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add('')}>
                  {t['interactions.vote.form.addOption']}
                </Button>
              )}
              <Form.ErrorList errors={errors} />
            </Form.Item>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
