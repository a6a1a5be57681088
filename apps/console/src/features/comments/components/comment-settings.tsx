import { QuestionCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Flex, Switch, Tooltip, Typography } from 'antd';
import { commentTexts as t } from '../../../locales/zh-CN/comments';
import { commentFilterQuery, useCommentFilterMutation } from '../api/comment-filter';

function Setting(props: {
  label: string;
  help: string;
  checked: boolean;
  loading: boolean;
  onChange(v: boolean): void;
}) {
  return (
    <Flex align="center" gap={8}>
      <Switch
        checked={props.checked}
        loading={props.loading}
        disabled={props.loading}
        aria-label={props.label}
        onChange={props.onChange}
      />
      <Typography.Text>{props.label}</Typography.Text>
      <Tooltip title={props.help}>
        <QuestionCircleOutlined style={{ color: 'rgba(0, 0, 0, 0.45)' }} />
      </Tooltip>
    </Flex>
  );
}

/** 开启审核 and 关闭实时显示, saved through the user filter call. */
export function CommentSettings({ activityId }: { activityId: number }) {
  const filter = useQuery(commentFilterQuery(activityId));
  const save = useCommentFilterMutation(activityId);
  const saving = (key: 'checkMode' | 'isCommentRTDisplayDisabled') =>
    !filter.data || (save.isPending && save.variables?.[key] !== undefined);
  return (
    <Flex gap={24} wrap align="center">
      <Setting
        label={t['comments.settings.checkMode']}
        help={t['comments.settings.checkModeHelp']}
        checked={filter.data?.checkMode ?? false}
        loading={saving('checkMode')}
        onChange={(checkMode) => save.mutateAsync({ checkMode }).catch(() => undefined)}
      />
      <Setting
        label={t['comments.settings.rtDisabled']}
        help={t['comments.settings.rtDisabledHelp']}
        checked={filter.data?.isCommentRTDisplayDisabled ?? false}
        loading={saving('isCommentRTDisplayDisabled')}
        onChange={(isCommentRTDisplayDisabled) =>
          save.mutateAsync({ isCommentRTDisplayDisabled }).catch(() => undefined)
        }
      />
    </Flex>
  );
}
