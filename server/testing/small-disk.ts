/**
 * A disk that really fills up, for tests: a small tmpfs of the test's own. Unlike PRAGMA
 * max_page_count, a full file system fails SQLite where a real disk does, at the commit that writes
 * the WAL. Mounting needs root (a container's or a CI machine's); elsewhere mountSmallDisk gives
 * undefined and the test skips.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SmallDisk {
  readonly dir: string;
  /** Fills it to the last byte; returns what frees the space again. */
  fill(): () => void;
  unmount(): void;
}

export function mountSmallDisk(megabytes = 3): SmallDisk | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    rmdirSync(dir);
    return undefined;
  }
  return {
    dir,
    fill: () => fill(dir),
    unmount() {
      // Lazy: a file a failed test left open must not keep the mount (and the test run) hanging.
      execFileSync('umount', ['-l', dir]);
      rmdirSync(dir);
    },
  };
}

function fill(dir: string): () => void {
  const file = join(dir, 'filler');
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (let size = chunk.length; size > 0; ) {
      try {
        writeSync(fd, chunk, 0, size);
      } catch {
        size = Math.floor(size / 2);
      }
    }
  } finally {
    closeSync(fd);
  }
  return () => rmSync(file);
}
