// The page's inline style: mobile first (one column of full-width blocks), then at 768px and wider a centred column
// with more cards to a row. The console's preview forces either width with the body's vp-mobile / vp-desktop class,
// whatever the frame's size. Blue as the console (#1677ff).

const TAB_RULES = Array.from(
  { length: 10 },
  (_, i) => `.p-tabs input:nth-of-type(${i + 1}):checked~.tab-panel:nth-of-type(${i + 1}){display:block}`,
).join('');

const DESKTOP = `.portal{max-width:1080px;margin:16px auto;border-radius:12px;overflow:hidden;box-shadow:0 2px 16px rgba(0,40,120,.08)}
.block{padding:16px 24px}.block-header,.block-banner,.block-elevator{padding:0}
.cards.grid{grid-template-columns:repeat(4,1fr);gap:16px}.cards.list,.cards.big{grid-template-columns:repeat(2,1fr)}.cards.scroll{grid-auto-columns:23%}
.slide-img{aspect-ratio:3/1}.p-video,.p-player{max-width:720px;margin:0 auto}.p-nav.scroll{grid-auto-columns:12%}
.bottom-nav{left:50%;right:auto;width:100%;max-width:1080px;transform:translateX(-50%)}`;

/** The desktop rules under a prefix: the wide-screen query's and the preview's forced desktop. */
function scoped(prefix: string): string {
  return DESKTOP.replace(/(^|\})\s*([^{}]+)\{/g, (_match, close: string, selectors: string) => {
    const prefixed = selectors
      .split(',')
      .map((selector) => `${prefix} ${selector.trim()}`)
      .join(',');
    return `${close}${prefixed}{`;
  });
}

export const PORTAL_STYLE = `*{box-sizing:border-box}html{scroll-behavior:smooth;-webkit-text-size-adjust:100%}
body{margin:0;background:#eef2f8;color:#1f2329;font:14px/1.5 -apple-system,BlinkMacSystemFont,"PingFang SC","Microsoft YaHei",sans-serif}
a{color:inherit;text-decoration:none}[hidden]{display:none!important}img{display:block;background:#eef3fd}
.portal{min-height:100vh;background:#f5f5f5}
.block{padding:12px;scroll-margin-top:48px}
.blank{display:block;background:linear-gradient(135deg,#dbe7ff,#f0f5ff)}
.title{margin:4px 0 12px;font-size:17px;font-weight:600;padding-left:10px;border-left:4px solid #1677ff;line-height:1.2}
.empty{margin:8px 0;color:#8a919f;text-align:center;font-size:13px}
.block-header,.block-banner,.block-elevator{padding:0}
.p-header{position:relative;display:flex;align-items:center;gap:10px;padding:14px 16px;min-height:64px;overflow:hidden;background:#1677ff;color:#fff}
.header-bg,.countdown-bg{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}.p-header>:not(.header-bg),.p-countdown>:not(.countdown-bg){position:relative}
.logo{width:40px;height:40px;border-radius:8px;object-fit:cover;background:#fff;flex:none}.head-text{display:flex;flex-direction:column;min-width:0}.head-text strong{font-size:18px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}.head-text small{opacity:.85}
.p-banner{position:relative;overflow:hidden}.p-banner.card{margin:12px;border-radius:10px}.track{display:flex;overflow-x:auto;scroll-snap-type:x mandatory;scrollbar-width:none}.track::-webkit-scrollbar{display:none}
.slide{flex:0 0 100%;scroll-snap-align:start;position:relative;display:block}.slide-img{width:100%;aspect-ratio:16/7;object-fit:cover}.p-banner.full .slide-img{aspect-ratio:16/9}
.fade .track{display:grid;overflow:hidden}.fade .slide{grid-area:1/1;opacity:0;transition:opacity .6s}.fade .slide.on{opacity:1;z-index:1}
.caption{position:absolute;left:0;right:0;bottom:0;padding:16px 12px 8px;color:#fff;background:linear-gradient(transparent,rgba(0,0,0,.55));font-size:15px}
.pager{position:absolute;right:12px;bottom:8px;z-index:2;display:flex;gap:4px;color:#fff;font-size:12px}.pager i{width:6px;height:6px;border-radius:3px;background:rgba(255,255,255,.6);transition:width .3s}.pager i.on{width:14px;background:#fff}
.pager.line i{width:12px;height:2px;border-radius:0}.pager.line i.on{width:20px}.pager.number{padding:0 8px;border-radius:10px;background:rgba(0,0,0,.4)}
.p-nav,.p-sudoku{display:grid;grid-template-columns:repeat(var(--cols),1fr);gap:12px 8px}
.p-nav.scroll{grid-auto-flow:column;grid-template-columns:none;grid-auto-columns:22%;overflow-x:auto;scrollbar-width:none}
.nav-item{display:flex;flex-direction:column;align-items:center;gap:6px;font-size:13px;text-align:center;min-height:44px;justify-content:center}
.nav-icon{width:44px;height:44px;object-fit:cover;border-radius:10px}.nav-icon.square{border-radius:0}.nav-icon.circle{border-radius:50%}.p-nav.icon .nav-icon{width:52px;height:52px}
.p-sudoku{gap:1px;background:#e8edf5;border:1px solid #e8edf5;border-radius:10px;overflow:hidden}.p-sudoku .nav-item{background:#fff;padding:14px 4px}
.cards{display:grid;gap:10px}.cards.grid{grid-template-columns:repeat(2,1fr)}.cards.scroll{grid-auto-flow:column;grid-auto-columns:44%;overflow-x:auto;scrollbar-width:none}
.card{display:flex;flex-direction:column;border-radius:8px;overflow:hidden;background:#fff;box-shadow:0 1px 6px rgba(0,40,120,.08)}
.cards.list .card{flex-direction:row;align-items:center}.cards.list .thumb{width:128px;flex:none}
.thumb{position:relative;display:block}.cover{width:100%;aspect-ratio:16/9;object-fit:cover}
.card-name{padding:8px 10px;font-size:14px;line-height:1.4;min-width:0}.card-name small{display:block;color:#8a919f;font-size:12px}
.badge{position:absolute;left:6px;top:6px;z-index:1;padding:1px 8px;border-radius:10px;font-size:12px;color:#fff;background:rgba(0,0,0,.5)}.badge.live{background:#1677ff}.badge.live:before{content:"";display:inline-block;width:6px;height:6px;margin-right:4px;border-radius:50%;background:#fff;vertical-align:1px}
.p-tabs>input{position:absolute;opacity:0;pointer-events:none}.p-tabs>label{display:inline-block;padding:6px 14px;margin:0 6px 10px 0;border-radius:16px;background:#f0f5ff;color:#1677ff;cursor:pointer}
.p-tabs>input:checked+label{background:#1677ff;color:#fff}.tab-panel{display:none}${TAB_RULES}
.p-cards{display:grid;grid-template-columns:repeat(var(--cols),1fr);gap:10px}
.p-card{display:flex;flex-direction:column;gap:8px;padding:10px;border-radius:10px;background:#fff;border:1px solid #d6e4ff}.card-img{width:100%;aspect-ratio:4/3;border-radius:6px;object-fit:cover}
.card-body,.graphic-body,.brand-body{display:flex;flex-direction:column;gap:4px;min-width:0}.card-body strong{font-size:15px}.card-body span,.brand-body span{color:#5c6370;font-size:13px}
.p-slogan{margin:0;padding:14px 12px;font-weight:600;border-radius:10px;letter-spacing:1px;word-break:break-word}
.p-graphic{display:flex;flex-direction:column;gap:10px;padding:12px;border-radius:10px;background:#fff}.p-graphic.left{flex-direction:row}.p-graphic.right{flex-direction:row-reverse}
.graphic-img{width:100%;aspect-ratio:16/9;border-radius:6px;object-fit:cover}.p-graphic.left .graphic-img,.p-graphic.right .graphic-img{width:40%;aspect-ratio:4/3;flex:none}.graphic-body strong{font-size:16px}.graphic-text{white-space:pre-line;color:#5c6370}
.block-elevator{position:sticky;top:0;z-index:5}.p-elevator{display:flex;overflow-x:auto;background:#fff;border-bottom:1px solid #e8edf5;scrollbar-width:none}.p-elevator a{flex:none;padding:12px 14px;color:var(--active,#1677ff);font-weight:500}
.p-countdown{position:relative;overflow:hidden;display:flex;flex-direction:column;align-items:center;gap:8px;padding:16px;border-radius:10px;color:#fff;background:#1677ff}
.cd-time{display:flex;align-items:center;gap:4px;font-size:13px}.cd-time b{min-width:34px;padding:4px 6px;border-radius:6px;background:rgba(255,255,255,.22);font-size:20px;text-align:center}.p-countdown time{font-size:12px;opacity:.85}
.brand-wrap{border-radius:10px}.p-brand{display:flex;gap:12px;align-items:center;padding:14px;border-radius:10px;background:rgba(255,255,255,.7)}.brand-logo{width:56px;height:56px;border-radius:50%;object-fit:cover;flex:none}.brand-body strong{font-size:16px}
.p-player,.p-video{position:relative;display:block;border-radius:10px;overflow:hidden;background:#000}.poster{width:100%;aspect-ratio:16/9;object-fit:cover;opacity:.9}
.play{position:absolute;left:50%;top:45%;width:56px;height:56px;margin:-28px 0 0 -28px;border-radius:50%;background:rgba(22,119,255,.9)}.play:after{content:"";position:absolute;left:22px;top:17px;border:11px solid transparent;border-left:17px solid #fff}
.player-bar,.video-name{position:absolute;left:0;right:0;bottom:0;display:flex;align-items:center;justify-content:space-between;gap:8px;padding:20px 12px 10px;color:#fff;background:linear-gradient(transparent,rgba(0,0,0,.6))}.watch{flex:none;padding:2px 10px;border-radius:12px;background:#1677ff;font-size:12px}
.p-search{border-radius:10px}.p-search input{width:100%;height:38px;padding:0 14px;border:1px solid #d6e4ff;border-radius:19px;background:#fff;font-size:14px;outline:none}.p-search input:focus{border-color:#1677ff}
.has-nav .portal{padding-bottom:60px}.bottom-nav{position:fixed;left:0;right:0;bottom:0;z-index:6;display:flex;background:#fff;border-top:1px solid #e8edf5;padding-bottom:env(safe-area-inset-bottom)}
.bottom-nav>*{flex:1;display:flex;flex-direction:column;align-items:center;gap:2px;padding:6px 0;font-size:12px;color:var(--nav,#666)}.bottom-nav .on{color:var(--nav-on,#1677ff)}.bottom-nav .nav-icon{width:22px;height:22px;border-radius:0}
.portal-empty{margin:0;padding:30vh 16px;text-align:center;color:#8a919f}
@media (min-width:768px){${scoped('body:not(.vp-mobile)')}}${scoped('.vp-desktop')}`;
