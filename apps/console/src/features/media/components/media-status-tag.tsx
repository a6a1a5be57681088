import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import type { MediaStatus } from '@yanbo/contracts';
import { Tag, Tooltip } from 'antd';
import { mediaStatusTexts } from '../../../locales/zh-CN/media';

const LOOK: Record<MediaStatus, { color: string; icon: React.ReactNode }> = {
  pending: { color: 'default', icon: <ClockCircleOutlined /> },
  transcoding: { color: 'processing', icon: <SyncOutlined spin /> },
  ready: { color: 'success', icon: <CheckCircleOutlined /> },
  failed: { color: 'error', icon: <CloseCircleOutlined /> },
};

/** A media's transcode status; a failure shows its reason on hover. */
export function MediaStatusTag({ status, error }: { status: MediaStatus; error?: string }) {
  const tag = (
    <Tag color={LOOK[status].color} icon={LOOK[status].icon} data-status={status}>
      {mediaStatusTexts[status]}
    </Tag>
  );
  return status === 'failed' && error ? <Tooltip title={error}>{tag}</Tooltip> : tag;
}
