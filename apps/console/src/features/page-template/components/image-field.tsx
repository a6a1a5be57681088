import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { pageTemplateTexts as t } from '../../../locales/zh-CN/page-template';
import { uploadCheckedPicture } from '../api/live-template';

interface ImageFieldProps {
  activityId: number;
  value?: string;
  onChange?: (value: string) => void;
  testId: string;
}

/** A template picture: its thumbnail, an upload through POST /activity/{id}/upload, and a way to clear it. */
export function ImageField({ activityId, value, onChange, testId }: ImageFieldProps) {
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    setUploading(true);
    const stored = await uploadCheckedPicture(activityId, file);
    setUploading(false);
    if (stored) onChange?.(stored.url);
  };

  return (
    <Flex gap={12} align="center" data-testid={testId}>
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
          <img src={value} alt="" style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
        ) : (
          <PictureOutlined style={{ color: '#bfbfbf', fontSize: 20 }} />
        )}
      </div>
      <Upload
        accept="image/png,image/jpeg,image/gif,image/webp"
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button size="small" icon={<UploadOutlined />} loading={uploading}>
          {value ? t['template.image.replace'] : t['template.image.upload']}
        </Button>
      </Upload>
      {value ? (
        <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => onChange?.('')}>
          {t['template.image.remove']}
        </Button>
      ) : (
        <Typography.Text type="secondary">{t['template.image.empty']}</Typography.Text>
      )}
    </Flex>
  );
}
