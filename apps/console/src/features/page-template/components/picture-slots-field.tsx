import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type TemplatePathList, templatePathLimit, uploadedFileUrl } from '@yanbo/contracts';
import { Button, Flex, Spin, Tooltip, Typography, Upload } from 'antd';
import { useState } from 'react';
import { feedback } from '../../../app/feedback';
import { pageTemplateTexts as t } from '../../../locales/zh-CN/page-template';
import { uploadCheckedPicture } from '../api/live-template';
import { filledPaths, movePath } from '../template-form-rules';

interface PictureSlotsFieldProps {
  activityId: number;
  list: TemplatePathList;
  value?: string[];
  onChange?: (value: string[]) => void;
  testId: string;
}

const SLOT_WIDTH = 112;
const SLOT_HEIGHT = 63;

const slotFrame = {
  width: SLOT_WIDTH,
  height: SLOT_HEIGHT,
  borderRadius: 6,
  overflow: 'hidden',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  position: 'relative',
} as const;

/**
 * A template picture list (prologue, epilogue or scene): a grid of slots holding the uploaded filepaths in order, each
 * with a preview, a move left or right and a remove; the next free slot uploads (several files at once fill the slots
 * that are left). The list holds 8, the epilogue a 9th once 8 are filled (templatePathLimit, seed 001 §4).
 */
export function PictureSlotsField({ activityId, list, value, onChange, testId }: PictureSlotsFieldProps) {
  const [uploading, setUploading] = useState(0);
  const paths = filledPaths(value ?? []);
  const limit = templatePathLimit(list, paths.length);

  const uploadAll = async (files: File[]) => {
    let current = paths;
    for (const file of files) {
      if (current.length >= templatePathLimit(list, current.length)) {
        feedback().message.warning(t['template.slots.full'](templatePathLimit(list, current.length)));
        break;
      }
      setUploading((n) => n + 1);
      const stored = await uploadCheckedPicture(activityId, file);
      setUploading((n) => n - 1);
      if (!stored) continue;
      current = [...current, stored.filepath];
      onChange?.(current);
    }
  };

  return (
    <Flex vertical gap={6} data-testid={testId}>
      <div
        style={{ display: 'grid', gap: 10, gridTemplateColumns: `repeat(auto-fill, ${SLOT_WIDTH}px)` }}
        data-testid={`${testId}-grid`}
      >
        {Array.from({ length: limit }, (_, index) => {
          const path = paths[index];
          if (path !== undefined) {
            return (
              <Flex vertical gap={2} key={path} data-testid={`${testId}-slot-${index}`} data-path={path}>
                <div style={{ ...slotFrame, border: '1px solid #f0f0f0', background: '#fafafa' }}>
                  <img
                    src={uploadedFileUrl(path)}
                    alt=""
                    style={{ width: '100%', height: '100%', objectFit: 'cover' }}
                  />
                  <span
                    style={{
                      position: 'absolute',
                      top: 4,
                      left: 4,
                      fontSize: 11,
                      lineHeight: '16px',
                      padding: '0 5px',
                      borderRadius: 8,
                      color: '#fff',
                      background: 'rgba(0,0,0,0.55)',
                    }}
                  >
                    {index + 1}
                  </span>
                </div>
                <Flex justify="space-between">
                  <Tooltip title={t['template.slots.left']}>
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowLeftOutlined />}
                      disabled={index === 0}
                      aria-label={t['template.slots.left']}
                      onClick={() => onChange?.(movePath(paths, index, -1))}
                    />
                  </Tooltip>
                  <Tooltip title={t['template.slots.right']}>
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowRightOutlined />}
                      disabled={index === paths.length - 1}
                      aria-label={t['template.slots.right']}
                      onClick={() => onChange?.(movePath(paths, index, 1))}
                    />
                  </Tooltip>
                  <Tooltip title={t['template.image.remove']}>
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t['template.image.remove']}
                      data-testid={`${testId}-remove-${index}`}
                      onClick={() => onChange?.(paths.filter((_, i) => i !== index))}
                    />
                  </Tooltip>
                </Flex>
              </Flex>
            );
          }
          if (index === paths.length) {
            return (
              <Upload
                key="upload"
                accept="image/png,image/jpeg,image/gif,image/webp"
                multiple
                showUploadList={false}
                disabled={uploading > 0}
                beforeUpload={(file, batch) => {
                  // Called once per chosen file: the first of the batch uploads them all, in order.
                  if (file === batch[0]) void uploadAll(batch);
                  return false;
                }}
              >
                <button
                  type="button"
                  data-testid={`${testId}-upload`}
                  style={{
                    ...slotFrame,
                    flexDirection: 'column',
                    gap: 2,
                    border: '1px dashed #91caff',
                    background: '#f0f7ff',
                    color: '#1677ff',
                    cursor: uploading > 0 ? 'wait' : 'pointer',
                    font: 'inherit',
                    fontSize: 12,
                  }}
                >
                  {uploading > 0 ? <Spin size="small" /> : <PlusOutlined />}
                  {uploading > 0 ? t['template.slots.uploading'] : t['template.image.upload']}
                </button>
              </Upload>
            );
          }
          return (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: an empty slot is nothing but its position
              key={`empty-${index}`}
              style={{ ...slotFrame, border: '1px dashed #e8e8e8', color: '#d9d9d9', fontSize: 12 }}
            >
              {index + 1}
            </div>
          );
        })}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`${testId}-count`}>
        {t['template.slots.count'](paths.length, limit)}
      </Typography.Text>
    </Flex>
  );
}
