import type { Vote } from '@yanbo/contracts';
import { Flex, Progress, Typography } from 'antd';
import { applicationTexts as t } from '../../locales/zh-CN/applications';
import { optionPercents } from '../interactions';

/** A vote's results: each option's ballots and share of the voters, and how many voted. */
export function VoteResults({ vote }: { vote: Pick<Vote, 'id' | 'options' | 'tally' | 'voters'> }) {
  const percents = optionPercents(vote);
  return (
    <Flex vertical gap={6} data-testid={`vote-results-${vote.id}`}>
      <Typography.Text type="secondary">{t['applications.vote.voters'](vote.voters)}</Typography.Text>
      {vote.options.map((option, index) => (
        <div key={option}>
          <Flex justify="space-between" gap={8}>
            <Typography.Text ellipsis>{option}</Typography.Text>
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {t['applications.vote.optionLine'](vote.tally[index] ?? 0, percents[index] ?? 0)}
            </Typography.Text>
          </Flex>
          <Progress percent={percents[index] ?? 0} showInfo={false} size="small" />
        </div>
      ))}
    </Flex>
  );
}
