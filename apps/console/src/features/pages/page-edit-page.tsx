import { ExportOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  type BottomNav,
  convertLegacyPageData,
  isLegacyPageData,
  type Page,
  type PageComponent,
  type PageComponentType,
  type PageConfig,
  type PageData,
} from '@yanbo/contracts';
import { Alert, App, Button, Card, Empty, Flex, Result, Skeleton, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../app/components/page-header';
import { ApiError } from '../../app/http';
import { useConfirmLeave } from '../../app/use-confirm-leave';
import { pageTexts as t } from '../../locales/zh-CN/pages';
import { columnsQuery, pageQuery, useSaveBottomNav, useSavePage } from './api/pages';
import { BottomNavPanel } from './components/bottom-nav-panel';
import { ColumnsPanel } from './components/columns-panel';
import { ComponentList } from './components/component-list';
import { ComponentPalette } from './components/component-palette';
import { ComponentPanel } from './components/component-panel';
import { componentLabel, componentSummary, componentTypeIcons } from './components/component-types';
import { PageConfigPanel } from './components/page-config-panel';
import { PagePreview } from './components/page-preview';
import { addComponent, firstIssue, moveComponent, removeComponent, replaceComponent } from './page-editor-rules';
import { issueText, pageErrorText } from './page-errors';

/** /pages/:pageId/edit: the page builder (seed 001 §2): components, page settings, columns and bottom navigation. */
export function PageEditPage() {
  const { pageId } = useParams();
  return <PageEditorLoader key={pageId} pageId={Number(pageId)} />;
}

function PageEditorLoader({ pageId }: { pageId: number }) {
  const validId = Number.isInteger(pageId) && pageId > 0;
  const page = useQuery({ ...pageQuery(pageId), enabled: validId, meta: { silent: true } });
  if (!validId || page.error) {
    const missing = !validId || (page.error instanceof ApiError && page.error.status === 404);
    return (
      <>
        <PageHeader name="pages.edit" />
        <Card>
          <Result
            status={missing ? '404' : 'error'}
            title={missing ? t['pages.editor.notFound'] : t['pages.editor.loadFailed']}
            extra={
              <Link to="/pages">
                <Button type="primary">{t['pages.editor.back']}</Button>
              </Link>
            }
          />
        </Card>
      </>
    );
  }
  if (!page.data) return <Skeleton active />;
  return <PageEditor page={page.data} />;
}

interface Draft {
  name: string;
  data: PageData;
}

const snapshot = (value: unknown) => JSON.stringify(value);

function PageEditor({ page }: { page: Page }) {
  const { message } = App.useApp();
  // Seed 001 §4: a legacy page (exactly two data keys) opens converted to the current shape.
  const [legacy] = useState(() => isLegacyPageData(page.data));
  const [draft, setDraft] = useState<Draft>(() => ({ name: page.name, data: convertLegacyPageData(page.data) }));
  const [saved, setSaved] = useState(() => (legacy ? '' : snapshot(draft)));
  const [nav, setNav] = useState<BottomNav>(page.bottomNav);
  const [navSaved, setNavSaved] = useState(() => snapshot(page.bottomNav));
  const [selected, setSelected] = useState<string | null>(draft.data.components[0]?.id ?? null);
  const [tab, setTab] = useState('content');
  // The open panel is drawn again when its component changed from outside it (an anchor to a removed component).
  const [panelVersion, setPanelVersion] = useState(0);
  const columns = useQuery(columnsQuery(page.id));
  const save = useSavePage(page.id);
  const saveNav = useSaveBottomNav(page.id);
  const dirty = snapshot(draft) !== saved;
  const navDirty = snapshot(nav) !== navSaved;
  useConfirmLeave(dirty || navDirty);

  const components = draft.data.components;
  const setComponents = (change: (components: PageComponent[]) => PageComponent[]) =>
    setDraft((current) => ({ ...current, data: { ...current.data, components: change(current.data.components) } }));
  const add = (type: PageComponentType) => {
    const next = addComponent(components, type);
    setComponents(() => next.components);
    setSelected(next.added.id);
  };
  const remove = (id: string) => {
    setComponents((current) => removeComponent(current, id));
    if (selected === id) setSelected(null);
    setPanelVersion((version) => version + 1);
  };
  const selectedComponent = components.find((component) => component.id === selected) ?? null;

  const submit = async (publish: boolean) => {
    if (!draft.name.trim()) {
      setTab('config');
      message.error(t['pages.form.nameRequired']);
      return;
    }
    const issue = firstIssue(draft.data);
    if (issue) {
      // Show where the problem is: its component's settings, or the page's own.
      if (issue.componentId) {
        setSelected(issue.componentId);
        setTab('content');
      } else setTab('config');
      const where = components.find((component) => component.id === issue.componentId);
      message.error(issueText(issue, where ? componentLabel(where) : t['pages.editor.tab.config']));
      return;
    }
    const sent = { name: draft.name.trim(), data: draft.data };
    try {
      await save.mutateAsync(publish ? { ...sent, publish: true } : sent);
      setSaved(snapshot({ ...draft, name: sent.name }));
    } catch (error) {
      // Seed 001 §8: the page action's failure comes back here, and is shown here.
      message.error(await pageErrorText(error));
    }
  };
  const submitNav = async () => {
    try {
      const stored = await saveNav.mutateAsync(nav);
      setNavSaved(snapshot(nav));
      return stored;
    } catch (error) {
      message.error(await pageErrorText(error));
    }
  };

  return (
    <>
      <PageHeader
        name="pages.edit"
        extra={
          <Space wrap>
            <span data-testid="page-editor-name" style={{ fontWeight: 600 }}>
              {draft.name}
            </span>
            {page.publishedAt ? (
              <Tag color="success" data-testid="page-state">
                {t['pages.published']}
              </Tag>
            ) : (
              <Tag data-testid="page-state">{t['pages.draft']}</Tag>
            )}
            {page.publishedAt && page.hasUnpublishedChanges && !dirty && (
              <Tag color="processing">{t['pages.unpublishedChanges']}</Tag>
            )}
            {dirty && <Tag color="warning">{t['pages.editor.unsaved']}</Tag>}
            <a href={page.link} target="_blank" rel="noreferrer">
              <Button icon={<ExportOutlined />}>{t['pages.openLink']}</Button>
            </a>
            <Button
              icon={<SaveOutlined />}
              loading={save.isPending && !save.variables?.publish}
              onClick={() => submit(false)}
              data-testid="page-save"
            >
              {t['pages.editor.save']}
            </Button>
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={save.isPending && Boolean(save.variables?.publish)}
              onClick={() => submit(true)}
              data-testid="page-publish"
            >
              {t['pages.editor.publish']}
            </Button>
          </Space>
        }
      />
      {legacy && <Alert type="warning" showIcon title={t['pages.editor.legacy']} style={{ marginBottom: 16 }} />}
      <Card style={{ marginBottom: 16 }}>
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'content',
              label: t['pages.editor.tab.content'],
              children: (
                <Flex gap={16} align="flex-start" wrap>
                  <Card size="small" title={t['pages.editor.palette']} style={{ width: 256, flex: 'none' }}>
                    <ComponentPalette onAdd={add} disabled={components.length >= 100} />
                  </Card>
                  <Card
                    size="small"
                    title={t['pages.editor.list']}
                    extra={<span style={{ fontSize: 12, color: '#8c8c8c' }}>{t['pages.editor.listHint']}</span>}
                    style={{ width: 300, flex: 'none' }}
                  >
                    <ComponentList
                      items={components.map((component) => ({
                        key: component.id,
                        icon: componentTypeIcons[component.type],
                        label: componentLabel(component),
                        summary: componentSummary(component),
                      }))}
                      selected={selected}
                      onSelect={setSelected}
                      onMove={(from, to) => setComponents((current) => moveComponent(current, from, to))}
                      onRemove={remove}
                    />
                  </Card>
                  <Card size="small" title={t['pages.editor.panel']} style={{ flex: 1, minWidth: 360 }}>
                    {selectedComponent ? (
                      <ComponentPanel
                        key={panelVersion}
                        pageId={page.id}
                        component={selectedComponent}
                        components={components}
                        onChange={(edited) => setComponents((current) => replaceComponent(current, edited))}
                      />
                    ) : (
                      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['pages.editor.panelEmpty']} />
                    )}
                  </Card>
                </Flex>
              ),
            },
            {
              key: 'config',
              label: t['pages.editor.tab.config'],
              children: (
                <PageConfigPanel
                  value={{ name: draft.name, config: draft.data.config }}
                  onChange={({ name, config }: { name: string; config: PageConfig }) =>
                    setDraft((current) => ({ name, data: { ...current.data, config } }))
                  }
                />
              ),
            },
            { key: 'columns', label: t['pages.editor.tab.columns'], children: <ColumnsPanel pageId={page.id} /> },
            {
              key: 'bottomNav',
              label: t['pages.editor.tab.bottomNav'],
              children: (
                <BottomNavPanel
                  value={nav}
                  onChange={setNav}
                  onSave={submitNav}
                  saving={saveNav.isPending}
                  dirty={navDirty}
                />
              ),
            },
          ]}
        />
      </Card>
      <Card title={t['pages.editor.preview']}>
        <PagePreview
          pageId={page.id}
          name={draft.name}
          data={draft.data}
          columns={columns.data?.items ?? []}
          bottomNav={nav}
        />
      </Card>
    </>
  );
}
