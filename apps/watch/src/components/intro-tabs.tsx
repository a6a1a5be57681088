import type { IntroTab } from '@yanbo/contracts/page-template';
import type { WatchPage } from '@yanbo/contracts/watch';
import { type CSSProperties, lazy, Suspense, useState } from 'react';
import { watchTexts as t } from '../locales/zh-CN';
import { photoLiveTexts } from '../locales/zh-CN-photos';
import styles from '../watch.module.css';
import { RankTab } from './rank-tab';
import { TopGiftRank } from './top-gift-rank';

/** The chat (its socket, rules and contract schemas) is a chunk of its own, fetched when the page has a 聊天室 tab. */
const ChatRoom = lazy(() => import('./chat-room').then((module) => ({ default: module.ChatRoom })));
/** The 问答 tab, a chunk of its own too. */
const QuestionTab = lazy(() => import('./question-tab').then((module) => ({ default: module.QuestionTab })));
/** The text live tab hears the same socket, so it comes with the chat's chunk. */
const TextLiveTab = lazy(() => import('./text-live-tab').then((module) => ({ default: module.TextLiveTab })));
/** The photo live tab hears the same socket too; its grid and viewer are a chunk of their own. */
const PhotoLiveTab = lazy(() => import('./photo-live-tab').then((module) => ({ default: module.PhotoLiveTab })));
/** The shop's tab: a chunk of its own (the presented product over the player is the page's, watch-app.tsx). */
const ProductTab = lazy(() => import('./product-tab').then((module) => ({ default: module.ProductTab })));

function LinkCard({ href }: { href: string }) {
  return (
    <a className={styles.linkCard} href={href} target="_blank" rel="noopener noreferrer">
      <span className={styles.linkUrl}>{href}</span>
      <span className={styles.linkAction}>{t['watch.tabs.open']}</span>
    </a>
  );
}

/** What one tab holds. Rich text arrives sanitised by the server. */
function TabContent({
  tab,
  chat,
  hasChat,
  activityId,
  blocked,
}: {
  tab: IntroTab;
  chat: ChatSetup | null;
  hasChat: boolean;
  activityId: number;
  blocked: boolean;
}) {
  switch (tab.type) {
    case 'chatRoom':
      // The chat room is mounted by the tabs themselves, for the page's whole life; without one, the page is gated.
      return chat ? null : (
        <div className={styles.placeholder}>{blocked ? t['watch.chat.blocked'] : t['watch.chat.signInFirst']}</div>
      );
    case 'question':
      return chat ? (
        <Suspense fallback={<div className={styles.placeholder}>{t['watch.loading']}</div>}>
          <QuestionTab activityId={chat.activityId} viewerId={chat.viewerId} />
        </Suspense>
      ) : (
        <div className={styles.placeholder}>{t['watch.tabs.empty']}</div>
      );
    case 'rank':
      return chat ? <RankTab tab={tab} activityId={chat.activityId} /> : null;
    case 'textLive':
      return chat ? (
        <Suspense fallback={<div className={styles.placeholder}>{t['watch.loading']}</div>}>
          <TextLiveTab
            activityId={chat.activityId}
            viewerId={chat.viewerId}
            enabled={chat.enabled}
            ownSocket={!hasChat}
          />
        </Suspense>
      ) : null;
    case 'photoLive':
    case 'photoContent':
      // A tab without a chosen list says the photo live has not begun; before the page may be watched it is empty.
      if (!tab.photoListId) return <div className={styles.placeholder}>{photoLiveTexts['photos.noList']}</div>;
      return chat ? (
        <div className={styles.tabBody}>
          {tab.type === 'photoContent' && tab.richText && (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (features/watch/html-sanitiser)
            <div className={styles.richText} dangerouslySetInnerHTML={{ __html: tab.richText }} />
          )}
          <Suspense fallback={<div className={styles.placeholder}>{t['watch.loading']}</div>}>
            <PhotoLiveTab
              activityId={chat.activityId}
              listId={tab.photoListId}
              viewerId={chat.viewerId}
              enabled={chat.enabled}
              ownSocket={!hasChat}
            />
          </Suspense>
        </div>
      ) : null;
    case 'productMessage':
      return (
        <Suspense fallback={<div className={styles.placeholder}>{t['watch.loading']}</div>}>
          <ProductTab activityId={activityId} shopId={tab.productListId} />
        </Suspense>
      );
    case 'richText':
      return tab.richText ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (features/watch/html-sanitiser)
        <div className={styles.richText} dangerouslySetInnerHTML={{ __html: tab.richText }} />
      ) : (
        <div className={styles.placeholder}>{t['watch.tabs.empty']}</div>
      );
    case 'schedule':
      return tab.schedule.length ? (
        <ol className={styles.schedule}>
          {tab.schedule.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
            <li key={index} className={styles.scheduleRow}>
              <span className={styles.scheduleTime}>{row.time}</span>
              <span>
                <span className={styles.scheduleTitle}>{row.title}</span>
                {row.description && <span className={styles.scheduleDescription}>{row.description}</span>}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <div className={styles.placeholder}>{t['watch.tabs.scheduleEmpty']}</div>
      );
    default: {
      const link = tab.hyperLink || tab.url;
      const facts = [
        tab.productList.length ? t['watch.tabs.products'](tab.productList.length) : '',
        tab.productListId ? t['watch.tabs.productList'](tab.productListId) : '',
        tab.photoListId ? t['watch.tabs.photoList'](tab.photoListId) : '',
        tab.topShare ? t['watch.tabs.topShare'] : '',
      ].filter(Boolean);
      if (!link && !facts.length && !tab.richText && !tab.topGift) {
        return <div className={styles.placeholder}>{t['watch.tabs.empty']}</div>;
      }
      return (
        <div className={styles.tabBody}>
          {tab.topGift && <TopGiftRank activityId={activityId} />}
          {facts.map((fact) => (
            <div key={fact} className={styles.fact}>
              {fact}
            </div>
          ))}
          {tab.richText && (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (features/watch/html-sanitiser)
            <div className={styles.richText} dangerouslySetInnerHTML={{ __html: tab.richText }} />
          )}
          {link && <LinkCard href={link} />}
        </div>
      );
    }
  }
}

/** The live chat under a 聊天室 tab: connected once the page may be watched and the viewer is known. */
export interface ChatSetup {
  activityId: number;
  /** The viewer cookie's id once the visit is counted; null when that failed. */
  viewerId: string | null;
  enabled: boolean;
}

/**
 * The intro tabs in their saved order, coloured by the template's comment style. A 聊天室 tab's chat stays mounted
 * while another tab shows, so it keeps its socket and its messages.
 */
export function IntroTabs({
  activityId,
  tabs,
  style,
  chat,
  blocked = false,
}: {
  activityId: number;
  tabs: IntroTab[];
  style: WatchPage['template']['commentStyleCustomized'];
  chat: ChatSetup | null;
  /** A person the agent blocked (seed 001 §6): the chat tab says so instead of asking to sign in. */
  blocked?: boolean;
}) {
  const [active, setActive] = useState(tabs[0]?.key ?? '');
  if (!tabs.length) return null;
  const current = tabs.find((tab) => tab.key === active) ?? tabs[0];
  const hasChat = chat !== null && tabs.some((tab) => tab.type === 'chatRoom');
  const chatShown = current.type === 'chatRoom';
  const colours = {
    '--tabs-color': style.tabsColor || undefined,
    '--panel-bg': style.backgroundColor || undefined,
    '--panel-fg': style.fontColor || undefined,
    '--input-color': style.inputColor || undefined,
  } as CSSProperties;
  return (
    <section className={styles.tabs} style={colours} data-testid="watch-tabs">
      <div className={styles.tabBar} role="tablist">
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            aria-selected={tab.key === current.key}
            className={`${styles.tab} ${tab.key === current.key ? styles.tabActive : ''}`}
            onClick={() => setActive(tab.key)}
          >
            {tab.title}
          </button>
        ))}
      </div>
      <div
        className={`${styles.tabPanel} ${chatShown ? styles.tabPanelFlush : ''}`}
        role="tabpanel"
        style={style.backgroundImg ? { backgroundImage: `url("${style.backgroundImg}")` } : undefined}
      >
        {hasChat && (
          <Suspense fallback={chatShown ? <div className={styles.placeholder}>{t['watch.loading']}</div> : null}>
            <ChatRoom {...chat} hidden={!chatShown} />
          </Suspense>
        )}
        <TabContent
          key={current.key}
          tab={current}
          chat={chat}
          hasChat={hasChat}
          activityId={activityId}
          blocked={blocked}
        />
      </div>
    </section>
  );
}
