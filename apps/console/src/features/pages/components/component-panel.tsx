import type { PageComponent } from '@yanbo/contracts';
import { Form, Typography } from 'antd';
import { componentLabel } from './component-types';
import { ActivityFields, ActivityTabFields } from './panels/activity-panel';
import { BannerFields } from './panels/banner-panel';
import { CardFields } from './panels/card-panel';
import { CatalogFields } from './panels/catalog-panel';
import { CountdownFields } from './panels/countdown-panel';
import { ElevatorFields } from './panels/elevator-panel';
import { HeaderFields } from './panels/header-panel';
import { PlayerFields, VideoFields } from './panels/media-panel';
import { MobilesNavFields, SudokuNavFields } from './panels/nav-panel';
import { BrandFields, GraphicFields, SearchFields, SloganFields } from './panels/text-panels';

interface ComponentPanelProps {
  pageId: number;
  component: PageComponent;
  components: readonly PageComponent[];
  onChange: (component: PageComponent) => void;
}

/** The selected component's settings, a form built for its type; every change goes straight into the draft. */
export function ComponentPanel(props: ComponentPanelProps) {
  // A form of its own per component, so nothing of one component's fields lingers in the next one's.
  return <ComponentForm key={props.component.id} {...props} />;
}

function ComponentForm({ pageId, component, components, onChange }: ComponentPanelProps) {
  const [form] = Form.useForm();
  return (
    <div data-testid="component-panel" data-component-id={component.id}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {componentLabel(component)}
      </Typography.Title>
      <Form
        form={form}
        layout="vertical"
        initialValues={component}
        // The whole store, fields on screen or not (a menu entry's hidden link keeps its value), over the component.
        onValuesChange={() =>
          onChange({ ...component, ...form.getFieldsValue(true), id: component.id, type: component.type })
        }
      >
        <Fields pageId={pageId} component={component} components={components} />
      </Form>
    </div>
  );
}

function Fields({ pageId, component, components }: Omit<ComponentPanelProps, 'onChange'>) {
  switch (component.type) {
    case 'header':
      return <HeaderFields />;
    case 'banner':
      return <BannerFields />;
    case 'mobilesNav':
      return <MobilesNavFields />;
    case 'sudokuNav':
      return <SudokuNavFields />;
    case 'activity':
      return <ActivityFields pageId={pageId} />;
    case 'activity-tab':
      return <ActivityTabFields pageId={pageId} />;
    case 'video':
      return <VideoFields />;
    case 'player':
      return <PlayerFields />;
    case 'card':
      return <CardFields />;
    case 'slogan':
      return <SloganFields />;
    case 'graphic':
      return <GraphicFields />;
    case 'brand':
      return <BrandFields />;
    case 'search':
      return <SearchFields />;
    case 'catalog':
      return <CatalogFields />;
    case 'elevator':
      return <ElevatorFields self={component.id} components={components} />;
    case 'countdown':
      return <CountdownFields />;
  }
}
