import { useState } from 'react';
import { PictureUpload } from '../../../app/components/picture-upload';
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
    <PictureUpload
      value={value}
      src={value ?? ''}
      uploading={uploading}
      onFile={(file) => void upload(file)}
      onClear={() => onChange?.('')}
      emptyText={t['template.image.empty']}
      testId={testId}
    />
  );
}
