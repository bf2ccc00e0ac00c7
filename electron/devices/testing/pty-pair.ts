/**
 * Two connected virtual serial ports from Debian's socat (`socat -d -d pty,raw,echo=0
 * pty,raw,echo=0`), so the real serialport code talks to an emulated device (printer, terminal, scale, display) as it would to one
 * on a COM port. socat names the two ends on stderr ("PTY is /dev/pts/N").
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';

export interface PtyPair {
  readonly till: string;
  /** The emulated device's end. */
  readonly device: string;
  stop(): Promise<void>;
}

export const hasSocat = (): boolean => spawnSync('socat', ['-V'], { stdio: 'ignore' }).status === 0;

export function ptyPair(timeoutMs = 5000): Promise<PtyPair> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn('socat', ['-d', '-d', 'pty,raw,echo=0', 'pty,raw,echo=0'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const ends: string[] = [];
    let said = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`socat named no ptys within ${timeoutMs} ms: ${said}`));
    }, timeoutMs);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      for (const m of said.matchAll(/PTY is (\S+)/g)) if (!ends.includes(m[1] as string)) ends.push(m[1] as string);
      if (ends.length === 2 && said.includes('starting data transfer loop')) {
        clearTimeout(timer);
        resolve({
          till: ends[0] as string,
          device: ends[1] as string,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill();
            }),
        });
      }
    });
  });
}
