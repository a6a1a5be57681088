import { fenToYuan } from '@yanbo/contracts';
import { giftTexts as t } from '../../locales/zh-CN/gifts';

// Pure rules of the gifts screen: money is fen on the wire, yuan in the form (price.ts: "integer fen everywhere").

/** Yuan typed in the form (up to two decimals) as fen. */
export const yuanToFen = (yuan: number) => Math.round(yuan * 100);

/** A gift's price as the list shows it: 免费 for 0, else ¥ with two decimals. */
export const priceLabel = (fen: number) => (fen === 0 ? t['gifts.free'] : t['gifts.yuan'](fenToYuan(fen)));
