import { PlayCircleOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { ActivitySummary } from '@yanbo/contracts';

interface ActivityCoverProps {
  activity: Pick<ActivitySummary, 'cover' | 'type' | 'name'>;
  width: number;
}

/** The activity's cover at 16:9, or a plain tile with its type's icon when it has none. */
export function ActivityCover({ activity, width }: ActivityCoverProps) {
  const height = Math.round((width * 9) / 16);
  const box = { width, height, borderRadius: 6, flex: 'none' as const, overflow: 'hidden' };
  if (activity.cover) {
    return <img src={activity.cover} alt={activity.name} style={{ ...box, objectFit: 'cover', display: 'block' }} />;
  }
  const Icon = activity.type === 'video' ? PlayCircleOutlined : VideoCameraOutlined;
  return (
    <div
      aria-hidden
      style={{
        ...box,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        color: '#fff',
        fontSize: Math.round(height * 0.4),
        background:
          activity.type === 'video'
            ? 'linear-gradient(135deg, #9254de 0%, #597ef7 100%)'
            : 'linear-gradient(135deg, #4096ff 0%, #1677ff 55%, #0958d9 100%)',
      }}
    >
      <Icon />
    </div>
  );
}
