// The short document a public page answers instead of itself (not found, too many loads): a line of grey text in the
// middle of a phone's screen, the same line as its title.

/** The document saying `text`, and `title` in the browser's tab (the text unless said). */
export const shortPage = (text: string, title = text) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:sans-serif;text-align:center;padding-top:30vh;color:#999">${text}</body></html>`;
