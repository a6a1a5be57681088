/** The messaging platform's (WeChat's) OAuth: where to send the user, and what a returned code means. */
export interface WechatIdentity {
  openid: string;
  nickname: string;
  avatar: string;
}

export interface WechatProvider {
  readonly name: string;
  /** The platform's authorize page; it returns to redirectUri with ?code=&state=. */
  authorizeUrl(redirectUri: string, state: string): string;
  /** Exchanges a one-time code for the user's identity; null when the code is unknown, used or expired. */
  exchangeCode(code: string): Promise<WechatIdentity | null>;
}
