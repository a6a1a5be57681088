// What the upload tests send: a 1×1 PNG, and a multipart body as a browser's form post builds it.

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

/** A multipart body with the policy token field first (when given), then the file. */
export function multipart(file: { name: string; type: string; data: Buffer }, token?: string) {
  const boundary = `----yanbo${Date.now()}`;
  const parts: Buffer[] = [];
  if (token !== undefined) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="token"\r\n\r\n${token}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
