import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Image, Input, Space, Upload } from 'antd';
import { useState } from 'react';
import { feedback } from '../../../app/feedback';
import { showError } from '../../../app/http';
import { brandingTexts as t } from '../../../locales/zh-CN/branding';
import { uploadImage } from '../api/upload-image';
import { isAssetUrl } from '../branding-rules';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

interface ImageFieldProps {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  /** Shown when the field is empty: what the product uses instead. */
  fallback?: string;
  previewWidth?: number;
  testId?: string;
}

/** An image address: upload a file or type an address; a thumbnail shows what it looks like. */
export function ImageField({ value, onChange, disabled, fallback, previewWidth = 56, testId }: ImageFieldProps) {
  const [uploading, setUploading] = useState(false);
  const shown = value || fallback;

  const upload = async (file: File) => {
    if (!IMAGE_TYPES.includes(file.type)) return void feedback().message.error(t['branding.imageType']);
    setUploading(true);
    try {
      onChange?.((await uploadImage(file)).url);
    } catch (failure) {
      await showError(failure);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Flex gap={12} align="center">
      <Flex
        align="center"
        justify="center"
        style={{
          width: previewWidth,
          height: 56,
          flex: 'none',
          border: '1px dashed #d9d9d9',
          borderRadius: 8,
          background: '#fafafa',
          overflow: 'hidden',
        }}
      >
        {shown ? (
          <Image src={shown} alt="" width={previewWidth - 8} height={48} style={{ objectFit: 'contain' }} />
        ) : (
          <PictureOutlined style={{ fontSize: 22, color: '#bfbfbf' }} />
        )}
      </Flex>
      <Space.Compact style={{ flex: 1 }}>
        <Input
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
          placeholder={t['branding.imageHint']}
          disabled={disabled}
          allowClear
          data-testid={testId}
        />
        <Upload
          accept={IMAGE_TYPES.join(',')}
          showUploadList={false}
          disabled={disabled}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading} disabled={disabled}>
            {value ? t['branding.uploadReplace'] : t['branding.upload']}
          </Button>
        </Upload>
      </Space.Compact>
    </Flex>
  );
}

/** The form rule for an image address: empty, a site path or an http(s) URL. */
export const assetUrlRule = {
  validator: (_rule: unknown, value: string | undefined) =>
    !value || isAssetUrl(value) ? Promise.resolve() : Promise.reject(new Error(t['branding.urlInvalid'])),
};
