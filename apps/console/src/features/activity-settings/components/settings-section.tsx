import { CopyOutlined, PictureOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { App, Button, Card, Flex, Image, Result, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { copyText } from '../../../app/copy-text';
import { activitySettingsTexts as t } from '../../../locales/zh-CN/activity-settings';

/** One tab's card: its title, a line saying what it is for, and its content once the query has an answer. */
export function SettingsSection<T>({
  title,
  hint,
  extra,
  query,
  children,
}: {
  title: string;
  hint?: string;
  extra?: ReactNode;
  query?: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  let body: ReactNode;
  if (!query || query.data !== undefined) body = children(query?.data as T);
  else if (query.isError)
    body = (
      <Result
        status="error"
        title={t['settings.loadFailed']}
        extra={
          <Button type="primary" onClick={() => query.refetch()}>
            {t['settings.retry']}
          </Button>
        }
      />
    );
  else body = <Skeleton active paragraph={{ rows: 4 }} />;
  return (
    <Card
      title={
        <Flex vertical gap={2} style={{ padding: '12px 0' }}>
          <span>{title}</span>
          {hint && (
            <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal', whiteSpace: 'normal' }}>
              {hint}
            </Typography.Text>
          )}
        </Flex>
      }
      extra={extra}
    >
      {body}
    </Card>
  );
}

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { message } = App.useApp();
  return (
    <Button
      icon={<CopyOutlined />}
      onClick={async () => {
        if (await copyText(text)) message.success(t['settings.copied']);
        else message.error(t['settings.copyFailed']);
      }}
    >
      {label ?? t['settings.copy']}
    </Button>
  );
}

/** A preview of an image address typed in a form; a placeholder when there is none. */
export function ImagePreview({ src, width = 160, height = 90 }: { src: string; width?: number; height?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src)
    return (
      <Flex
        vertical
        align="center"
        justify="center"
        gap={4}
        style={{ width, height, background: '#f5f5f5', borderRadius: 8, color: '#bfbfbf' }}
      >
        <PictureOutlined style={{ fontSize: 24 }} />
        <span style={{ fontSize: 12 }}>{src ? t['settings.imageFailed'] : t['settings.noImage']}</span>
      </Flex>
    );
  return (
    <Image
      src={src}
      width={width}
      height={height}
      alt={t['settings.imagePreview']}
      onError={() => setFailed(src)}
      style={{ objectFit: 'cover', borderRadius: 8 }}
    />
  );
}
