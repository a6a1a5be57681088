import { useQuery } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { appTexts } from '../locales/zh-CN/app';
import { customizedInfoQuery, imageTemplateQuery } from './entry-queries';

/** The product's mark in the header: the agent's logo (image template) and brand name (custom info) when set. */
export function Brand() {
  const { data: template } = useQuery(imageTemplateQuery());
  const { data: info } = useQuery(customizedInfoQuery());
  return (
    <Link to="/" style={{ display: 'flex' }}>
      <Flex align="center" gap={10}>
        {template?.logo && <img src={template.logo} alt="" style={{ height: 28, width: 28, objectFit: 'contain' }} />}
        <Typography.Text strong style={{ fontSize: 18, color: '#1677ff', whiteSpace: 'nowrap' }}>
          {info?.brandName || appTexts.productName}
        </Typography.Text>
      </Flex>
    </Link>
  );
}
