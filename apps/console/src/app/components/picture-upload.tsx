import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { ACTIVITY_PICTURE_TYPES } from '@yanbo/contracts';
import { Button, Flex, Typography, Upload } from 'antd';
import { appTexts as t } from '../../locales/zh-CN/app';

interface PictureUploadProps {
  /** What the form keeps for the picture; empty when none is set. */
  value?: string;
  /** Where the thumbnail of `value` is read from. */
  src: string;
  uploading: boolean;
  /** A file picked; the caller checks and uploads it, then sets the value. */
  onFile: (file: File) => void;
  onClear: () => void;
  emptyText: string;
  testId: string;
}

/**
 * A picture field's face: its thumbnail, an upload button and a way to clear it. How a picture is checked, where it is
 * uploaded and what is kept of it are the caller's (a page keeps the trimmed path, a live template the address).
 */
export function PictureUpload({ value, src, uploading, onFile, onClear, emptyText, testId }: PictureUploadProps) {
  return (
    <Flex gap={12} align="center" data-testid={testId} data-value={value ?? ''}>
      <div
        style={{
          width: 72,
          height: 48,
          borderRadius: 6,
          border: '1px dashed #d9d9d9',
          background: '#fafafa',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
          flex: 'none',
        }}
      >
        {value ? (
          <img src={src} alt="" style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
        ) : (
          <PictureOutlined style={{ color: '#bfbfbf', fontSize: 20 }} />
        )}
      </div>
      <Upload
        accept={ACTIVITY_PICTURE_TYPES.join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          onFile(file);
          return false;
        }}
      >
        <Button size="small" icon={<UploadOutlined />} loading={uploading}>
          {value ? t.pictureReplace : t.pictureUpload}
        </Button>
      </Upload>
      {value ? (
        <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={onClear}>
          {t.pictureRemove}
        </Button>
      ) : (
        <Typography.Text type="secondary">{emptyText}</Typography.Text>
      )}
    </Flex>
  );
}
