import { PAGE_COMPONENT_TYPES, type PageComponentType } from '@yanbo/contracts';
import { Button, Typography } from 'antd';
import { componentTypeTexts, pageTexts as t } from '../../../locales/zh-CN/pages';
import { componentTypeIcons } from './component-types';

/** The 16 component types (seed 001 §3); a click adds one, with its defaults, at the end of the page. */
export function ComponentPalette({ onAdd, disabled }: { onAdd: (type: PageComponentType) => void; disabled: boolean }) {
  return (
    <div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t['pages.editor.paletteHint']}
      </Typography.Text>
      <div
        data-testid="component-palette"
        style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 6, marginTop: 8 }}
      >
        {PAGE_COMPONENT_TYPES.map((type) => (
          <Button
            key={type}
            disabled={disabled}
            icon={componentTypeIcons[type]}
            onClick={() => onAdd(type)}
            data-testid={`palette-${type}`}
            style={{ justifyContent: 'flex-start', paddingInline: 8 }}
          >
            {componentTypeTexts[type]}
          </Button>
        ))}
      </div>
    </div>
  );
}
