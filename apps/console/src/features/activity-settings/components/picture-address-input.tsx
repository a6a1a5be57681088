import { UploadOutlined } from '@ant-design/icons';
import { Button, Input, Space, Upload } from 'antd';
import { useState } from 'react';
import { activitySettingsTexts as t } from '../../../locales/zh-CN/activity-settings';
import { uploadCheckedPicture } from '../../page-template';

interface PictureAddressInputProps {
  activityId: number;
  /** Set by Form.Item, so the field's label names the address input. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  testId: string;
}

/**
 * A picture of the activity's page: uploaded through POST /activity/{id}/upload (the field then holds where it is
 * served), or an address typed in as before.
 */
export function PictureAddressInput({ activityId, id, value, onChange, testId }: PictureAddressInputProps) {
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File) => {
    setUploading(true);
    const stored = await uploadCheckedPicture(activityId, file);
    setUploading(false);
    if (stored) onChange?.(stored.url);
  };

  return (
    <Space.Compact style={{ width: '100%' }} data-testid={testId}>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        placeholder={t['settings.picture.placeholder']}
        allowClear
      />
      <Upload
        accept="image/png,image/jpeg,image/gif,image/webp"
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading}>
          {t['settings.picture.upload']}
        </Button>
      </Upload>
    </Space.Compact>
  );
}
