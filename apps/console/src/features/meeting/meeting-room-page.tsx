import {
  AudioMutedOutlined,
  AudioOutlined,
  EyeInvisibleOutlined,
  LogoutOutlined,
  TeamOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { MEETING_ROOM_CAPACITY, type MeetingPeer, type MeetingRoom, meetingCalls } from '@yanbo/contracts';
import { Alert, Avatar, Button, Card, Flex, Result, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ApiError, api } from '../../app/http';
import { meetingTexts as t } from '../../locales/zh-CN/meeting';
import { type ConnectionState, MeetingConnection, type RemotePeer, signalUrl } from './meeting-connection';

const TIME = 'YYYY-MM-DD HH:mm';
const format = (iso: string) => dayjs(iso).format(TIME);

/**
 * /meeting/:id?token=…: the meeting room a join link (会议 → 加入会议, or an invitation) opens, with no console session:
 * the link's token is the permission. The local camera and microphone are previewed; 进入会议 connects to the room,
 * where each other participant's video plays in the grid (a WebRTC mesh, see meeting-connection.ts), with microphone
 * and camera switches and 离开会议. 结束会议 in the console ends it for everyone (会议已结束).
 */
export function MeetingRoomPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const activityId = Number(id);
  const token = params.get('token')?.trim() ?? '';
  const valid = Number.isInteger(activityId) && activityId > 0 && token !== '';
  const room = useQuery({
    queryKey: ['meeting-room', activityId, token],
    queryFn: ({ signal }) =>
      api(meetingCalls.getMeetingRoom, { params: { id: activityId }, body: { token }, signal, noAuthRedirect: true }),
    enabled: valid,
    retry: false,
    refetchOnWindowFocus: false,
  });

  let body: ReactNode;
  if (!valid || (room.error instanceof ApiError && room.error.status === 403)) {
    body = <Result status="warning" title={t['meeting.invalid']} subTitle={t['meeting.invalidHint']} />;
  } else if (room.error instanceof ApiError && room.error.status === 404) {
    body = <Result status="404" title={t['meeting.notFound']} />;
  } else if (room.data) {
    body =
      room.data.meeting.state === 'ended' ? (
        <Result status="info" title={t['meeting.state.ended']} subTitle={t['meeting.endedHint']} />
      ) : (
        <LiveRoom room={room.data} activityId={activityId} token={token} />
      );
  } else if (room.isError) {
    body = (
      <Result
        status="error"
        title={t['meeting.loadFailed']}
        extra={
          <Button type="primary" onClick={() => room.refetch()}>
            {t['meeting.retry']}
          </Button>
        }
      />
    );
  } else {
    body = (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin description={t['meeting.loading']}>
          <div style={{ width: 120, height: 60 }} />
        </Spin>
      </Flex>
    );
  }

  return (
    <Flex justify="center" style={{ minHeight: '100vh', background: '#f5f7fa', padding: '24px 16px' }}>
      <Card style={{ width: '100%', maxWidth: 1100, alignSelf: 'flex-start' }} data-testid="meeting-room">
        {body}
      </Card>
    </Flex>
  );
}

type Media = { stream: MediaStream | null; error: boolean; ready: boolean };

/** The camera and microphone for the preview and the room; without them the room is entered to watch and listen. */
function useLocalMedia(): Media {
  const [media, setMedia] = useState<Media>({ stream: null, error: false, ready: false });
  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    const devices = navigator.mediaDevices;
    const ask = devices?.getUserMedia
      ? devices
          .getUserMedia({ audio: true, video: { width: 640, height: 360 } })
          .catch(() => devices.getUserMedia({ audio: true }).catch(() => null))
      : Promise.resolve(null);
    ask.then((got) => {
      stream = got;
      if (stopped) {
        for (const track of got?.getTracks() ?? []) track.stop();
        return;
      }
      setMedia({ stream: got, error: got === null || got.getVideoTracks().length === 0, ready: true });
    });
    return () => {
      stopped = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);
  return media;
}

function LiveRoom({ room, activityId, token }: { room: MeetingRoom; activityId: number; token: string }) {
  const media = useLocalMedia();
  const [state, setState] = useState<ConnectionState | null>(null);
  const [peers, setPeers] = useState<RemotePeer[]>([]);
  const [audio, setAudio] = useState(true);
  const [video, setVideo] = useState(true);
  const connection = useRef<MeetingConnection | null>(null);

  useEffect(() => () => connection.current?.leave(), []);

  const enter = () => {
    connection.current?.leave();
    const next = new MeetingConnection(signalUrl(window.location, activityId), token, media.stream, {
      onPeers: setPeers,
      onState: setState,
    });
    connection.current = next;
    setState({ kind: 'connecting' });
    next.setMedia({ audio, video });
    next.connect();
  };
  const leave = () => connection.current?.leave();
  const toggle = (change: { audio?: boolean; video?: boolean }) => {
    const next = { audio: change.audio ?? audio, video: change.video ?? video };
    setAudio(next.audio);
    setVideo(next.video);
    if (connection.current) connection.current.setMedia(next);
    else
      for (const track of media.stream?.getTracks() ?? [])
        track.enabled = track.kind === 'audio' ? next.audio : next.video;
  };

  const inRoom = state?.kind === 'joined' || state?.kind === 'connecting';
  const you: MeetingPeer = {
    peerId: state?.kind === 'joined' ? state.you.peerId : 0,
    nickname: room.you.nickname,
    role: room.you.role,
    audio: audio && (media.stream?.getAudioTracks().length ?? 0) > 0,
    video,
  };

  const notice = (() => {
    switch (state?.kind) {
      case 'ended':
        return (
          <Result status="info" title={state.message} subTitle={t['meeting.endedHint']} data-testid="meeting-notice" />
        );
      case 'refused':
        return (
          <Result
            status="warning"
            title={<span data-testid="meeting-notice">{state.message}</span>}
            extra={<Button onClick={enter}>{t['meeting.retry']}</Button>}
          />
        );
      case 'left':
      case 'disconnected':
        return (
          <Result
            status="info"
            title={<span data-testid="meeting-notice">{t[`meeting.${state.kind}`]}</span>}
            extra={
              <Button type="primary" onClick={enter}>
                {t['meeting.rejoin']}
              </Button>
            }
          />
        );
      default:
        return null;
    }
  })();

  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={12} wrap>
        <Avatar size={44} icon={<VideoCameraOutlined />} style={{ background: '#1677ff' }} />
        <Flex vertical style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text type="secondary">
            {t['meeting.title']} · {t['meeting.startedAt']} {format(room.meeting.startedAt)}
          </Typography.Text>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="meeting-activity-name">
            {room.activity.name}
          </Typography.Title>
        </Flex>
        <Tag color={state?.kind === 'ended' ? 'default' : 'green'} data-testid="meeting-state" style={{ fontSize: 14 }}>
          {state?.kind === 'ended' ? t['meeting.state.ended'] : t['meeting.state.ongoing']}
        </Tag>
        {state?.kind === 'joined' && (
          <Tag icon={<TeamOutlined />} style={{ fontSize: 14 }} data-testid="meeting-count">
            {t['meeting.inRoom'](peers.length + 1, MEETING_ROOM_CAPACITY)}
          </Tag>
        )}
      </Flex>
      {media.ready && media.error && <Alert type="warning" showIcon message={t['meeting.noDevice']} />}
      {notice ?? (
        <>
          <div
            data-testid="meeting-grid"
            style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))' }}
          >
            <Tile peer={you} stream={media.stream} local label={t['meeting.me'](you.nickname)} />
            {inRoom &&
              peers.map((peer) => (
                <Tile key={peer.info.peerId} peer={peer.info} stream={peer.stream} label={peer.info.nickname} />
              ))}
          </div>
          {state?.kind === 'joined' && peers.length === 0 && (
            <Alert type="info" showIcon message={t['meeting.alone']} />
          )}
          <Flex justify="center" gap={12} wrap>
            <Button
              size="large"
              icon={audio ? <AudioOutlined /> : <AudioMutedOutlined />}
              onClick={() => toggle({ audio: !audio })}
              data-testid="meeting-toggle-audio"
              disabled={!media.stream?.getAudioTracks().length}
            >
              {audio ? t['meeting.mute'] : t['meeting.unmute']}
            </Button>
            <Button
              size="large"
              icon={video ? <VideoCameraOutlined /> : <EyeInvisibleOutlined />}
              onClick={() => toggle({ video: !video })}
              data-testid="meeting-toggle-video"
              disabled={!media.stream?.getVideoTracks().length}
            >
              {video ? t['meeting.cameraOff'] : t['meeting.cameraOn']}
            </Button>
            {inRoom ? (
              <Button
                size="large"
                danger
                type="primary"
                icon={<LogoutOutlined />}
                onClick={leave}
                data-testid="meeting-leave"
              >
                {t['meeting.leave']}
              </Button>
            ) : (
              <Button
                size="large"
                type="primary"
                icon={<VideoCameraOutlined />}
                onClick={enter}
                loading={!media.ready}
                data-testid="meeting-enter"
              >
                {t['meeting.enter']}
              </Button>
            )}
          </Flex>
          {!inRoom && (
            <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
              {t['meeting.you']}：{room.you.nickname}（{t[`meeting.role.${room.you.role}`]}）· {t['meeting.expiresAt']}{' '}
              {format(room.expiresAt)}
            </Typography.Text>
          )}
        </>
      )}
    </Flex>
  );
}

function Tile({
  peer,
  stream,
  label,
  local = false,
}: {
  peer: MeetingPeer;
  stream: MediaStream | null;
  label: string;
  local?: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || element.srcObject === stream) return;
    element.srcObject = stream;
    if (stream) element.play().catch(() => {});
  }, [stream]);
  const showVideo = stream !== null && peer.video && (!local || stream.getVideoTracks().length > 0);
  return (
    <div
      data-testid={local ? 'meeting-local' : 'meeting-remote'}
      data-peer={peer.nickname}
      style={{
        position: 'relative',
        aspectRatio: '16 / 9',
        background: '#1f1f1f',
        borderRadius: 8,
        overflow: 'hidden',
      }}
    >
      <video
        ref={ref}
        autoPlay
        playsInline
        muted={local}
        data-testid={local ? 'meeting-local-video' : 'meeting-remote-video'}
        style={{
          width: '100%',
          height: '100%',
          objectFit: 'cover',
          transform: local ? 'scaleX(-1)' : undefined,
          visibility: showVideo ? 'visible' : 'hidden',
        }}
      />
      {!showVideo && (
        <Flex align="center" justify="center" style={{ position: 'absolute', inset: 0 }}>
          <Avatar size={64} style={{ background: peer.role === 'host' ? '#fa8c16' : '#13c2c2', fontSize: 28 }}>
            {peer.nickname.slice(0, 1)}
          </Avatar>
        </Flex>
      )}
      <Space
        size={6}
        style={{
          position: 'absolute',
          left: 8,
          bottom: 8,
          padding: '2px 8px',
          borderRadius: 4,
          background: 'rgba(0, 0, 0, 0.55)',
          color: '#fff',
          maxWidth: 'calc(100% - 16px)',
        }}
      >
        <Tooltip title={peer.audio ? t['meeting.micOn'] : t['meeting.micOff']}>
          {peer.audio ? <AudioOutlined /> : <AudioMutedOutlined style={{ color: '#ff7875' }} />}
        </Tooltip>
        <Typography.Text ellipsis style={{ color: '#fff', maxWidth: 220 }}>
          {label}
        </Typography.Text>
        {peer.role === 'host' && (
          <Tag color="orange" style={{ marginInlineEnd: 0 }}>
            {t['meeting.role.host']}
          </Tag>
        )}
      </Space>
    </div>
  );
}
