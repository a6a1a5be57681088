import { BarChartOutlined, ClockCircleOutlined, PlayCircleFilled } from '@ant-design/icons';
import { type IntroTab, type LiveTemplate, uploadedFileUrl } from '@yanbo/contracts';
import type { CSSProperties } from 'react';
import { introTabTypeTexts, pageTemplateTexts as t } from '../../../locales/zh-CN/page-template';
import { colorOr, logoPlacement, type PreviewStage, stagePicture } from '../template-form-rules';
import { sanitizeRichText } from './sanitize-rich-text';

type Preview = Pick<
  LiveTemplate,
  | 'positionLogo'
  | 'imgLogo'
  | 'imgLogoScale'
  | 'imgLogoTransparency'
  | 'colorBackground'
  | 'imgCover'
  | 'imgBackground'
  | 'commentStyleCustomized'
  | 'isVoteFloatingEnabled'
  | 'isVoteBannerEnabled'
  | 'isVoteChatboxEnabled'
  | 'countdownPosition'
  | 'introTabs'
  | 'prologuePaths'
  | 'epiloguePaths'
>;

const corner = (position: string, margin = 8): CSSProperties => ({
  ...(position.endsWith('Top') ? { top: margin } : { bottom: margin }),
  ...(position.startsWith('left') ? { left: margin } : { right: margin }),
});

/** The viewing page at a phone's size, drawn from the form as it is edited. */
interface PhonePreviewProps {
  template: Preview;
  activeKey?: string;
  onSelectTab?: (key: string) => void;
  /** Before the live the player shows the prologue picture, after it the epilogue one. */
  stage?: PreviewStage;
}

export function PhonePreview({ template, activeKey, onSelectTab, stage = 'prologue' }: PhonePreviewProps) {
  const logo = logoPlacement(template);
  const picture = stagePicture(template, stage);
  const playerImage = picture ? uploadedFileUrl(picture) : template.imgCover;
  const style = template.commentStyleCustomized;
  const custom = style.template === 'custom';
  const tabs = template.introTabs.filter(Boolean);
  const active = tabs.find((tab) => tab.key === activeKey) ?? tabs[0];
  const accent = custom ? colorOr(style.tabsColor, '#1677ff') : '#1677ff';

  return (
    <div
      data-testid="phone-preview"
      style={{
        width: 300,
        height: 600,
        border: '10px solid #1f1f1f',
        borderRadius: 36,
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
        boxShadow: '0 8px 24px rgba(0,0,0,0.18)',
        background: colorOr(template.colorBackground, '#fff'),
        backgroundImage: template.imgBackground ? `url("${template.imgBackground}")` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        margin: '0 auto',
        position: 'relative',
      }}
    >
      <div
        style={{
          position: 'relative',
          aspectRatio: '16 / 9',
          background: playerImage ? `center / cover no-repeat url("${playerImage}")` : '#141414',
          flex: 'none',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: 'rgba(255,255,255,0.85)',
        }}
      >
        {picture ? (
          <span
            data-testid={`preview-${stage}`}
            data-path={picture}
            style={{
              position: 'absolute',
              left: 6,
              bottom: 6,
              fontSize: 10,
              color: '#fff',
              background: 'rgba(0,0,0,0.55)',
              borderRadius: 10,
              padding: '1px 8px',
            }}
          >
            {stage === 'prologue' ? t['template.preview.prologue'] : t['template.preview.epilogue']}
          </span>
        ) : (
          !template.imgCover && (
            <span style={{ fontSize: 12 }}>
              <PlayCircleFilled style={{ marginRight: 6 }} />
              {t['template.preview.live']}
            </span>
          )
        )}
        {logo && (
          <img
            src={template.imgLogo}
            alt=""
            data-testid="preview-logo"
            data-position={template.positionLogo}
            style={{
              position: 'absolute',
              top: logo.top,
              bottom: logo.bottom,
              left: logo.left,
              right: logo.right,
              width: `${logo.widthPercent}%`,
              opacity: logo.opacity,
            }}
          />
        )}
        {template.countdownPosition !== 'hide' && (
          <span
            data-testid="preview-countdown"
            style={{
              position: 'absolute',
              ...corner(template.countdownPosition, 6),
              fontSize: 10,
              color: '#fff',
              background: 'rgba(0,0,0,0.55)',
              borderRadius: 10,
              padding: '1px 8px',
            }}
          >
            <ClockCircleOutlined style={{ marginRight: 4 }} />
            {t['template.preview.countdown']}
          </span>
        )}
      </div>
      {template.isVoteBannerEnabled && (
        <div style={{ background: '#fff7e6', color: '#d46b08', fontSize: 12, padding: '4px 10px', flex: 'none' }}>
          {t['template.preview.voteBanner']}
        </div>
      )}
      <div
        data-testid="preview-tabs"
        style={{
          display: 'flex',
          gap: 14,
          overflowX: 'auto',
          padding: '0 12px',
          background: '#fff',
          borderBottom: '1px solid #f0f0f0',
          flex: 'none',
          whiteSpace: 'nowrap',
        }}
      >
        {tabs.map((tab) => (
          <button
            type="button"
            key={tab.key}
            onClick={() => onSelectTab?.(tab.key)}
            style={{
              border: 'none',
              background: 'none',
              cursor: 'pointer',
              flex: 'none',
              fontSize: 13,
              padding: '8px 0',
              color: tab === active ? accent : '#595959',
              borderBottom: tab === active ? `2px solid ${accent}` : '2px solid transparent',
              borderRadius: 0,
              fontWeight: tab === active ? 600 : 400,
            }}
          >
            {tab.title || introTabTypeTexts[tab.type]}
          </button>
        ))}
      </div>
      <div
        style={{
          flex: 1,
          minHeight: 0,
          overflow: 'auto',
          position: 'relative',
          // The page's background shows through unless the comment style sets its own.
          background: custom && style.backgroundColor ? style.backgroundColor : 'transparent',
          backgroundImage: custom && style.backgroundImg ? `url("${style.backgroundImg}")` : undefined,
          backgroundSize: 'cover',
          color: custom ? colorOr(style.fontColor, '#262626') : '#262626',
        }}
      >
        {active ? <TabContent tab={active} voteCard={template.isVoteChatboxEnabled} /> : null}
        {template.isVoteFloatingEnabled && (
          <span
            data-testid="preview-vote-floating"
            style={{
              position: 'absolute',
              right: 10,
              bottom: 52,
              width: 40,
              height: 40,
              borderRadius: '50%',
              background: '#fa8c16',
              color: '#fff',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontSize: 11,
              flexDirection: 'column',
            }}
          >
            <BarChartOutlined />
            {t['template.preview.vote']}
          </span>
        )}
      </div>
      {active?.type === 'chatRoom' && (
        <div style={{ padding: 8, background: '#fff', borderTop: '1px solid #f0f0f0', flex: 'none' }}>
          <div
            style={{
              borderRadius: 16,
              padding: '6px 12px',
              fontSize: 12,
              color: '#8c8c8c',
              background: custom ? colorOr(style.inputColor, '#f5f5f5') : '#f5f5f5',
            }}
          >
            {t['template.preview.commentPlaceholder']}
          </div>
        </div>
      )}
    </div>
  );
}

function TabContent({ tab, voteCard }: { tab: IntroTab; voteCard: boolean }) {
  const box: CSSProperties = { padding: 12, fontSize: 13, lineHeight: 1.6 };
  switch (tab.type) {
    case 'chatRoom':
      return (
        <div style={box}>
          {t['template.preview.comments'].map((comment) => (
            <div key={comment.name} style={{ marginBottom: 8 }}>
              <span style={{ opacity: 0.6, marginRight: 6 }}>{comment.name}</span>
              {comment.text}
            </div>
          ))}
          {voteCard && (
            <div style={{ border: '1px solid #ffd591', borderRadius: 8, padding: 8, background: '#fffbe6' }}>
              {t['template.preview.voteCard']}
            </div>
          )}
        </div>
      );
    case 'richText':
    case 'photoContent':
      return tab.richText ? (
        <div
          style={box}
          data-testid="preview-rich-text"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized to plain formatting above
          dangerouslySetInnerHTML={{ __html: sanitizeRichText(tab.richText) }}
        />
      ) : (
        <div style={{ ...box, opacity: 0.5 }}>{t['template.preview.noContent']}</div>
      );
    case 'schedule':
      return tab.schedule.length ? (
        <div style={box}>
          {tab.schedule.map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id and are shown in order
            <div key={index} style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
              <span style={{ opacity: 0.6, minWidth: 48 }}>{entry?.time}</span>
              <span>
                <b>{entry?.title}</b>
                {entry?.description ? <div style={{ opacity: 0.7 }}>{entry.description}</div> : null}
              </span>
            </div>
          ))}
        </div>
      ) : (
        <div style={{ ...box, opacity: 0.5 }}>{t['template.preview.noContent']}</div>
      );
    case 'rank': {
      const boards = [tab.topGift && t['template.preview.rank'][0], tab.topShare && t['template.preview.rank'][1]];
      const shown = boards.filter(Boolean);
      return (
        <div style={box}>
          {shown.length
            ? shown.map((name) => (
                <div key={String(name)} style={{ marginBottom: 8, fontWeight: 600 }}>
                  {name}
                </div>
              ))
            : t['template.preview.noContent']}
        </div>
      );
    }
    default:
      return (
        <div style={{ ...box, opacity: 0.6 }}>
          {t['template.preview.typeContent'].replace('{type}', introTabTypeTexts[tab.type])}
        </div>
      );
  }
}
