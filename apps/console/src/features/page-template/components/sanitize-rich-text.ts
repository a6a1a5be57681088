// Rich text is shown on the viewing page and in the preview: only plain formatting survives, never scripts, styles
// or event handlers, and links only to http(s).

const ALLOWED = new Set(['B', 'STRONG', 'I', 'EM', 'U', 'P', 'BR', 'DIV', 'SPAN', 'UL', 'OL', 'LI', 'A', 'H3', 'H4']);

export function sanitizeRichText(html: string): string {
  if (!html || typeof DOMParser === 'undefined') return '';
  const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html');
  const root = doc.body.firstElementChild;
  if (!root) return '';
  const clean = (element: Element) => {
    for (const child of [...element.children]) {
      if (!ALLOWED.has(child.tagName)) {
        if (['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED'].includes(child.tagName)) child.remove();
        else child.replaceWith(...child.childNodes);
        continue;
      }
      for (const attribute of [...child.attributes]) {
        const keep = child.tagName === 'A' && attribute.name === 'href' && /^https?:\/\//i.test(attribute.value);
        if (!keep) child.removeAttribute(attribute.name);
      }
      if (child.tagName === 'A') {
        child.setAttribute('target', '_blank');
        child.setAttribute('rel', 'noopener noreferrer');
      }
      clean(child);
    }
  };
  // Unwrapping moves children up: clean until nothing changes.
  let before = '';
  while (before !== root.innerHTML) {
    before = root.innerHTML;
    clean(root);
  }
  return root.innerHTML;
}
