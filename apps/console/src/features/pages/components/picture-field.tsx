import { uploadedFileUrl } from '@yanbo/contracts';
import { App } from 'antd';
import { useState } from 'react';
import { PictureUpload } from '../../../app/components/picture-upload';
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
    <PictureUpload
      value={value}
      src={value ? uploadedFileUrl(value) : ''}
      uploading={uploading}
      onFile={(file) => void upload(file)}
      onClear={() => onChange?.('')}
      emptyText={t['pages.image.empty']}
      testId={testId}
    />
  );
}
