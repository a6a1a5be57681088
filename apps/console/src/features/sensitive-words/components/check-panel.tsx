import { SENSITIVE_CHECK_MAX_LENGTH, type SensitiveWordList, type SensitiveWordVerdict } from '@yanbo/contracts';
import { Alert, Button, Card, Flex, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import {
  sensitiveWordActionLabels,
  sensitiveWordVerdictLabels,
  sensitiveWordTexts as t,
} from '../../../locales/zh-CN/sensitive-words';
import { useSensitiveWordCheck } from '../api/sensitive-words';
import { segmentsOf } from '../sensitive-word-rules';

const VERDICT_TYPE: Record<SensitiveWordVerdict, 'success' | 'info' | 'warning' | 'error'> = {
  pass: 'success',
  mask: 'info',
  review: 'warning',
  reject: 'error',
};

/** Try a text against the enabled lists, or one list, and see what a viewer's comment would become. */
export function CheckPanel({ lists }: { lists: readonly SensitiveWordList[] }) {
  const [text, setText] = useState('');
  const [listId, setListId] = useState<number | undefined>(undefined);
  const check = useSensitiveWordCheck();
  const result = check.data;
  const checkedText = check.variables?.text ?? '';
  return (
    <Card title={t['sensitive-words.check.title']}>
      <Flex vertical gap={12}>
        <Flex gap={12} wrap align="center">
          <Typography.Text>{t['sensitive-words.check.list']}</Typography.Text>
          <Select
            style={{ width: 260 }}
            value={listId ?? 0}
            onChange={(value: number) => setListId(value === 0 ? undefined : value)}
            options={[
              { value: 0, label: t['sensitive-words.check.allEnabled'] },
              ...lists.map((list) => ({ value: list.id, label: list.name })),
            ]}
          />
        </Flex>
        <Input.TextArea
          rows={3}
          value={text}
          maxLength={SENSITIVE_CHECK_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          placeholder={t['sensitive-words.check.placeholder']}
          aria-label={t['sensitive-words.check.title']}
        />
        <div>
          <Button
            type="primary"
            loading={check.isPending}
            disabled={!text.trim()}
            onClick={() => check.mutate({ text, ...(listId ? { listId } : {}) })}
          >
            {t['sensitive-words.check.submit']}
          </Button>
        </div>
        {result && (
          <Flex vertical gap={8} data-testid="sensitive-check-result">
            <Alert
              type={VERDICT_TYPE[result.verdict]}
              showIcon
              message={sensitiveWordVerdictLabels[result.verdict]}
              description={result.matches.length > 0 ? t['sensitive-words.check.matches'](result.matches.length) : null}
            />
            <Typography.Paragraph style={{ margin: 0 }}>
              {segmentsOf(checkedText, result.matches).map((segment, index) =>
                segment.match ? (
                  <Typography.Text
                    // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reordered
                    key={index}
                    mark
                    title={sensitiveWordActionLabels[segment.match.action]}
                  >
                    {segment.text}
                  </Typography.Text>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reordered
                  <span key={index}>{segment.text}</span>
                ),
              )}
            </Typography.Paragraph>
            {result.verdict !== 'reject' && (
              <Typography.Text type="secondary">
                {t['sensitive-words.check.masked']}：
                <Typography.Text data-testid="sensitive-masked">{result.masked}</Typography.Text>
              </Typography.Text>
            )}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
