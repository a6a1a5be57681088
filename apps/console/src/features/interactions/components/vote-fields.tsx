import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  VOTE_MAX_OPTIONS,
  VOTE_MIN_OPTIONS,
  VOTE_OPTION_MAX_LENGTH,
  VOTE_TITLE_MAX_LENGTH,
  type VoteInput,
  type VoteKind,
} from '@yanbo/contracts';
import { Button, Flex, Form, Input, InputNumber, Radio } from 'antd';
import { interactionTexts as t } from '../../../locales/zh-CN/interactions';
import { cleanOptions } from '../interaction-rules';

export interface VoteFieldValues {
  title: string;
  kind: VoteKind;
  maxChoices: number;
  options: string[];
}

/** The vote's body from the form: options trimmed with blanks left out, a single-choice vote taking one. */
export function voteBody(values: VoteFieldValues): VoteInput {
  const options = cleanOptions(values.options);
  return {
    title: values.title.trim(),
    kind: values.kind,
    maxChoices: values.kind === 'single' ? 1 : Math.min(values.maxChoices ?? 2, options.length),
    options,
  };
}

/**
 * A vote's title, kind and options, inside a Form: the board's vote dialog and the 投票 application's pages share them;
 * `disabled` shows a published vote as it stands.
 */
export function VoteFields({ disabled = false }: { disabled?: boolean }) {
  const form = Form.useFormInstance<VoteFieldValues>();
  const kind = Form.useWatch('kind', form);
  const options = Form.useWatch('options', form) ?? [];
  return (
    <>
      <Form.Item
        name="title"
        label={t['interactions.vote.form.title']}
        rules={[{ required: true, whitespace: true, message: t['interactions.vote.form.titleRequired'] }]}
      >
        <Input
          maxLength={VOTE_TITLE_MAX_LENGTH}
          showCount
          disabled={disabled}
          placeholder={t['interactions.vote.form.titlePlaceholder']}
          data-testid="vote-title"
        />
      </Form.Item>
      <Flex gap={24} wrap>
        <Form.Item name="kind" label={t['interactions.vote.form.kind']}>
          <Radio.Group disabled={disabled}>
            <Radio value="single">{t['interactions.vote.form.single']}</Radio>
            <Radio value="multiple">{t['interactions.vote.form.multiple']}</Radio>
          </Radio.Group>
        </Form.Item>
        {kind === 'multiple' && (
          <Form.Item name="maxChoices" label={t['interactions.vote.form.maxChoices']}>
            <InputNumber min={1} max={Math.max(1, options.length)} precision={0} disabled={disabled} />
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
                    disabled={disabled}
                    data-testid={`vote-option-${index}`}
                  />
                </Form.Item>
                {!disabled && fields.length > VOTE_MIN_OPTIONS && (
                  <MinusCircleOutlined
                    aria-label={t['interactions.delete']}
                    onClick={() => remove(field.name)}
                    style={{ color: 'rgba(0,0,0,0.45)' }}
                  />
                )}
              </Flex>
            ))}
            {!disabled && fields.length < VOTE_MAX_OPTIONS && (
              <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add('')}>
                {t['interactions.vote.form.addOption']}
              </Button>
            )}
            <Form.ErrorList errors={errors} />
          </Form.Item>
        )}
      </Form.List>
    </>
  );
}
