import { InboxOutlined } from '@ant-design/icons';
import { PHOTO_ERRORS, PHOTO_TYPES } from '@yanbo/contracts';
import { App, Upload, type UploadFile } from 'antd';
import { useRef, useState } from 'react';
import { ApiError } from '../../../app/http';
import { photoTexts as t } from '../../../locales/zh-CN/photos';
import { photoErrorText, uploadPhoto } from '../api/photos';

/** Uploads at once: a photographer drops a hundred files, the server turns two into pictures at a time. */
const PARALLEL = 2;

/** A queue of at most `limit` running tasks. */
function useQueue(limit: number) {
  const running = useRef(0);
  const waiting = useRef<(() => void)[]>([]);
  return async <T,>(task: () => Promise<T>): Promise<T> => {
    if (running.current >= limit) await new Promise<void>((resolve) => waiting.current.push(resolve));
    running.current += 1;
    try {
      return await task();
    } finally {
      running.current -= 1;
      waiting.current.shift()?.();
    }
  };
}

const isHeic = (file: File) => /\.(heic|heif)$/i.test(file.name) || /image\/hei[cf]/i.test(file.type);

/** Drop or pick many photos; each goes up with its own progress bar, and the grid reloads as each lands. */
export function PhotoUploader({
  activityId,
  listId,
  onUploaded,
}: {
  activityId: number;
  listId: number;
  onUploaded: () => void;
}) {
  const { message } = App.useApp();
  const enqueue = useQueue(PARALLEL);
  // The list under the drop zone holds what is still going up and what failed; a photo that landed is in the grid.
  const [files, setFiles] = useState<UploadFile[]>([]);
  return (
    <Upload.Dragger
      multiple
      fileList={files}
      onChange={({ fileList }) => setFiles(fileList.filter((file) => file.status !== 'done'))}
      accept={PHOTO_TYPES.join(',')}
      data-testid="photo-upload"
      customRequest={({ file, onProgress, onSuccess, onError }) => {
        const photo = file as File;
        const upload = isHeic(photo)
          ? Promise.reject(new ApiError(400, PHOTO_ERRORS.heic))
          : enqueue(() => uploadPhoto(activityId, listId, photo, (percent) => onProgress?.({ percent })));
        upload
          .then((uploaded) => {
            onSuccess?.(uploaded);
            onUploaded();
          })
          .catch(async (error: unknown) => {
            const reason = await photoErrorText(error);
            message.error(t['photos.upload.failed'](photo.name, reason));
            onError?.(error instanceof Error ? error : new Error(reason));
          });
      }}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{t['photos.upload.drag']}</p>
      <p className="ant-upload-hint">{t['photos.upload.hint']}</p>
    </Upload.Dragger>
  );
}
