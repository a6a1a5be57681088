import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Flex, Form, Input } from 'antd';
import { accountTexts } from '../../../locales/zh-CN/account';
import { codeRules, mobileRules } from './form-rules';
import { SmsCodeButton } from './sms-code-button';

/** A mobile and its SMS code with the send button: the form fields `mobile` and `code`. */
export function MobileCodeFields({ onSend }: { onSend: () => Promise<unknown> }) {
  return (
    <>
      <Form.Item name="mobile" rules={mobileRules}>
        <Input prefix={<MobileOutlined />} placeholder={accountTexts.mobilePlaceholder} maxLength={11} />
      </Form.Item>
      <Flex gap={8} align="start">
        <Form.Item name="code" rules={codeRules} style={{ flex: 1 }}>
          <Input prefix={<SafetyOutlined />} placeholder={accountTexts.codePlaceholder} maxLength={6} />
        </Form.Item>
        <SmsCodeButton onSend={onSend} />
      </Flex>
    </>
  );
}
