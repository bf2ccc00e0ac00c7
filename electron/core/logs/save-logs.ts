/**
 * "Save logs" for support: the desk's log files, oldest first, under a short head (when, which
 * version, which till, where the service is) and the list of crash reports Electron left, as one
 * text file. Saved where the person chose (the app's save dialog: a USB stick, the desktop), or,
 * with no dialog (browser mode), in the data folder's support/ folder. The log holds no keys and
 * no PINs (its callers pass neither, and every field is bounded), so the file may leave the till.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LogsSaved } from '../../../shared/bridge/api.js';
import { makePrivateDataDir } from '../../../shared-node/fs/private-files.js';
import { type RotatingFile, readAll } from '../../../shared-node/log/rotating-file.js';

export interface SaveLogsOptions {
  readonly files: RotatingFile | undefined;
  readonly dataDir: string;
  /** Where Electron keeps its crash reports (minidumps), to list them. */
  readonly crashDir?: string;
  /** The head's facts: version, runtime, till, service. */
  readonly facts: Readonly<Record<string, string>>;
  /** Asks where to save (the app's dialog); null: cancelled. Absent: the data folder's support/. */
  readonly chooseFile?: (suggestedName: string) => Promise<string | null>;
  readonly now?: () => Date;
}

function crashReports(dir: string | undefined): string[] {
  if (!dir || !existsSync(dir)) return [];
  const found: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith('.dmp')) found.push(join(d, e.name));
    }
  };
  walk(dir);
  return found.sort();
}

export function supportText(o: SaveLogsOptions, at: Date): string {
  const crashes = crashReports(o.crashDir);
  const head = [
    `Cashdesk logs, saved ${at.toISOString()}`,
    ...Object.entries(o.facts).map(([k, v]) => `${k}: ${v}`),
    `crash reports (${crashes.length}): ${crashes.length === 0 ? 'none' : ''}`,
    ...crashes.map((c) => `  ${c}`),
    '',
  ].join('\n');
  return `${head}\n${o.files ? readAll(o.files) : '(this desk keeps no log files)\n'}`;
}

export async function saveLogs(o: SaveLogsOptions): Promise<LogsSaved | null> {
  const at = (o.now ?? (() => new Date()))();
  const name = `cashdesk-logs-${at.toISOString().slice(0, 19).replace(/:/g, '-')}.txt`;
  let path: string | null;
  if (o.chooseFile) path = await o.chooseFile(name);
  else {
    const dir = join(o.dataDir, 'support');
    makePrivateDataDir(dir);
    path = join(dir, name);
  }
  if (path === null) return null;
  const text = supportText(o, at);
  writeFileSync(path, text, { mode: 0o600 });
  return { path, bytes: Buffer.byteLength(text) };
}
