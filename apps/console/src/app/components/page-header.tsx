import { Breadcrumb, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { breadcrumbsFor } from '../breadcrumbs';
import { routeTitle } from '../route-title';

interface PageHeaderProps {
  /** The route name; the title and the trail come from it. */
  name: string;
  extra?: ReactNode;
}

export function PageHeader({ name, extra }: PageHeaderProps) {
  const crumbs = breadcrumbsFor(name);
  return (
    <div style={{ marginBottom: 16 }}>
      {crumbs.length > 1 && (
        <Breadcrumb
          style={{ marginBottom: 8 }}
          items={crumbs.map((crumb) => ({
            key: crumb.name,
            title: crumb.path ? <Link to={crumb.path}>{routeTitle(crumb.name)}</Link> : routeTitle(crumb.name),
          }))}
        />
      )}
      <Flex align="center" justify="space-between" gap={16} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {routeTitle(name)}
        </Typography.Title>
        {extra}
      </Flex>
    </div>
  );
}
