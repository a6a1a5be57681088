import { MAX_BANNER_ITEMS } from '@yanbo/contracts';
import { Form, Input, InputNumber } from 'antd';
import { optionTexts, pageTexts as t } from '../../../../locales/zh-CN/pages';
import { newBannerItem } from '../../page-editor-rules';
import { LinkField } from '../link-field';
import { PictureField } from '../picture-field';
import { Choice } from './choice';
import { ListItems } from './list-items';

/** 轮播图: pictures in turn (menuArr), each with its link; seed 001 §9: they turn every 3000 ms unless set here. */
export function BannerFields() {
  return (
    <>
      <ListItems
        name="menuArr"
        label={t['pages.field.pictures']}
        max={MAX_BANNER_ITEMS}
        addText={t['pages.field.addPicture']}
        newItem={newBannerItem}
        testId="banner-items"
      >
        {(name, index) => (
          <>
            <Form.Item name={[name, 'image']} label={t['pages.field.image']} required>
              <PictureField testId={`banner-image-${index}`} />
            </Form.Item>
            <Form.Item name={[name, 'title']} label={t['pages.field.title']}>
              <Input maxLength={60} />
            </Form.Item>
            <Form.Item name={[name, 'link']} label={t['pages.field.link']}>
              <LinkField testId={`banner-link-${index}`} />
            </Form.Item>
          </>
        )}
      </ListItems>
      <Form.Item name="autoTimer" label={t['pages.field.autoTimer']}>
        <InputNumber min={1000} max={60_000} step={500} style={{ width: '100%' }} data-testid="banner-auto-timer" />
      </Form.Item>
      <Form.Item name="paginationStyle" label={t['pages.field.paginationStyle']}>
        <Choice labels={optionTexts.paginationStyle} />
      </Form.Item>
      <Form.Item name="showType" label={t['pages.field.showType']}>
        <Choice labels={optionTexts.bannerShowType} />
      </Form.Item>
    </>
  );
}
