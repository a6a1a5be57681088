import { DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Empty, Flex, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { pageTexts as t } from '../../../locales/zh-CN/pages';

export interface ListedComponent {
  key: string;
  icon: ReactNode;
  label: string;
  /** What the component shows, in a few words (its title, how many activities). */
  summary: string;
}

interface ComponentListProps {
  items: ListedComponent[];
  selected: string | null;
  onSelect: (key: string) => void;
  onMove: (from: string, to: string) => void;
  onRemove: (key: string) => void;
}

/** The page's components in their order: drag a row by its handle (or with the keyboard) to move it, click to edit. */
export function ComponentList({ items, selected, onSelect, onMove, onRemove }: ComponentListProps) {
  // A click selects; only a pointer that travels drags, so a click on a row never starts a drag.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(String(active.id), String(over.id));
  };
  if (!items.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t['pages.editor.listEmpty']} />;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={items.map((item) => item.key)} strategy={verticalListSortingStrategy}>
        <Flex vertical gap={6} data-testid="page-component-list">
          {items.map((item) => (
            <SortableRow
              key={item.key}
              item={item}
              selected={item.key === selected}
              onSelect={() => onSelect(item.key)}
              onRemove={() => onRemove(item.key)}
            />
          ))}
        </Flex>
      </SortableContext>
    </DndContext>
  );
}

interface SortableRowProps {
  item: ListedComponent;
  selected: boolean;
  onSelect: () => void;
  onRemove: () => void;
}

function SortableRow({ item, selected, onSelect, onRemove }: SortableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.key,
  });
  return (
    <div
      ref={setNodeRef}
      data-testid={`page-component-${item.key}`}
      data-selected={selected}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        position: 'relative',
        display: 'flex',
        alignItems: 'center',
        gap: 4,
        padding: '4px 6px',
        borderRadius: 6,
        background: selected ? '#e6f4ff' : '#fff',
        border: `1px solid ${selected ? '#1677ff' : '#f0f0f0'}`,
        boxShadow: isDragging ? '0 4px 12px rgba(0, 0, 0, 0.12)' : undefined,
      }}
    >
      <Tooltip title={t['pages.editor.drag']}>
        <button
          type="button"
          ref={setActivatorNodeRef}
          aria-label={`${t['pages.editor.drag']} ${item.label}`}
          data-testid={`drag-${item.key}`}
          style={{ border: 0, background: 'none', cursor: 'grab', padding: 4, color: '#8c8c8c', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <HolderOutlined />
        </button>
      </Tooltip>
      <button
        type="button"
        onClick={onSelect}
        data-testid={`select-${item.key}`}
        style={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          border: 0,
          background: 'none',
          padding: '2px 0',
          textAlign: 'start',
          cursor: 'pointer',
        }}
      >
        <span style={{ color: '#1677ff', fontSize: 16 }}>{item.icon}</span>
        <Flex vertical style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text strong>{item.label}</Typography.Text>
          {item.summary && (
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
              {item.summary}
            </Typography.Text>
          )}
        </Flex>
      </button>
      <Button
        size="small"
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={`${t['pages.editor.remove']} ${item.label}`}
        onClick={onRemove}
      />
    </div>
  );
}
