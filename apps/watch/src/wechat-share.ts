import { watchCalls } from '@yanbo/contracts/watch';
import { api } from './watch-api';

// Inside WeChat's browser a forwarded page shows the card the page sets through WeChat's JS-SDK (the og: tags are not
// read there). A chunk of its own, fetched only in WeChat: the server signs wx.config for this page's address with
// the organiser's official account; without one (or when WeChat refused it) the page shares as any page does.

/** WeChat's JS-SDK, as its documentation names it; the watch page's content security policy allows its host. */
const JSSDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';
const SHARE_APIS = ['updateAppMessageShareData', 'updateTimelineShareData'];

interface ShareData {
  title: string;
  desc?: string;
  link: string;
  imgUrl: string;
}

/** The few calls of the JS-SDK's `wx` this page makes. */
interface WechatJssdk {
  config(options: {
    debug: boolean;
    appId: string;
    timestamp: number;
    nonceStr: string;
    signature: string;
    jsApiList: string[];
  }): void;
  ready(callback: () => void): void;
  error(callback: (reason: unknown) => void): void;
  updateAppMessageShareData(data: ShareData): void;
  updateTimelineShareData(data: ShareData): void;
}

let jssdk: Promise<WechatJssdk> | undefined;

function loadJssdk(): Promise<WechatJssdk> {
  jssdk ??= new Promise<WechatJssdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = JSSDK_URL;
    script.async = true;
    script.onload = () => {
      const wx = (window as { wx?: WechatJssdk }).wx;
      if (wx) resolve(wx);
      else reject(new Error('JS-SDK without wx'));
    };
    script.onerror = () => reject(new Error('JS-SDK not loaded'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    jssdk = undefined;
    throw error;
  });
  return jssdk;
}

/** Asks for this page's signed configuration and, when there is one, sets the share cards for chats and 朋友圈. */
export async function configureWechatShare(activityId: number): Promise<void> {
  // The address WeChat signs again on its side: this page's, without its fragment.
  const url = window.location.href.split('#')[0] ?? window.location.href;
  const answer = await api(watchCalls.getWechatShare, { params: { id: activityId }, query: { url } });
  if (!answer.enabled) return;
  const wx = await loadJssdk();
  wx.config({
    debug: false,
    appId: answer.appId,
    timestamp: answer.timestamp,
    nonceStr: answer.nonceStr,
    signature: answer.signature,
    jsApiList: SHARE_APIS,
  });
  // A refused signature (an address outside the official account's JS 接口安全域名) leaves WeChat's own card.
  wx.error(() => {});
  wx.ready(() => {
    const { title, desc, link, imgUrl } = answer.share;
    wx.updateAppMessageShareData({ title, desc, link, imgUrl });
    wx.updateTimelineShareData({ title, link, imgUrl });
  });
}
