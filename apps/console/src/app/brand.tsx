import { useQuery } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { appTexts } from '../locales/zh-CN/app';
import { headerBrandName } from './brand-name';
import { customizedInfoQuery, imageTemplateQuery } from './entry-queries';

/** The product's mark in the header: the agent's logo and 平台名称 (image template) when set. */
export function Brand() {
  const { data: template } = useQuery(imageTemplateQuery());
  const { data: info } = useQuery(customizedInfoQuery());
  return (
    <Link to="/" style={{ display: 'flex' }}>
      <Flex align="center" gap={10}>
        {template?.logo && <img src={template.logo} alt="" style={{ height: 28, width: 28, objectFit: 'contain' }} />}
        <Typography.Text
          strong
          data-testid="header-brand"
          style={{ fontSize: 18, color: '#1677ff', whiteSpace: 'nowrap' }}
        >
          {headerBrandName(template, info, appTexts.productName)}
        </Typography.Text>
      </Flex>
    </Link>
  );
}
