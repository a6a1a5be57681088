import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { catalogTexts as t } from '../../../locales/zh-CN/catalogs';
import { RichTextEditor } from '../../page-template';
import { abstractQuery, useSaveAbstract } from '../api/catalogs';

/** The catalog's description (abstract): rich text, sanitised by the server before it is stored and shown. */
export function AbstractTab({ catalogId }: { catalogId: number }) {
  const abstract = useQuery(abstractQuery(catalogId));
  if (!abstract.data) return <Skeleton active />;
  return <AbstractForm catalogId={catalogId} initial={abstract.data.description} />;
}

function AbstractForm({ catalogId, initial }: { catalogId: number; initial: string }) {
  const [description, setDescription] = useState(initial);
  const save = useSaveAbstract(catalogId);
  return (
    <Flex vertical gap={12} style={{ maxWidth: 760 }}>
      <Typography.Text strong>{t['catalogs.abstract.label']}</Typography.Text>
      <Typography.Text type="secondary">{t['catalogs.abstract.hint']}</Typography.Text>
      <RichTextEditor value={description} onChange={setDescription} testId="catalog-abstract" />
      <div>
        <Button
          type="primary"
          loading={save.isPending}
          onClick={() => save.mutate({ description }, { onSuccess: (saved) => setDescription(saved.description) })}
        >
          {t['catalogs.abstract.save']}
        </Button>
      </div>
    </Flex>
  );
}
