// The page's inline style: mobile first (one column of full-width blocks, cards two to a row), then at 768px and
// wider a centred column with cards three or four to a row. The console's preview forces either width with the
// body's vp-mobile / vp-desktop class, whatever the frame's size. Blue as the console (#1677ff).

const TAB_RULES = Array.from(
  { length: 10 },
  (_, i) => `.p-tabs input:nth-of-type(${i + 1}):checked~.tab-panel:nth-of-type(${i + 1}){display:block}`,
).join('');

const DESKTOP = `.portal{max-width:1080px;margin:16px auto;border-radius:12px;overflow:hidden;box-shadow:0 2px 16px rgba(0,40,120,.08)}.grid{grid-template-columns:repeat(4,1fr);gap:16px}.p-banner .slide-img{aspect-ratio:3/1}.p-player .poster{aspect-ratio:21/9}.block{padding:16px 24px}.block-header,.block-banner,.block-elevator{padding:0}.p-video,.p-player{max-width:720px;margin:0 auto}.p-nav.one-line{overflow:visible;grid-auto-columns:auto;grid-auto-flow:row;grid-template-columns:repeat(8,1fr)}.bottom-nav{max-width:1080px;left:50%;transform:translateX(-50%)}`;

export const PORTAL_STYLE = `*{box-sizing:border-box}html{scroll-behavior:smooth;-webkit-text-size-adjust:100%}
body{margin:0;background:#eef2f8;color:#1f2329;font:14px/1.5 -apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",sans-serif}
a{color:inherit;text-decoration:none}[hidden]{display:none!important}img{display:block;background:#eef3fd}
.portal{max-width:100%;min-height:100vh;background:#fff}
.block{padding:12px;scroll-margin-top:48px}.block:empty{display:none}
.blank{display:block;background:linear-gradient(135deg,#dbe7ff,#f0f5ff)}
.title{margin:4px 0 12px;font-size:17px;font-weight:600;padding-left:10px;border-left:4px solid #1677ff;line-height:1.2}
.empty{margin:8px 0;color:#8a919f;text-align:center;font-size:13px}
.block-header{padding:0}.p-header>*{display:flex;align-items:center;gap:10px;padding:14px 16px;background:linear-gradient(90deg,#1677ff,#4096ff);color:#fff}
.p-header .logo{width:36px;height:36px;border-radius:8px;object-fit:cover;background:#fff}.head-text{display:flex;flex-direction:column;min-width:0}.head-text strong{font-size:18px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}.head-text small{opacity:.85}
.block-banner{padding:0}.p-banner{position:relative}.track{display:flex;overflow-x:auto;scroll-snap-type:x mandatory;scrollbar-width:none}.track::-webkit-scrollbar{display:none}
.slide{flex:0 0 100%;scroll-snap-align:start;position:relative}.slide-img{width:100%;aspect-ratio:16/7;object-fit:cover}
.caption{position:absolute;left:0;right:0;bottom:0;padding:16px 12px 8px;color:#fff;background:linear-gradient(transparent,rgba(0,0,0,.55));font-size:15px}
.dots{position:absolute;right:12px;bottom:8px;display:flex;gap:4px}.dots i{width:6px;height:6px;border-radius:3px;background:rgba(255,255,255,.6);transition:width .3s}.dots i.on{width:14px;background:#fff}
.p-nav,.p-sudoku{display:grid;grid-template-columns:repeat(var(--cols),1fr);gap:12px 8px}
.p-nav.one-line{grid-auto-flow:column;grid-template-columns:none;grid-auto-columns:calc((100% - (var(--cols) - 1)*8px)/var(--cols));overflow-x:auto;scrollbar-width:none}
.nav-item{display:flex;flex-direction:column;align-items:center;gap:6px;font-size:13px;text-align:center;min-height:44px;justify-content:center}
.nav-icon{width:44px;height:44px;object-fit:cover;border-radius:10px}.nav-icon.round{border-radius:50%}
.p-sudoku{gap:1px;background:#e8edf5;border:1px solid #e8edf5;border-radius:10px;overflow:hidden}.p-sudoku .nav-item{background:#fff;padding:14px 4px}
.grid{display:grid;grid-template-columns:repeat(2,1fr);gap:10px}
.card,.catalog{display:flex;flex-direction:column;border-radius:8px;overflow:hidden;background:#fff;box-shadow:0 1px 6px rgba(0,40,120,.08)}
.thumb{position:relative;display:block}.cover{width:100%;aspect-ratio:16/9;object-fit:cover}
.card-name{padding:8px;font-size:14px;line-height:1.4;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}.card-name small{display:block;color:#8a919f;font-size:12px}
.badge{position:absolute;left:6px;top:6px;padding:1px 8px;border-radius:10px;font-size:12px;color:#fff;background:rgba(0,0,0,.5)}.badge.live{background:#1677ff}.badge.live:before{content:"";display:inline-block;width:6px;height:6px;margin-right:4px;border-radius:50%;background:#fff;vertical-align:1px}
.p-video{width:100%;aspect-ratio:16/9;background:#000;border-radius:8px}
.p-tabs>input{position:absolute;opacity:0;pointer-events:none}.p-tabs>label{display:inline-block;padding:6px 14px;margin:0 6px 10px 0;border-radius:16px;background:#f0f5ff;color:#1677ff;cursor:pointer}
.p-tabs>input:checked+label{background:#1677ff;color:#fff}.tab-panel{display:none}${TAB_RULES}
.p-card{display:flex;gap:12px;padding:12px;border-radius:10px;background:linear-gradient(135deg,#f0f5ff,#fff);border:1px solid #d6e4ff}.card-img{width:96px;height:72px;border-radius:6px;object-fit:cover;flex:none}
.card-body,.graphic-body,.brand-body{display:flex;flex-direction:column;gap:4px;min-width:0}.card-body strong{font-size:16px}.card-body span,.brand-body span{color:#5c6370;font-size:13px}
.p-slogan{margin:0;padding:18px 12px;text-align:center;font-size:20px;font-weight:600;color:#1677ff;background:#f0f5ff;border-radius:10px;letter-spacing:1px}
.graphic{display:flex;gap:12px;padding:10px 0;border-bottom:1px solid #f0f2f5}.graphic:last-child{border:0}.graphic-img{width:120px;aspect-ratio:4/3;border-radius:6px;object-fit:cover;flex:none}.graphic-body strong{font-size:15px}.graphic-text{white-space:pre-line;color:#5c6370}
.block-elevator{position:sticky;top:0;z-index:5;padding:0}.p-elevator{display:flex;overflow-x:auto;background:#fff;border-bottom:1px solid #e8edf5;scrollbar-width:none}.p-elevator a{flex:none;padding:12px 14px;color:#1677ff;font-weight:500}
.p-countdown{display:flex;flex-direction:column;align-items:center;gap:8px;padding:16px;border-radius:10px;color:#fff;background:linear-gradient(135deg,#1677ff,#69b1ff)}
.cd-time{display:flex;align-items:center;gap:4px;font-size:13px}.cd-time b{min-width:34px;padding:4px 6px;border-radius:6px;background:rgba(255,255,255,.22);font-size:20px;text-align:center}.p-countdown time{font-size:12px;opacity:.85}
.p-brand{display:flex;gap:12px;align-items:center;padding:14px;border-radius:10px;background:#f7f9fc}.brand-logo{width:56px;height:56px;border-radius:50%;object-fit:cover;flex:none}.brand-body strong{font-size:16px}
.p-player{position:relative;display:block;border-radius:10px;overflow:hidden;background:#000}.poster{width:100%;aspect-ratio:16/9;object-fit:cover;opacity:.9}
.play{position:absolute;left:50%;top:45%;width:56px;height:56px;margin:-28px 0 0 -28px;border-radius:50%;background:rgba(22,119,255,.9)}.play:after{content:"";position:absolute;left:22px;top:17px;border:11px solid transparent;border-left:17px solid #fff}
.player-bar{position:absolute;left:0;right:0;bottom:0;display:flex;align-items:center;justify-content:space-between;gap:8px;padding:20px 12px 10px;color:#fff;background:linear-gradient(transparent,rgba(0,0,0,.6))}.watch{flex:none;padding:2px 10px;border-radius:12px;background:#1677ff;font-size:12px}
.p-search input{width:100%;height:38px;padding:0 14px;border:1px solid #d6e4ff;border-radius:19px;background:#f5f8ff;font-size:14px;outline:none}.p-search input:focus{border-color:#1677ff;background:#fff}
.has-nav .portal{padding-bottom:60px}.bottom-nav{position:fixed;left:0;right:0;bottom:0;z-index:6;display:flex;background:#fff;border-top:1px solid #e8edf5;padding-bottom:env(safe-area-inset-bottom)}
.bottom-nav a{flex:1;display:flex;flex-direction:column;align-items:center;gap:2px;padding:6px 0;font-size:12px;color:#5c6370}.bottom-nav a.on{color:#1677ff}.bottom-nav .nav-icon{width:22px;height:22px;border-radius:0}
.portal-empty{padding:30vh 16px;text-align:center;color:#8a919f}
`.concat(`@media (min-width:768px){${scoped('body:not(.vp-mobile)')}}${scoped('.vp-desktop')}`);

/** The desktop rules under a prefix: the wide-screen query's and the preview's forced desktop. */
function scoped(prefix: string): string {
  return DESKTOP.replace(/(^|\})([^{}]+)\{/g, (_match, close: string, selectors: string) => {
    const prefixed = selectors
      .split(',')
      .map((selector) => `${prefix} ${selector.trim()}`)
      .join(',');
    return `${close}${prefixed}{`;
  });
}
