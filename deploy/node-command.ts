import { readFileSync } from 'node:fs';
import path from 'node:path';

// How a Yanbo process is started: `node [V8 and Node flags] <entry file>`, as package.json's npm scripts say. The
// scripts are where the flags live (the young generation's size, see README "Memory"); the image, the compose file
// and the units must start each entry file with the same flags (deploy/check.ts), and the tests and benchmarks that
// start the server as `npm start` does read them from here.

const ROOT = path.resolve(import.meta.dirname, '..');

export interface NodeCommand {
  flags: string[];
  file: string;
}

/** A `node [--flag …] <file.ts>` command, split; null for anything else. */
export function nodeCommand(command: readonly string[] | null | undefined): NodeCommand | null {
  if (command?.[0] !== 'node' || command.length < 2) return null;
  const file = command.at(-1) as string;
  const flags = command.slice(1, -1);
  if (!file.endsWith('.ts') || flags.some((flag) => !flag.startsWith('--'))) return null;
  return { flags, file };
}

export interface NpmEntryPoint extends NodeCommand {
  script: string;
}

/**
 * The npm scripts that start a process, by the file `node` runs in them (apps/server/src/main.ts → start, with its
 * flags). A script that watches its files (`dev`) is for development and not counted.
 */
export function npmEntryPoints(
  packageJson = readFileSync(path.join(ROOT, 'package.json'), 'utf8'),
): Map<string, NpmEntryPoint> {
  const scripts = (JSON.parse(packageJson) as { scripts: Record<string, string> }).scripts;
  const entries = new Map<string, NpmEntryPoint>();
  for (const [script, text] of Object.entries(scripts)) {
    for (const part of text.split('&&')) {
      const command = nodeCommand(part.trim().split(/\s+/));
      if (command && !command.flags.includes('--watch')) entries.set(command.file, { ...command, script });
    }
  }
  return entries;
}

/** The flags npm's script gives node for an entry file (apps/server/src/main.ts): none if no script runs it. */
export function entryNodeFlags(file: string): string[] {
  return npmEntryPoints().get(file)?.flags ?? [];
}
