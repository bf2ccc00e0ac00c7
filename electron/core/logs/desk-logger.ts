/**
 * The desk's log: JSON lines (shared-node/log/logger.ts, every field bounded) into rotating files
 * in the data folder's logs/ (a packaged till has no stderr anyone reads), and to stderr as well
 * when a person runs it from a terminal. Info and up: a card payment's steps, a print that failed,
 * the outbox's refusals are what support asks for.
 */
import { join } from 'node:path';
import { jsonLogger, type Logger } from '../../../shared-node/log/logger.js';
import { DESK_LOG_FILES, type RotatingFile, rotatingFile } from '../../../shared-node/log/rotating-file.js';

export interface DeskLog {
  readonly logger: Logger;
  readonly files: RotatingFile;
}

export function deskLog(dataDir: string, options: { stderr: boolean }): DeskLog {
  const files = rotatingFile({ dir: join(dataDir, 'logs'), ...DESK_LOG_FILES });
  const logger = jsonLogger('info', (line) => {
    files.write(line);
    if (options.stderr) process.stderr.write(line);
  });
  return { logger, files };
}
