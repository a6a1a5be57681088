import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Form } from 'antd';
import type { ReactNode } from 'react';
import { pageTexts as t } from '../../../../locales/zh-CN/pages';

interface ListItemsProps {
  name: string;
  label: string;
  /** How many entries the component may hold (its schema's limit). */
  max: number;
  addText: string;
  newItem: (index: number) => unknown;
  testId: string;
  children: (name: number, index: number) => ReactNode;
}

/** A component's list (pictures, menu entries, cards, tabs): each entry in a box, moved up or down, removed, added. */
export function ListItems({ name, label, max, addText, newItem, testId, children }: ListItemsProps) {
  return (
    <Form.Item label={label} data-testid={testId}>
      <Form.List name={name}>
        {(fields, { add, remove, move }) => (
          <Flex vertical gap={8}>
            {fields.map((field, index) => (
              <Card
                key={field.key}
                size="small"
                title={`${index + 1}`}
                data-testid={`${testId}-${index}`}
                extra={
                  <Flex gap={2}>
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowUpOutlined />}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    />
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowDownOutlined />}
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, index + 1)}
                    />
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t['pages.field.removeItem']}
                      onClick={() => remove(index)}
                    />
                  </Flex>
                }
              >
                {children(field.name, index)}
              </Card>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= max}
              onClick={() => add(newItem(fields.length))}
              data-testid={`${testId}-add`}
            >
              {addText}
            </Button>
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}
