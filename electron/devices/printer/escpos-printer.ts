/**
 * The ESC/POS receipt printer, driven by the main process: it reads a paper by its target
 * (paper-source.ts), lays it out for the printer's columns (layout/), encodes it in the printer's
 * code page (escpos/), opens the cash drawer for fresh cash (drawer-rule.ts), and asks the printer
 * its state before printing and whenever the till wants to know (status/). One job at a time: the
 * link is opened for a job and closed after it.
 */

import type { PrinterDevice, PrinterState, PrinterTest, PrintOutcome } from '../../../shared/bridge/api.js';
import type { PaperTarget } from '../../../shared/paper/paper.js';
import { DrawerRule } from './drawer-rule.js';
import { DRAWER_PULSE, DRAWER_PULSE_NOW } from './escpos/drawer.js';
import { testPageBytes } from './escpos/test-page.js';
import { paperBytes } from './escpos/writer.js';
import { paperBlocks } from './layout/paper.js';
import type { PrinterLink } from './link/link.js';
import { describeLink, openLink } from './link/open-link.js';
import { type ReadRows, readNumberedPaper } from './paper-source.js';
import { askStatus } from './status/ask.js';

export interface EscposDeps {
  readonly device: () => PrinterDevice;
  readonly copies: () => number;
  /** The shop's time zone: an X-report is dated on its wall clock. */
  readonly timeZone: () => string;
  readonly read: ReadRows;
  readonly open?: (device: PrinterDevice) => Promise<PrinterLink>;
  readonly now?: () => Date;
  /** How long a document may wait for its fiscal number before it prints without it. */
  readonly numberWaitMs?: number;
  readonly onState?: (state: PrinterState) => void;
}

/** The conditions in which the printer will not print now. */
const NOT_PRINTING = new Set(['paper_out', 'cover_open', 'error', 'offline', 'unreachable']);

const problemOf = (c: PrinterState['condition']): Extract<PrintOutcome, { status: 'failed' }>['problem'] =>
  c === 'paper_out' || c === 'cover_open' || c === 'offline' || c === 'unreachable' ? c : 'error';

export class EscposPrinter {
  private last: PrinterState | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly rule: DrawerRule;
  private readonly open: (device: PrinterDevice) => Promise<PrinterLink>;
  private readonly now: () => Date;

  constructor(private readonly deps: EscposDeps) {
    this.now = deps.now ?? (() => new Date());
    this.rule = new DrawerRule(this.now);
    this.open = deps.open ?? openLink;
  }

  /** The state as last asked of the printer the settings name now; null for the system printer. */
  state(): PrinterState | null {
    const { connection } = this.deps.device();
    if (connection === 'system') return null;
    if (this.last?.connection === connection) return this.last;
    return { connection, condition: 'unknown', paperNearEnd: false, checkedAt: null, reason: 'not asked yet' };
  }

  /** Asks the printer now. */
  check(): Promise<PrinterState | null> {
    const device = this.deps.device();
    if (device.connection === 'system') return Promise.resolve(null);
    return this.serial(async () => {
      const job = await this.connect(device);
      if ('state' in job) return job.state;
      try {
        return this.said(device, await this.reading(device, job.link));
      } finally {
        await job.link.close().catch(() => undefined);
      }
    });
  }

  /** Prints a paper, each copy its own cut; the drawer opens first when the paper's cash is due. */
  async print(target: PaperTarget): Promise<PrintOutcome> {
    const paper = await readNumberedPaper(this.deps.read, target, this.deps.numberWaitMs);
    const device = this.deps.device();
    // Remembered only once its pulse went out: a printer not reached opens it at the next try.
    const kicked = device.drawer && this.rule.due(paper) ? () => this.rule.opened(paper) : undefined;
    const blocks = paperBlocks(paper, this.deps.timeZone());
    const copies = Math.max(1, this.deps.copies());
    return this.serial(() =>
      this.job(
        device,
        async (link) => {
          // The drawer's pulse heads the first copy, so the drawer opens as the receipt starts.
          for (let i = 0; i < copies; i++) {
            await link.write(paperBytes(blocks, device, i === 0 && kicked ? DRAWER_PULSE : undefined));
            if (i === 0) kicked?.();
          }
          return { status: 'printed', printer: describeLink(device), copies };
        },
        kicked,
      ),
    );
  }

  /** Opens the drawer for a paper given without printing; true when its cash was due and the pulse was sent. */
  async openDrawer(target: PaperTarget): Promise<boolean> {
    const device = this.deps.device();
    if (!device.drawer || device.connection === 'system') return false;
    const paper = await readNumberedPaper(this.deps.read, target, 0);
    if (!this.rule.due(paper)) return false;
    return this.serial(async () => {
      const opened = await this.connect(device);
      if ('state' in opened) return false;
      try {
        // The real-time pulse: the printer performs it whatever its paper and cover.
        await opened.link.write(DRAWER_PULSE_NOW);
        this.rule.opened(paper);
        return true;
      } catch {
        return false;
      } finally {
        await opened.link.close().catch(() => undefined);
      }
    });
  }

  /** The test page, then the state the printer reports. */
  async test(): Promise<PrinterTest> {
    const device = this.deps.device();
    const printed = await this.serial(() =>
      this.job(device, async (link) => {
        await link.write(testPageBytes(device, describeLink(device)));
        return { status: 'printed', printer: describeLink(device), copies: 1 };
      }),
    );
    const state = (await this.check()) ?? this.said(device, undefined);
    return { state, printed };
  }

  /**
   * One job on an open link: the printer's state first where it can say it; a printer that will
   * not print now gets nothing but the drawer's real-time pulse when its cash is due (`kicked`,
   * told once the pulse went out): the change is given whatever the paper.
   */
  private async job(
    device: PrinterDevice,
    work: (link: PrinterLink) => Promise<PrintOutcome>,
    kicked?: () => void,
  ): Promise<PrintOutcome> {
    const opened = await this.connect(device);
    if ('state' in opened) return { status: 'failed', problem: 'unreachable', reason: opened.state.reason };
    const { link } = opened;
    try {
      const state = this.said(device, await this.reading(device, link));
      if (NOT_PRINTING.has(state.condition)) {
        if (kicked) {
          await link.write(DRAWER_PULSE_NOW);
          kicked();
        }
        return { status: 'failed', problem: problemOf(state.condition), reason: state.reason };
      }
      return await work(link);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      this.said(device, { condition: 'unreachable', paperNearEnd: false, reason });
      return { status: 'failed', problem: 'unreachable', reason };
    } finally {
      await link.close().catch(() => undefined);
    }
  }

  private async connect(device: PrinterDevice): Promise<{ link: PrinterLink } | { state: PrinterState }> {
    try {
      return { link: await this.open(device) };
    } catch (err) {
      const reason = `${describeLink(device)}: ${err instanceof Error ? err.message : String(err)}`;
      return { state: this.said(device, { condition: 'unreachable', paperNearEnd: false, reason }) };
    }
  }

  private async reading(device: PrinterDevice, link: PrinterLink): Promise<Omit<PrinterState, 'connection' | 'checkedAt'>> {
    if (!link.answers)
      return { condition: 'unknown', paperNearEnd: false, reason: `${describeLink(device)} says nothing of the paper` };
    const r = await askStatus(link);
    return r ?? { condition: 'unknown', paperNearEnd: false, reason: 'the printer does not answer status queries (DLE EOT)' };
  }

  private said(device: PrinterDevice, r: Omit<PrinterState, 'connection' | 'checkedAt'> | undefined): PrinterState {
    const state: PrinterState = {
      connection: device.connection,
      condition: r?.condition ?? 'unknown',
      paperNearEnd: r?.paperNearEnd ?? false,
      reason: r?.reason ?? '',
      checkedAt: this.now().toISOString(),
    };
    this.last = state;
    this.deps.onState?.(state);
    return state;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
