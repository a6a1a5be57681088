import {
  SENSITIVE_WORD_ACTIONS,
  SENSITIVE_WORD_MAX_LENGTH,
  SENSITIVE_WORDS_PER_LIST,
  type SensitiveWordAction,
  type SensitiveWordList,
} from '@yanbo/contracts';
import { Form, Input, Modal, Radio, Switch } from 'antd';
import { useEffect } from 'react';
import { sensitiveWordActionLabels, sensitiveWordTexts as t } from '../../../locales/zh-CN/sensitive-words';
import { formatWords, parseWords } from '../sensitive-word-rules';

export interface WordListFormValues {
  name: string;
  action: SensitiveWordAction;
  enabled: boolean;
  words: string[];
}

interface FormFields {
  name: string;
  action: SensitiveWordAction;
  enabled: boolean;
  words: string;
}

interface WordListFormModalProps {
  open: boolean;
  /** The list being edited; null creates one. */
  list: SensitiveWordList | null;
  saving: boolean;
  onSubmit: (values: WordListFormValues) => Promise<unknown>;
  onClose: () => void;
}

export function WordListFormModal({ open, list, saving, onSubmit, onClose }: WordListFormModalProps) {
  const [form] = Form.useForm<FormFields>();
  const typed = Form.useWatch('words', form) ?? '';
  useEffect(() => {
    if (open) {
      form.setFieldsValue({
        name: list?.name ?? '',
        action: list?.action ?? 'mask',
        enabled: list?.enabled ?? true,
        words: formatWords(list?.words ?? []),
      });
    }
  }, [open, list, form]);
  return (
    <Modal
      open={open}
      title={list ? t['sensitive-words.form.editTitle'] : t['sensitive-words.form.createTitle']}
      okText={t['sensitive-words.form.save']}
      cancelText={t['sensitive-words.form.cancel']}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={560}
      forceRender
    >
      <Form<FormFields>
        form={form}
        layout="vertical"
        onFinish={(values) =>
          onSubmit({
            name: values.name.trim(),
            action: values.action,
            enabled: values.enabled,
            words: parseWords(values.words ?? ''),
          })
            .then(onClose)
            .catch(() => undefined)
        }
      >
        <Form.Item
          name="name"
          label={t['sensitive-words.form.name']}
          rules={[
            { required: true, whitespace: true, message: t['sensitive-words.form.nameRequired'] },
            { max: 30, message: t['sensitive-words.form.nameTooLong'] },
          ]}
        >
          <Input placeholder={t['sensitive-words.form.namePlaceholder']} maxLength={30} showCount />
        </Form.Item>
        <Form.Item name="action" label={t['sensitive-words.form.action']}>
          <Radio.Group
            optionType="button"
            options={SENSITIVE_WORD_ACTIONS.map((action) => ({
              value: action,
              label: sensitiveWordActionLabels[action],
            }))}
          />
        </Form.Item>
        <Form.Item name="enabled" label={t['sensitive-words.form.enabled']} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="words"
          label={t['sensitive-words.form.words']}
          extra={t['sensitive-words.form.wordsHelp'](parseWords(typed).length, SENSITIVE_WORDS_PER_LIST)}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const words = parseWords(value ?? '');
                if (words.some((word) => word.length > SENSITIVE_WORD_MAX_LENGTH))
                  throw new Error(t['sensitive-words.form.wordTooLong'](SENSITIVE_WORD_MAX_LENGTH));
                if (words.length > SENSITIVE_WORDS_PER_LIST)
                  throw new Error(t['sensitive-words.form.tooMany'](SENSITIVE_WORDS_PER_LIST));
              },
            },
          ]}
        >
          <Input.TextArea
            rows={8}
            placeholder={t['sensitive-words.form.wordsPlaceholder']}
            aria-label={t['sensitive-words.form.words']}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
