import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { subaccountTexts as t } from '../../../locales/zh-CN/subaccounts';

/** A sub-account that opens /subaccount by its address: the area is the main account's (seed 001 §6). */
export function SubaccountForbidden() {
  return (
    <Result
      status="403"
      title={t['subaccounts.forbidden.title']}
      subTitle={t['subaccounts.forbidden.description']}
      extra={
        <Link to="/">
          <Button type="primary">{t['subaccounts.forbidden.home']}</Button>
        </Link>
      }
    />
  );
}
