import { MAX_MENU_ENTRIES } from '@yanbo/contracts';
import { Form } from 'antd';
import { optionTexts, pageTexts as t } from '../../../../locales/zh-CN/pages';
import { ColorField } from '../color-field';
import { Choice } from './choice';
import { MenuEntries } from './menu-entries';

/** 导航: a row of menu entries; a legacy one converts to graphic, round, one line of 4 (seed 001 §4). */
export function MobilesNavFields() {
  return (
    <>
      <MenuEntries max={MAX_MENU_ENTRIES} testId="nav-entries" />
      <Form.Item name="navStyle" label={t['pages.field.navStyle']}>
        <Choice labels={optionTexts.navStyle} />
      </Form.Item>
      <Form.Item name="borderStyle" label={t['pages.field.borderStyle']}>
        <Choice labels={optionTexts.borderStyle} />
      </Form.Item>
      <Form.Item name="showType" label={t['pages.field.showType']}>
        <Choice labels={optionTexts.navShowType} />
      </Form.Item>
    </>
  );
}

/** 宫格导航: up to nine menu entries in a grid. */
export function SudokuNavFields() {
  return (
    <>
      <MenuEntries max={9} testId="sudoku-entries" />
      <Form.Item name="borderStyle" label={t['pages.field.borderStyle']}>
        <Choice labels={optionTexts.borderStyle} />
      </Form.Item>
      <Form.Item name="backgroundColor" label={t['pages.field.backgroundColor']}>
        <ColorField clearable testId="sudoku-background" />
      </Form.Item>
    </>
  );
}
