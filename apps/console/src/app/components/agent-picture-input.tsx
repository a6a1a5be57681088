import { UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Upload } from 'antd';
import { useState } from 'react';
import { appTexts as t } from '../../locales/zh-CN/app';
import { showError } from '../http';
import { uploadWithPolicy } from '../upload';

interface AgentPictureInputProps {
  /** Set by Form.Item, so the field's label names the address input. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  placeholder: string;
  testId: string;
}

/**
 * A picture of the agent's own (a cover or a share card belonging to no one activity): an address typed in, or a
 * file uploaded through the agent's pictures policy, after which the field holds where it is served.
 */
export function AgentPictureInput({ id, value, onChange, placeholder, testId }: AgentPictureInputProps) {
  const [uploading, setUploading] = useState(false);
  return (
    <Flex gap={8}>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        placeholder={placeholder}
        data-testid={testId}
      />
      <Upload
        accept="image/*"
        showUploadList={false}
        beforeUpload={(file) => {
          setUploading(true);
          uploadWithPolicy('agent', file)
            .then((stored) => onChange?.(stored.url))
            .catch(showError)
            .finally(() => setUploading(false));
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading}>
          {t.pictureUpload}
        </Button>
      </Upload>
    </Flex>
  );
}
