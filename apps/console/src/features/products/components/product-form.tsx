import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import {
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_PICTURES_MAX,
  PRODUCT_PRICE_MAX,
  PRODUCT_STOCK_MAX,
  type Product,
  type ProductInput,
} from '@yanbo/contracts';
import { App, Button, Flex, Form, Image, Input, InputNumber, Radio, Typography, Upload } from 'antd';
import { useState } from 'react';
import { uploadWithPolicy } from '../../../app/upload';
import { productTexts as t } from '../../../locales/zh-CN/products';
import { productErrorText } from '../api/products';
import { type FormValues, toFormValues, toInput, toYuan } from '../product-form-rules';

/** The pictures: uploaded one by one under the agent's policy, shown in order, the first one the cover. */
function PictureList({ value = [], onChange }: { value?: string[]; onChange?: (pictures: string[]) => void }) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(0);
  const change = (pictures: string[]) => onChange?.(pictures);
  return (
    <Flex gap={8} wrap data-testid="product-pictures">
      {value.map((picture, index) => (
        <div key={picture} style={{ position: 'relative', width: 96, height: 96 }}>
          <Image src={picture} width={96} height={96} style={{ objectFit: 'cover', borderRadius: 8 }} />
          {index === 0 && (
            <Typography.Text
              style={{
                position: 'absolute',
                left: 0,
                bottom: 0,
                width: '100%',
                textAlign: 'center',
                background: 'rgba(22,119,255,0.85)',
                color: '#fff',
                fontSize: 12,
                borderRadius: '0 0 8px 8px',
              }}
            >
              {t['products.column.cover']}
            </Typography.Text>
          )}
          <Button
            size="small"
            shape="circle"
            danger
            icon={<DeleteOutlined />}
            style={{ position: 'absolute', top: 4, right: 4 }}
            aria-label={t['products.delete']}
            onClick={() => change(value.filter((other) => other !== picture))}
          />
        </div>
      ))}
      {value.length + uploading < PRODUCT_PICTURES_MAX && (
        <Upload
          accept="image/png,image/jpeg,image/gif,image/webp"
          multiple
          showUploadList={false}
          beforeUpload={(file) => {
            if (!file.type.startsWith('image/')) {
              message.error(t['products.form.notImage']);
              return false;
            }
            setUploading((n) => n + 1);
            uploadWithPolicy('agent', file)
              .then((stored) => onChange?.([...(value ?? []), stored.url].slice(0, PRODUCT_PICTURES_MAX)))
              .catch(async (error) => message.error(await productErrorText(error)))
              .finally(() => setUploading((n) => n - 1));
            return false;
          }}
        >
          <button
            type="button"
            style={{
              width: 96,
              height: 96,
              border: '1px dashed #d9d9d9',
              borderRadius: 8,
              background: '#fafafa',
              cursor: 'pointer',
            }}
          >
            {uploading ? <LoadingOutlined /> : <PlusOutlined />}
            <div style={{ marginTop: 4, fontSize: 12 }}>{t['products.form.upload']}</div>
          </button>
        </Upload>
      )}
    </Flex>
  );
}

/** The product's form, for /product/create and /product/:id/edit; the page saves and shows what came of it. */
export function ProductForm({
  product,
  saving,
  onSubmit,
  onBack,
}: {
  product?: Product;
  saving: boolean;
  onSubmit: (input: ProductInput) => Promise<unknown>;
  onBack: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const buyMode = Form.useWatch('buyMode', form);
  const priceMax = toYuan(PRODUCT_PRICE_MAX);
  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={toFormValues(product)}
      onFinish={(values) => onSubmit(toInput(values))}
      style={{ maxWidth: 720 }}
      data-testid="product-form"
    >
      <Form.Item
        name="name"
        label={t['products.form.name']}
        rules={[{ required: true, whitespace: true, message: t['products.form.nameRequired'] }]}
      >
        <Input
          maxLength={PRODUCT_NAME_MAX}
          showCount
          placeholder={t['products.form.namePlaceholder']}
          data-testid="product-name"
        />
      </Form.Item>
      <Form.Item
        name="pictures"
        label={t['products.form.pictures']}
        extra={t['products.form.picturesHint']}
        rules={[{ required: true, type: 'array', min: 1, message: t['products.form.picturesRequired'] }]}
      >
        <PictureList />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item
          name="price"
          label={t['products.form.price']}
          dependencies={['buyMode']}
          rules={[
            { required: true, message: t['products.form.priceRequired'] },
            ({ getFieldValue }) => ({
              validator: (_, value: number | null) =>
                getFieldValue('buyMode') === 'platform' && value !== null && value < 0.01
                  ? Promise.reject(new Error(t['products.form.platformPrice']))
                  : Promise.resolve(),
            }),
          ]}
        >
          <InputNumber
            min={0}
            max={priceMax}
            precision={2}
            prefix="¥"
            style={{ width: 200 }}
            data-testid="product-price"
          />
        </Form.Item>
        <Form.Item
          name="originalPrice"
          label={t['products.form.originalPrice']}
          extra={t['products.form.originalPriceHint']}
        >
          <InputNumber min={0} max={priceMax} precision={2} prefix="¥" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="stock" label={t['products.form.stock']} extra={t['products.form.stockHint']}>
          <InputNumber
            min={0}
            max={PRODUCT_STOCK_MAX}
            precision={0}
            style={{ width: 200 }}
            data-testid="product-stock"
          />
        </Form.Item>
      </Flex>
      <Form.Item name="buyMode" label={t['products.form.buyMode']}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={[
            { value: 'platform', label: t['products.buyMode.platform'] },
            { value: 'link', label: t['products.buyMode.link'] },
          ]}
        />
      </Form.Item>
      {buyMode === 'link' && (
        <Form.Item
          name="buyUrl"
          label={t['products.form.buyUrl']}
          rules={[
            { required: true, message: t['products.form.buyUrlRequired'] },
            { pattern: /^https?:\/\/[^\s"'<>]+$/i, message: t['products.form.buyUrlRequired'] },
          ]}
        >
          <Input placeholder={t['products.form.buyUrlPlaceholder']} data-testid="product-buy-url" />
        </Form.Item>
      )}
      <Form.Item name="status" label={t['products.form.status']}>
        <Radio.Group
          options={[
            { value: 'on', label: t['products.status.on'] },
            { value: 'off', label: t['products.status.off'] },
          ]}
        />
      </Form.Item>
      <Form.Item name="description" label={t['products.form.description']}>
        <Input.TextArea
          rows={5}
          maxLength={PRODUCT_DESCRIPTION_MAX}
          placeholder={t['products.form.descriptionPlaceholder']}
        />
      </Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="product-submit">
          {product ? t['products.form.submitEdit'] : t['products.form.submitCreate']}
        </Button>
        <Button onClick={onBack}>{t['products.form.back']}</Button>
      </Flex>
    </Form>
  );
}
