// The page's only script, a few hundred bytes inline and only the parts its components need: the banner turns every
// data-auto ms (seed 001 §9: 3000), sliding or fading as the page's carouselType says, and follows a swipe; the
// countdown ticks each second; the search box hides the cards whose names do not hold what is typed. The elevator
// and the tabs need none (anchors, radio buttons and CSS).

const SLIDE = `d.querySelectorAll('.p-banner').forEach(function(b){var t=b.firstChild,n=t.children.length,o=b.querySelectorAll('.pager i'),u=b.querySelector('.pager b');function c(){return Math.round(t.scrollLeft/t.clientWidth)}function m(){var i=c();o.forEach(function(x,j){x.className=j==i?'on':''});if(u)u.textContent=i+1}t.onscroll=m;if(n>1)setInterval(function(){t.scrollTo({left:(c()+1)%n*t.clientWidth,behavior:'smooth'})},+b.dataset.auto)});`;

const FADE = `d.querySelectorAll('.p-banner').forEach(function(b){var s=b.firstChild.children,n=s.length,i=0,o=b.querySelectorAll('.pager i'),u=b.querySelector('.pager b');b.classList.add('fade');s[0].classList.add('on');if(n>1)setInterval(function(){s[i].classList.remove('on');i=(i+1)%n;s[i].classList.add('on');o.forEach(function(x,j){x.className=j==i?'on':''});if(u)u.textContent=i+1},+b.dataset.auto)});`;

const COUNTDOWN = `d.querySelectorAll('.p-countdown').forEach(function(e){var to=+e.dataset.to;(function k(){var s=Math.max(0,Math.floor((to-Date.now())/1e3));if(!s){e.querySelector('.cd-time').textContent=e.dataset.done;return}[['d',s/86400],['h',s/3600%24],['m',s/60%60],['s',s%60]].forEach(function(p){var v=Math.floor(p[1]);e.querySelector('[data-unit='+p[0]+']').textContent=v<10?'0'+v:v});setTimeout(k,1e3)})()});`;

const SEARCH = `var q=d.querySelector('[data-search-box]');if(q)q.oninput=function(){var v=q.value.trim().toLowerCase(),a=0;d.querySelectorAll('[data-search]').forEach(function(e){var m=!v||e.dataset.search.toLowerCase().indexOf(v)>=0;e.hidden=!m;a=a||m});d.querySelector('[data-search-empty]').hidden=!!a};`;

function scriptText(types: ReadonlySet<string>, carouselType: 'slide' | 'fade'): string {
  const parts = [
    types.has('banner') ? (carouselType === 'fade' ? FADE : SLIDE) : '',
    types.has('countdown') ? COUNTDOWN : '',
    types.has('search') ? SEARCH : '',
  ].join('');
  return parts ? `(function(d){${parts}})(document)` : '';
}

/** The script for the component types on the page, or '' when none needs one. */
export function portalScript(types: ReadonlySet<string>, carouselType: 'slide' | 'fade'): string {
  const text = scriptText(types, carouselType);
  return text ? `<script>${text}</script>` : '';
}

/**
 * Every script a page can carry (one per combination of the components that need one): a page that embeds a rendered
 * document (the console's preview in an iframe's srcdoc, which keeps the console's policy) may allow them by hash.
 */
export function allPortalScripts(): string[] {
  const scripts = new Set<string>();
  for (let mask = 1; mask < 8; mask++) {
    const types = new Set(['banner', 'countdown', 'search'].filter((_, bit) => mask & (1 << bit)));
    for (const carousel of ['slide', 'fade'] as const) scripts.add(scriptText(types, carousel));
  }
  return [...scripts];
}
