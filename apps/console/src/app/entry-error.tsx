import { Button, Flex, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';
import { appTexts } from '../locales/zh-CN/app';
import { errorText } from './http';

/** The entry load failed (seed 000 §2): ask for a refresh, and say what went wrong. */
export function EntryError() {
  const error = useRouteError();
  const [reason, setReason] = useState<string>();
  useEffect(() => {
    let current = true;
    void errorText(error).then((text) => {
      if (current) setReason(text);
    });
    return () => {
      current = false;
    };
  }, [error]);

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', background: '#f5f5f5' }}>
      <Result
        status="error"
        title={appTexts.loadFailed}
        subTitle={reason}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {appTexts.refresh}
          </Button>
        }
      />
    </Flex>
  );
}
