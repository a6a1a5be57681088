import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const readme = path.join(import.meta.dirname, 'README.md');

/** Replaces (or appends) the section of one benchmark in bench/README.md, between its markers. */
export async function writeSection(name: string, markdown: string): Promise<void> {
  const begin = `<!-- bench:${name}:begin -->`;
  const end = `<!-- bench:${name}:end -->`;
  let text = '';
  try {
    text = await readFile(readme, 'utf8');
  } catch {
    text =
      '# Benchmarks\n\nRun with `npm run bench`. Each compares against a baseline measured in the same run on the same machine.\n';
  }
  const block = `${begin}\n${markdown.trim()}\n${end}`;
  const start = text.indexOf(begin);
  const stop = text.indexOf(end);
  text =
    start >= 0 && stop > start
      ? text.slice(0, start) + block + text.slice(stop + end.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  await writeFile(readme, text);
}
