import { CopyOutlined } from '@ant-design/icons';
import type { ActivityStream } from '@yanbo/contracts';
import { App, Button, Card, Flex, Input, Space, Typography } from 'antd';
import { copyText } from '../../../app/copy-text';
import { boardTexts as t } from '../../../locales/zh-CN/board';

interface AddressRowProps {
  label: string;
  value: string;
  /** Masked until shown: whoever has it can push to the activity. */
  secret?: boolean;
}

function AddressRow({ label, value, secret = false }: AddressRowProps) {
  const { message } = App.useApp();
  const copy = async () => {
    if (await copyText(value)) message.success(t['board.copied']);
    else message.error(t['board.copyFailed']);
  };
  const field = { value, readOnly: true, 'aria-label': label, style: { fontFamily: 'monospace', fontSize: 13 } };
  return (
    <Flex vertical gap={4}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <Space.Compact style={{ width: '100%' }}>
        {secret ? <Input.Password {...field} /> : <Input {...field} />}
        <Button icon={<CopyOutlined />} onClick={copy} aria-label={`${t['board.copy']}${label}`}>
          {t['board.copy']}
        </Button>
      </Space.Compact>
    </Flex>
  );
}

/** Where the host pushes: the full URL, and OBS's server and stream key (seed 000 §3). */
export function PushAddresses({ stream }: { stream: ActivityStream }) {
  return (
    <Card title={t['board.push.title']} size="small">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t['board.push.hint']}
        </Typography.Text>
        <AddressRow label={t['board.push.url']} value={stream.pushUrl} secret />
        <AddressRow label={t['board.push.server']} value={stream.pushServer} />
        <AddressRow label={t['board.push.key']} value={stream.pushStreamKey} secret />
        <Typography.Text type="warning" style={{ fontSize: 12 }}>
          {t['board.push.keyWarning']}
        </Typography.Text>
        {/* A viewer starts at the last keyframe the server keeps: a long GOP means a slow start, far from live. */}
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="gop-hint">
          {t['board.push.gopHint']}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

/** Where viewers and players pull: the seed's pullSource (HTTP-FLV) and HLS. */
export function PullAddresses({ stream }: { stream: ActivityStream }) {
  return (
    <Card title={t['board.pull.title']} size="small">
      <Flex vertical gap={12}>
        <AddressRow label={t['board.pull.flv']} value={stream.pullSource.flv} />
        <AddressRow label={t['board.pull.hls']} value={stream.pullSource.hls} />
        {/* Other renditions are listed while the live transcode really serves them. */}
        {stream.pullSource.renditions
          .filter((rendition) => rendition.name !== 'origin')
          .flatMap((rendition) => [
            <AddressRow
              key={`${rendition.name}-flv`}
              label={t['board.pull.renditionFlv'](t[`board.rendition.${rendition.name}`])}
              value={rendition.flv}
            />,
            <AddressRow
              key={`${rendition.name}-hls`}
              label={t['board.pull.renditionHls'](t[`board.rendition.${rendition.name}`])}
              value={rendition.hls}
            />,
          ])}
      </Flex>
    </Card>
  );
}
