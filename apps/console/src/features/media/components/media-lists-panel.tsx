import { useQuery } from '@tanstack/react-query';
import { GLOBAL_MEDIA_SLOTS, LIVE_MEDIA_KEYS, LIVE_MEDIA_SLOTS, type MediaSlot } from '@yanbo/contracts';
import { Alert, Button, Card, Col, Flex, Popconfirm, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { toastSuccess } from '../../../app/feedback';
import { useMe } from '../../../app/session';
import { mediaTexts as t } from '../../../locales/zh-CN/media';
import { readyMediaQuery } from '../api/media-library';
import {
  defaultMediaQuery,
  globalMediaQuery,
  liveMediaQuery,
  useSaveDefaultMedia,
  useSaveGlobalMedia,
  useSaveLiveMedia,
} from '../api/media-slots';
import { editableSlots, toSlotInputs } from '../media-rules';
import { SlotList } from './slot-list';

type Lists = Record<(typeof LIVE_MEDIA_KEYS)[number], MediaSlot[]>;
const editableLists = (lists: Lists): Lists => ({
  '0': editableSlots(lists['0'], LIVE_MEDIA_SLOTS),
  '1': editableSlots(lists['1'], LIVE_MEDIA_SLOTS),
});
const toInputs = (lists: Lists) => ({ '0': toSlotInputs(lists['0']), '1': toSlotInputs(lists['1']) });

/** The activity's prologue and epilogue (keys 0 and 1), the agent's default media and its overall media. */
export function MediaListsPanel({ activityId }: { activityId: number }) {
  const library = useQuery(readyMediaQuery());
  const ready = library.data?.items ?? [];
  // The default and overall media apply to every activity of the agent: only the main account changes them.
  const agentWide = useMe().data?.isSubAgent === false;
  return (
    <Flex vertical gap={16}>
      <LiveMediaCard activityId={activityId} library={ready} agentWide={agentWide} />
      <Row gutter={16}>
        <Col xs={24} xl={12}>
          <DefaultMediaCard library={ready} editable={agentWide} />
        </Col>
        <Col xs={24} xl={12}>
          <GlobalMediaCard library={ready} editable={agentWide} />
        </Col>
      </Row>
    </Flex>
  );
}

function ListsEditor({
  lists,
  onChange,
  library,
  testId,
  readOnly = false,
}: {
  lists: Lists;
  onChange: (lists: Lists) => void;
  library: Parameters<typeof SlotList>[0]['library'];
  testId: string;
  readOnly?: boolean;
}) {
  return (
    <Row gutter={24}>
      {LIVE_MEDIA_KEYS.map((key) => (
        <Col xs={24} lg={12} key={key}>
          <Typography.Title level={5}>{t[`media.slots.list.${key}`]}</Typography.Title>
          <SlotList
            slots={lists[key]}
            library={library}
            columns={1}
            testId={`${testId}-${key}`}
            readOnly={readOnly}
            onChange={(slots) => onChange({ ...lists, [key]: slots })}
          />
        </Col>
      ))}
    </Row>
  );
}

function LiveMediaCard({
  activityId,
  library,
  agentWide,
}: {
  activityId: number;
  library: Parameters<typeof SlotList>[0]['library'];
  agentWide: boolean;
}) {
  const media = useQuery(liveMediaQuery(activityId));
  const save = useSaveLiveMedia(activityId);
  const saveDefault = useSaveDefaultMedia();
  const [lists, setLists] = useState<Lists | null>(null);
  useEffect(() => {
    if (media.data) setLists(editableLists(media.data.lists));
  }, [media.data]);

  return (
    <Card
      title={t['media.slots.title']}
      extra={
        <Space>
          {agentWide && (
            <Popconfirm
              title={t['media.slots.saveAsDefault.confirm']}
              okText={t['media.slots.saveAsDefault']}
              cancelText={t['media.cancel']}
              disabled={!lists}
              onConfirm={() => {
                if (!lists) return;
                saveDefault.mutate(toInputs(lists), { onSuccess: () => toastSuccess(t['media.set']) });
              }}
            >
              <Button loading={saveDefault.isPending} disabled={!lists}>
                {t['media.slots.saveAsDefault']}
              </Button>
            </Popconfirm>
          )}
          <Button
            type="primary"
            loading={save.isPending}
            disabled={!lists}
            data-testid="live-media-save"
            onClick={() => {
              if (!lists) return;
              save.mutate(toInputs(lists), { onSuccess: () => toastSuccess(t['media.saved']) });
            }}
          >
            {t['media.save']}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t['media.slots.hint']}</Typography.Paragraph>
      {media.data?.isDefault && (
        <Alert type="info" showIcon title={t['media.slots.isDefault']} style={{ marginBottom: 16 }} />
      )}
      {lists ? (
        <ListsEditor lists={lists} onChange={setLists} library={library} testId="live-media" />
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}

function DefaultMediaCard({
  library,
  editable,
}: {
  library: Parameters<typeof SlotList>[0]['library'];
  editable: boolean;
}) {
  const media = useQuery(defaultMediaQuery());
  const save = useSaveDefaultMedia();
  const [lists, setLists] = useState<Lists | null>(null);
  useEffect(() => {
    if (media.data) setLists(editableLists(media.data.lists));
  }, [media.data]);
  return (
    <Card
      title={t['media.default.title']}
      extra={
        <AgentWideSave
          editable={editable}
          saving={save.isPending}
          ready={lists !== null}
          onSave={() => lists && save.mutate(toInputs(lists), { onSuccess: () => toastSuccess(t['media.saved']) })}
        />
      }
    >
      <Typography.Paragraph type="secondary">{t['media.default.hint']}</Typography.Paragraph>
      {lists ? (
        <ListsEditor lists={lists} onChange={setLists} library={library} testId="default-media" readOnly={!editable} />
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}

function GlobalMediaCard({
  library,
  editable,
}: {
  library: Parameters<typeof SlotList>[0]['library'];
  editable: boolean;
}) {
  const media = useQuery(globalMediaQuery());
  const save = useSaveGlobalMedia();
  const [slots, setSlots] = useState<MediaSlot[] | null>(null);
  useEffect(() => {
    if (media.data) setSlots(editableSlots(media.data.items, GLOBAL_MEDIA_SLOTS));
  }, [media.data]);
  return (
    <Card
      title={t['media.global.title']}
      extra={
        <AgentWideSave
          editable={editable}
          saving={save.isPending}
          ready={slots !== null}
          onSave={() => slots && save.mutate(toSlotInputs(slots), { onSuccess: () => toastSuccess(t['media.saved']) })}
        />
      }
    >
      <Typography.Paragraph type="secondary">{t['media.global.hint']}</Typography.Paragraph>
      {slots ? (
        <SlotList
          slots={slots}
          onChange={setSlots}
          library={library}
          testId="global-media"
          columns={2}
          readOnly={!editable}
        />
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}

/** The save of a card that applies to every activity of the agent: the main account's only (the server says so too). */
function AgentWideSave({
  editable,
  saving,
  ready,
  onSave,
}: {
  editable: boolean;
  saving: boolean;
  ready: boolean;
  onSave: () => void;
}) {
  if (!editable) return <Tag data-testid="main-account-only">{t['media.mainAccountOnly']}</Tag>;
  return (
    <Button type="primary" ghost loading={saving} disabled={!ready} onClick={onSave}>
      {t['media.save']}
    </Button>
  );
}
