import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { uploadedFileUrl } from '@yanbo/contracts';
import { App, Button, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useMe } from '../../../app/session';
import { pageTexts as t } from '../../../locales/zh-CN/pages';
import { pictureRefusal, uploadPagePicture } from '../api/upload-picture';
import { pageErrorText } from '../page-errors';

interface PictureFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  testId: string;
}

/** A page picture: its thumbnail, an upload checked for type and size first, and a way to clear it. */
export function PictureField({ value, onChange, testId }: PictureFieldProps) {
  const { message } = App.useApp();
  const me = useMe();
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    const refusal = pictureRefusal(file);
    if (refusal) {
      message.error(refusal);
      return;
    }
    if (!me.data) return;
    setUploading(true);
    try {
      onChange?.(await uploadPagePicture(me.data.id, file));
    } catch (error) {
      message.error(await pageErrorText(error));
    } finally {
      setUploading(false);
    }
  };

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
          <img
            src={uploadedFileUrl(value)}
            alt=""
            style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
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
          {value ? t['pages.image.replace'] : t['pages.image.upload']}
        </Button>
      </Upload>
      {value ? (
        <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => onChange?.('')}>
          {t['pages.image.remove']}
        </Button>
      ) : (
        <Typography.Text type="secondary">{t['pages.image.empty']}</Typography.Text>
      )}
    </Flex>
  );
}
