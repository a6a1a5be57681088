import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
} from '@ant-design/icons';
import { Button, Flex, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { pageTemplateTexts as t } from '../../../locales/zh-CN/page-template';
import { sanitizeRichText } from './sanitize-rich-text';

interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  testId: string;
}

/** A small rich text editor: bold, italic, underline, lists and links over a contentEditable area. */
export function RichTextEditor({ value = '', onChange, testId }: RichTextEditorProps) {
  const area = useRef<HTMLDivElement>(null);

  // Only write the DOM when the value changed from outside (typing must keep the caret).
  useEffect(() => {
    const element = area.current;
    if (element && element.innerHTML !== value) element.innerHTML = sanitizeRichText(value);
  }, [value]);

  const emit = () => {
    if (area.current) onChange?.(sanitizeRichText(area.current.innerHTML));
  };
  const format = (command: string, argument?: string) => {
    area.current?.focus();
    // execCommand is deprecated but still the one portable way to format a contentEditable selection.
    document.execCommand(command, false, argument);
    emit();
  };
  const tools = [
    { key: 'bold', icon: <BoldOutlined />, label: t['template.rich.bold'], run: () => format('bold') },
    { key: 'italic', icon: <ItalicOutlined />, label: t['template.rich.italic'], run: () => format('italic') },
    {
      key: 'underline',
      icon: <UnderlineOutlined />,
      label: t['template.rich.underline'],
      run: () => format('underline'),
    },
    {
      key: 'list',
      icon: <OrderedListOutlined />,
      label: t['template.rich.list'],
      run: () => format('insertUnorderedList'),
    },
    {
      key: 'link',
      icon: <LinkOutlined />,
      label: t['template.rich.link'],
      run: () => {
        const href = window.prompt(t['template.rich.linkPrompt'], 'https://');
        if (href && /^https?:\/\//.test(href)) format('createLink', href);
      },
    },
    { key: 'clear', icon: <ClearOutlined />, label: t['template.rich.clear'], run: () => format('removeFormat') },
  ];

  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden' }}>
      <Flex gap={2} style={{ padding: 4, borderBottom: '1px solid #f0f0f0', background: '#fafafa' }}>
        {tools.map((tool) => (
          <Tooltip key={tool.key} title={tool.label}>
            <Button
              size="small"
              type="text"
              icon={tool.icon}
              aria-label={tool.label}
              onMouseDown={(event) => event.preventDefault()}
              onClick={tool.run}
            />
          </Tooltip>
        ))}
      </Flex>
      {/* biome-ignore lint/a11y/useSemanticElements: a rich text area has no semantic element */}
      <div
        ref={area}
        role="textbox"
        aria-multiline
        tabIndex={0}
        contentEditable
        suppressContentEditableWarning
        data-testid={testId}
        data-placeholder={t['template.intro.richText.placeholder']}
        onInput={emit}
        onBlur={emit}
        style={{ minHeight: 120, maxHeight: 320, overflow: 'auto', padding: '8px 12px', outline: 'none' }}
      />
    </div>
  );
}
