import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_INTRO_TABS, INTRO_TAB_TYPES, type IntroTab, type IntroTabType } from '@yanbo/contracts';
import { App, Button, Empty, Flex, Input, Select, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { activitySettingsTexts as t } from '../../../locales/zh-CN/activity-settings';
import { menuQuery, useSaveMenu } from '../api/settings-queries';
import { useReportDirty } from '../settings-dirty';
import { freeMenuKey, menuProblem, moveEntry } from '../settings-rules';
import { SettingsSection } from './settings-section';

const MAX_TABS = 20;

function problemText(field: string, message: string): string {
  if (field === 'title') return message.includes('required') ? t['menu.titleRequired'] : t['menu.titleTooLong'];
  if (field === 'key') {
    if (message.includes('Duplicate')) return t['menu.keyDuplicate'];
    return message.includes('required') ? t['menu.keyRequired'] : t['menu.keyInvalid'];
  }
  return message;
}

function MenuEditor({ activityId, saved }: { activityId: number; saved: IntroTab[] }) {
  const { message } = App.useApp();
  const [tabs, setTabs] = useState<IntroTab[]>(saved);
  const [baseline, setBaseline] = useState<IntroTab[]>(saved);
  useReportDirty(JSON.stringify(tabs) !== JSON.stringify(baseline));
  const [invalid, setInvalid] = useState<{ index: number; field: string } | null>(null);
  const save = useSaveMenu(activityId);
  const change = (index: number, patch: Partial<IntroTab>) => {
    setInvalid(null);
    setTabs((list) => list.map((tab, i) => (i === index ? { ...tab, ...patch } : tab)));
  };
  const submit = () => {
    const problem = menuProblem(tabs);
    if (problem) {
      setInvalid(problem);
      message.error(problemText(problem.field, problem.message));
      return;
    }
    save.mutate(
      { items: tabs },
      {
        onSuccess: (menu) => {
          setTabs(menu.items);
          setBaseline(menu.items);
        },
      },
    );
  };
  const status = (index: number, field: string) =>
    invalid?.index === index && invalid.field === field ? ('error' as const) : undefined;

  return (
    <Flex vertical gap={16}>
      <Table<IntroTab>
        rowKey={(_, index) => String(index)}
        dataSource={tabs}
        pagination={false}
        size="middle"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['menu.empty']} /> }}
        columns={[
          {
            title: t['menu.column.title'],
            key: 'title',
            render: (_, tab, index) => (
              <Input
                value={tab.title}
                maxLength={20}
                status={status(index, 'title')}
                aria-label={t['menu.column.title']}
                onChange={(event) => change(index, { title: event.target.value })}
              />
            ),
          },
          {
            title: t['menu.column.key'],
            key: 'key',
            width: 200,
            render: (_, tab, index) => (
              <Input
                value={tab.key}
                maxLength={40}
                status={status(index, 'key')}
                aria-label={t['menu.column.key']}
                onChange={(event) => change(index, { key: event.target.value })}
              />
            ),
          },
          {
            title: t['menu.column.type'],
            key: 'type',
            width: 160,
            render: (_, tab, index) => (
              <Select<IntroTabType>
                value={tab.type}
                style={{ width: '100%' }}
                options={INTRO_TAB_TYPES.map((type) => ({ value: type, label: t[`menu.type.${type}`] }))}
                onChange={(type) => change(index, { type })}
              />
            ),
          },
          {
            title: t['menu.column.actions'],
            key: 'actions',
            width: 140,
            render: (_, _tab, index) => (
              <Space size={4}>
                <Tooltip title={t['menu.up']}>
                  <Button
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={t['menu.up']}
                    disabled={index === 0}
                    onClick={() => setTabs((list) => moveEntry(list, index, -1))}
                  />
                </Tooltip>
                <Tooltip title={t['menu.down']}>
                  <Button
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={t['menu.down']}
                    disabled={index === tabs.length - 1}
                    onClick={() => setTabs((list) => moveEntry(list, index, 1))}
                  />
                </Tooltip>
                <Tooltip title={t['menu.remove']}>
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t['menu.remove']}
                    onClick={() => setTabs((list) => list.filter((_, i) => i !== index))}
                  />
                </Tooltip>
              </Space>
            ),
          },
        ]}
      />
      <Flex justify="space-between" align="center">
        <Tooltip title={tabs.length >= MAX_TABS ? t['menu.max'] : undefined}>
          <Button
            icon={<PlusOutlined />}
            disabled={tabs.length >= MAX_TABS}
            onClick={() =>
              setTabs((list) => [
                ...list,
                { ...(DEFAULT_INTRO_TABS[1] as IntroTab), title: t['menu.newTitle'], key: freeMenuKey(list) },
              ])
            }
          >
            {t['menu.add']}
          </Button>
        </Tooltip>
        <Button type="primary" loading={save.isPending} onClick={submit}>
          {t['settings.save']}
        </Button>
      </Flex>
    </Flex>
  );
}

export function MenuTab({ activityId }: { activityId: number }) {
  const query = useQuery(menuQuery(activityId));
  return (
    <SettingsSection title={t['menu.title']} hint={t['menu.hint']} query={query}>
      {(menu) => <MenuEditor activityId={activityId} saved={menu.items} />}
    </SettingsSection>
  );
}
