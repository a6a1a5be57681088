import { Flex, Spin } from 'antd';
import { appTexts } from '../locales/zh-CN/app';

/** While a screen outside the console layout (login, signup …) fetches its script. */
export function PageLoading() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Spin description={appTexts.loading} size="large">
        <div style={{ width: 120, height: 80 }} />
      </Spin>
    </Flex>
  );
}
