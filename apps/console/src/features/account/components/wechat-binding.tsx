import { WechatOutlined } from '@ant-design/icons';
import { Avatar, Button, Descriptions, Flex, Popconfirm, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toastSuccess } from '../../../app/feedback';
import { accountTexts } from '../../../locales/zh-CN/account';
import { useBindOpenid, useOpenid, useUnbindOpenid } from '../api/profile';

const STATE_KEY = 'yanbo.wechatBindState';

/** The state sent to the authorize page and expected back, so a code from another flow is not bound. */
function bindState(): string {
  let state = sessionStorage.getItem(STATE_KEY);
  if (!state) {
    state = crypto.getRandomValues(new Uint32Array(2)).join('');
    sessionStorage.setItem(STATE_KEY, state);
  }
  return state;
}

/** The bound messaging-platform identity: bind through the platform's authorize page, or unbind. */
export function WechatBinding() {
  const [state] = useState(bindState);
  const [params, setParams] = useSearchParams();
  const binding = useOpenid(state);
  const bind = useBindOpenid();
  const unbind = useUnbindOpenid();
  const returned = useRef(false);

  // Back from the authorize page with ?code=&state=: bind once, then clean the address.
  const code = params.get('code');
  const returnedState = params.get('state');
  useEffect(() => {
    if (!code || returned.current) return;
    returned.current = true;
    const next = new URLSearchParams(params);
    next.delete('code');
    next.delete('state');
    setParams(next, { replace: true });
    if (returnedState !== state) return;
    bind.mutate(code, { onSuccess: () => toastSuccess(accountTexts.setSuccess) });
  });

  if (!binding.data || bind.isPending) return <Spin />;
  const data = binding.data;
  if (!data.bound) {
    return (
      <Flex vertical align="start" gap={16}>
        <Typography.Text type="secondary">{accountTexts.wechatUnbound}</Typography.Text>
        <Button
          type="primary"
          icon={<WechatOutlined />}
          onClick={() => {
            window.location.href = data.authorizeUrl;
          }}
        >
          {accountTexts.bindWechat}
        </Button>
      </Flex>
    );
  }
  return (
    <Flex vertical align="start" gap={16}>
      <Flex align="center" gap={12}>
        <Avatar src={data.avatar || undefined} icon={<WechatOutlined />} style={{ background: '#07c160' }} />
        <Typography.Text strong>{accountTexts.wechatBound(data.nickname ?? '')}</Typography.Text>
      </Flex>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'openid', label: 'OpenID', children: data.openid },
          {
            key: 'boundAt',
            label: accountTexts.boundAt,
            children: data.boundAt ? new Date(data.boundAt).toLocaleString('zh-CN') : '',
          },
        ]}
      />
      <Popconfirm
        title={accountTexts.unbindConfirm}
        okText={accountTexts.ok}
        cancelText={accountTexts.cancel}
        onConfirm={() => unbind.mutate(undefined, { onSuccess: () => toastSuccess(accountTexts.deleteSuccess) })}
      >
        <Button danger loading={unbind.isPending}>
          {accountTexts.unbindWechat}
        </Button>
      </Popconfirm>
    </Flex>
  );
}
