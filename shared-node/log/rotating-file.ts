/**
 * Log lines kept in files, for a till where nobody reads stderr (a packaged Windows app has none):
 * `desk.log` is written, and when the next line would take it past `maxBytes` it becomes
 * `desk.1.log` (the older ones move up, the oldest beyond `files` is deleted), so the folder never
 * holds more than files × maxBytes. Lines are appended synchronously: a line logged just before a
 * crash or a power cut is in the file, as far as the operating system got it.
 */
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export interface RotatingFileOptions {
  readonly dir: string;
  /** The files' name: `<name>.log`, `<name>.1.log` … */
  readonly name: string;
  /** Bytes one file holds at most (a single longer line gets a file of its own). */
  readonly maxBytes: number;
  /** How many files are kept, the one written included. */
  readonly files: number;
}

/** A till's defaults: 5 files of 2 MiB, some days of warnings and errors, a few MB in all. */
export const DESK_LOG_FILES: Omit<RotatingFileOptions, 'dir'> = { name: 'desk', maxBytes: 2 * 1024 * 1024, files: 5 };

export interface RotatingFile {
  write(line: string): void;
  /** The files, oldest first: what support is given. */
  paths(): string[];
  close(): void;
}

export function rotatingFile(o: RotatingFileOptions): RotatingFile {
  if (o.files < 1 || o.maxBytes < 1) throw new RangeError('a log keeps at least one file of at least one byte');
  mkdirSync(o.dir, { recursive: true, mode: 0o700 });
  const pathOf = (n: number) => join(o.dir, n === 0 ? `${o.name}.log` : `${o.name}.${n}.log`);
  let fd = openSync(pathOf(0), 'a', 0o600);
  let size = fstatSync(fd).size;

  const rotate = () => {
    closeSync(fd);
    rmSync(pathOf(o.files - 1), { force: true });
    for (let n = o.files - 2; n >= 0; n--) if (existsSync(pathOf(n))) renameSync(pathOf(n), pathOf(n + 1));
    fd = openSync(pathOf(0), 'a', 0o600);
    size = 0;
  };

  return {
    write(line) {
      const bytes = Buffer.from(line, 'utf8');
      if (size > 0 && size + bytes.length > o.maxBytes) {
        if (o.files === 1) {
          closeSync(fd);
          fd = openSync(pathOf(0), 'w', 0o600);
          size = 0;
        } else rotate();
      }
      writeSync(fd, bytes);
      size += bytes.length;
    },
    paths: () => Array.from({ length: o.files }, (_, n) => pathOf(o.files - 1 - n)).filter((p) => existsSync(p)),
    close: () => closeSync(fd),
  };
}

/** The files' contents, oldest first, as one text (what "save logs" hands support). */
export const readAll = (file: RotatingFile): string =>
  file
    .paths()
    .map((p) => readFileSync(p, 'utf8'))
    .join('');
