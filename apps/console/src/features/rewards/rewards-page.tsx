import { useQuery } from '@tanstack/react-query';
import {
  fenToYuan,
  type LotteryDraw,
  type LotteryRule,
  RED_PACK_RECHARGE_MAX,
  RED_PACK_RECHARGE_MIN,
  RED_PACKET_MAX_AMOUNT,
  RED_PACKET_MAX_COUNT,
  type RedPacket,
} from '@yanbo/contracts';
import {
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Row,
  Select,
  Statistic,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { rewardTexts as t } from '../../locales/zh-CN/rewards';
import { activityQuery } from '../activities';
import { ActivitySubpageHeader, ActivitySubpagePending } from '../board';
import { lotteryDrawsQuery, lotteryExtensionQuery, useLotteryMutations } from './api/lottery';
import { redPackBalanceQuery, redPacketsQuery, useRedPacketMutations } from './api/red-packets';

/** /board/:id/rewards: the activity's lottery (抽奖) and red packets (红包) for its viewers (issue 10). */
export function RewardsPage() {
  const { id } = useParams();
  return <Rewards key={id} activityId={Number(id)} />;
}

const time = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });
const toFen = (yuan: number) => Math.round(yuan * 100);

function Rewards({ activityId }: { activityId: number }) {
  const activity = useQuery(activityQuery(activityId));
  if (!activity.data) return <ActivitySubpagePending name="rewards" activityId={activityId} query={activity} />;
  return (
    <>
      <ActivitySubpageHeader name="rewards" activityId={activityId} activityName={activity.data.name} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <LotteryCard activityId={activityId} />
        </Col>
        <Col xs={24} xl={12}>
          <RedPacketCard activityId={activityId} />
        </Col>
      </Row>
    </>
  );
}

interface LotteryForm {
  enabled: boolean;
  rule: LotteryRule;
  prizeName: string;
  winnerCount: number;
  allowRepeatWinners: boolean;
}

function LotteryCard({ activityId }: { activityId: number }) {
  const extension = useQuery(lotteryExtensionQuery(activityId));
  const draws = useQuery(lotteryDrawsQuery(activityId));
  const { save, draw } = useLotteryMutations(activityId);
  const [form] = Form.useForm<LotteryForm>();
  const enabled = Form.useWatch('enabled', form);

  useEffect(() => {
    if (!extension.data) return;
    form.setFieldsValue({ enabled: extension.data.enabled, ...(extension.data.settings as Partial<LotteryForm>) });
  }, [extension.data, form]);

  const columns = [
    { title: t['rewards.lottery.column.time'], dataIndex: 'createdAt', render: time, width: 160 },
    { title: t['rewards.lottery.column.prize'], dataIndex: 'prizeName' },
    {
      title: t['rewards.lottery.column.rule'],
      dataIndex: 'rule',
      render: (rule: LotteryRule) => t[`rewards.lottery.rule.${rule}`],
    },
    { title: t['rewards.lottery.column.pool'], dataIndex: 'poolSize', width: 80 },
    {
      title: t['rewards.lottery.column.winners'],
      dataIndex: 'winners',
      render: (winners: LotteryDraw['winners']) => (
        <Flex wrap gap={4}>
          {winners.map((winner) => (
            <Tag key={winner.userId} color="gold" title={winner.userId}>
              {winner.nickname}
            </Tag>
          ))}
        </Flex>
      ),
    },
  ];

  return (
    <Card title={t['rewards.lottery.title']} data-testid="lottery-card">
      <Typography.Paragraph type="secondary">{t['rewards.lottery.hint']}</Typography.Paragraph>
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 6 }}
        initialValues={{ enabled: false, rule: 'online', prizeName: '', winnerCount: 1, allowRepeatWinners: false }}
        onFinish={({ enabled: on, ...settings }) => save.mutate({ settings, enabled: on })}
      >
        <Form.Item name="enabled" label={t['rewards.lottery.enabled']} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="rule" label={t['rewards.lottery.rule']}>
          <Select
            options={(['online', 'commented'] as const).map((rule) => ({
              value: rule,
              label: t[`rewards.lottery.rule.${rule}`],
            }))}
          />
        </Form.Item>
        <Form.Item name="prizeName" label={t['rewards.lottery.prizeName']} rules={[{ max: 30 }]}>
          <Input placeholder={t['rewards.lottery.prizePlaceholder']} maxLength={30} />
        </Form.Item>
        <Form.Item name="winnerCount" label={t['rewards.lottery.winnerCount']}>
          <InputNumber min={1} max={100} precision={0} />
        </Form.Item>
        <Form.Item name="allowRepeatWinners" label={t['rewards.lottery.allowRepeat']} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 6 }}>
          <Flex gap={12}>
            <Button htmlType="submit" loading={save.isPending}>
              {t['rewards.lottery.save']}
            </Button>
            <Popconfirm title={t['rewards.lottery.drawConfirm']} onConfirm={() => draw.mutate()}>
              <Button type="primary" loading={draw.isPending} disabled={!enabled || !extension.data?.enabled}>
                {t['rewards.lottery.draw']}
              </Button>
            </Popconfirm>
          </Flex>
        </Form.Item>
      </Form>
      <Typography.Title level={5}>{t['rewards.lottery.history']}</Typography.Title>
      <Table<LotteryDraw>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={draws.data?.items ?? []}
        loading={draws.isLoading}
        pagination={false}
        locale={{ emptyText: t['rewards.lottery.empty'] }}
        data-testid="lottery-draws"
      />
    </Card>
  );
}

interface RedPacketForm {
  mode: 'random' | 'fixed';
  totalYuan: number;
  count: number;
  greeting: string;
}

function RedPacketCard({ activityId }: { activityId: number }) {
  const balance = useQuery(redPackBalanceQuery());
  const packets = useQuery(redPacketsQuery(activityId));
  const { send, recharge } = useRedPacketMutations(activityId);
  const [form] = Form.useForm<RedPacketForm>();
  const [recharging, setRecharging] = useState(false);
  const [rechargeYuan, setRechargeYuan] = useState<number | null>(100);

  const columns = [
    { title: t['rewards.redPacket.column.time'], dataIndex: 'createdAt', render: time, width: 160 },
    {
      title: t['rewards.redPacket.column.mode'],
      dataIndex: 'mode',
      render: (mode: RedPacket['mode']) => t[`rewards.redPacket.mode.${mode}`],
    },
    {
      title: t['rewards.redPacket.column.total'],
      dataIndex: 'totalAmount',
      render: (fen: number) => t['rewards.yuan'](fenToYuan(fen)),
    },
    {
      title: t['rewards.redPacket.column.grabbed'],
      key: 'grabbed',
      render: (_: unknown, packet: RedPacket) =>
        t['rewards.grabbed'](packet.count - packet.remainingCount, packet.count),
    },
    {
      title: t['rewards.redPacket.column.status'],
      key: 'status',
      render: (_: unknown, packet: RedPacket) => (
        <Flex vertical>
          <Tag color={packet.status === 'active' ? 'red' : 'default'} style={{ width: 'fit-content' }}>
            {t[`rewards.redPacket.status.${packet.status}`]}
          </Tag>
          {packet.refundedAmount > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t['rewards.redPacket.refunded'](fenToYuan(packet.refundedAmount))}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <Card title={t['rewards.redPacket.title']} data-testid="red-packet-card">
      <Typography.Paragraph type="secondary">{t['rewards.redPacket.hint']}</Typography.Paragraph>
      <Flex align="center" justify="space-between" style={{ marginBottom: 16 }}>
        <Statistic
          title={t['rewards.balance']}
          value={balance.data ? fenToYuan(balance.data.balance) : '-'}
          prefix="¥"
          data-testid="red-pack-balance"
        />
        <Button onClick={() => setRecharging(true)}>{t['rewards.recharge']}</Button>
      </Flex>
      <Form
        form={form}
        labelCol={{ span: 6 }}
        initialValues={{ mode: 'random', totalYuan: 10, count: 5, greeting: '' }}
        onFinish={(values) =>
          send.mutate({
            mode: values.mode,
            totalAmount: toFen(values.totalYuan),
            count: values.count,
            greeting: values.greeting ?? '',
          })
        }
      >
        <Form.Item name="mode" label={t['rewards.redPacket.mode']}>
          <Radio.Group
            options={(['random', 'fixed'] as const).map((mode) => ({
              value: mode,
              label: t[`rewards.redPacket.mode.${mode}`],
            }))}
          />
        </Form.Item>
        <Form.Item name="totalYuan" label={t['rewards.redPacket.total']} rules={[{ required: true }]}>
          <InputNumber min={0.01} max={RED_PACKET_MAX_AMOUNT / 100} precision={2} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="count" label={t['rewards.redPacket.count']} rules={[{ required: true }]}>
          <InputNumber min={1} max={RED_PACKET_MAX_COUNT} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="greeting" label={t['rewards.redPacket.greeting']}>
          <Input placeholder={t['rewards.redPacket.greetingPlaceholder']} maxLength={30} />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 6 }}>
          <Button type="primary" danger htmlType="submit" loading={send.isPending}>
            {t['rewards.redPacket.send']}
          </Button>
        </Form.Item>
      </Form>
      <Typography.Title level={5}>{t['rewards.redPacket.history']}</Typography.Title>
      <Table<RedPacket>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={packets.data?.items ?? []}
        loading={packets.isLoading}
        pagination={false}
        locale={{ emptyText: t['rewards.redPacket.empty'] }}
        data-testid="red-packets"
      />
      <Modal
        title={t['rewards.recharge.title']}
        open={recharging}
        okText={t['rewards.recharge.submit']}
        confirmLoading={recharge.isPending}
        onCancel={() => setRecharging(false)}
        onOk={() => rechargeYuan && recharge.mutate(toFen(rechargeYuan))}
      >
        <Flex align="center" gap={12}>
          <span>{t['rewards.recharge.amount']}</span>
          <InputNumber
            value={rechargeYuan}
            onChange={setRechargeYuan}
            min={RED_PACK_RECHARGE_MIN / 100}
            max={RED_PACK_RECHARGE_MAX / 100}
            precision={2}
            style={{ width: 160 }}
            aria-label={t['rewards.recharge.amount']}
          />
        </Flex>
      </Modal>
    </Card>
  );
}
