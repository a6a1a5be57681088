import { UserOutlined } from '@ant-design/icons';
import type { ActivitySubagent } from '@yanbo/contracts';
import { Descriptions, Popover, Tag, Typography } from 'antd';
import { subaccountTexts as t } from '../../../locales/zh-CN/subaccounts';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' };

/**
 * The sub-account an activity belongs to, for its main account: a tag that opens its sign-in credentials, copyable
 * (seed 001 §3). The server sends the password to the main account only, so a sub-account sees nothing here.
 */
export function ActivitySubagentTag({ subagent }: { subagent: ActivitySubagent | null }) {
  if (!subagent || subagent.cleartextPassword === null) return null;
  const copy = { tooltips: [t['subaccounts.password.copy'], t['subaccounts.password.copied']] };
  return (
    <Popover
      trigger="click"
      title={t['subaccounts.activity.title']}
      content={
        <Descriptions
          size="small"
          column={1}
          style={{ minWidth: 240 }}
          items={[
            {
              key: 'username',
              label: t['subaccounts.activity.username'],
              children: (
                <Typography.Text copyable={{ ...copy, tooltips: false }} style={mono}>
                  {subagent.username}
                </Typography.Text>
              ),
            },
            {
              key: 'password',
              label: t['subaccounts.activity.password'],
              children: (
                <Typography.Text copyable={copy} style={mono} data-testid="activity-subagent-password">
                  {subagent.cleartextPassword}
                </Typography.Text>
              ),
            },
          ]}
        />
      }
    >
      <Tag
        icon={<UserOutlined />}
        color="geekblue"
        title={`${t['subaccounts.activity.label']} ${subagent.username}`}
        data-testid="activity-subagent"
        style={{ cursor: 'pointer', maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {subagent.username}
      </Tag>
    </Popover>
  );
}
