/**
 * The till's devices as the core drives them: the ESC/POS printer (and the drawer on it), the card
 * terminal with the card payments on it, the scale and the customer display. A device's failure is
 * said in the status bar and the log, never to a sale; only a card payment waits for its device.
 */
import type { WriteOutcome } from '../../shared/bridge/api.js';
import { BridgeError } from '../../shared/bridge/errors.js';
import { CustomerDisplay } from '../devices/display/customer-display.js';
import { EscposPrinter } from '../devices/printer/escpos-printer.js';
import { releaseSerial } from '../devices/printer/link/serial.js';
import { outcomeOf } from './bridge/outcomes.js';
import { CardPayments } from './card/card-payments.js';
import { CardStore } from './card/card-store.js';
import { terminalTest } from './card/terminal-checks.js';
import { TerminalLink } from './card/terminal-link.js';
import type { DeskContext } from './desk/context.js';
import { DEFAULT_WAIT_MS } from './options.js';
import { ScaleReader } from './scale/scale-reader.js';

type Deps = Pick<
  DeskContext,
  'opts' | 'settings' | 'client' | 'db' | 'store' | 'drainer' | 'events' | 'health' | 'queueEvent' | 'log' | 'logFault'
>;

export interface TillDevices {
  readonly escpos: EscposPrinter;
  readonly scale: ScaleReader;
  readonly terminalLink: TerminalLink;
  readonly cards: CardPayments;
  readonly display: CustomerDisplay;
  /** Refuses an ESC/POS act at a till that prints through the system printer. */
  escposOnly(): void;
  /** The terminal's word told to the status bar. */
  terminalEvent(): void;
  /** The status bar's word on the terminal: a ping now and then, never while a payment or a report is on it. */
  probeTerminal(): void;
  close(): Promise<void>;
}

export function openTillDevices(d: Deps): TillDevices {
  const escpos = receiptPrinter(d);
  const scale = new ScaleReader(d.opts.scaleTimeoutMs, () => d.events.emit({ type: 'scale', status: scale.status() }));
  const terminalLink = new TerminalLink(
    () => d.settings.get().terminal,
    (what) => d.log('warn', 'card terminal', { what }),
  );
  const terminalEvent = () => d.events.emit({ type: 'terminal', status: terminalLink.status(cards.pending()) });
  const cards = cardPayments(d, terminalLink, terminalEvent);
  const display = new CustomerDisplay({
    settings: () => d.settings.get().customerDisplay,
    changed: (s) => d.log(s.state === 'ready' ? 'info' : 'warn', 'customer display', { state: s.state, error: s.reason }),
  });
  // A display switched on with the till greets from the start, whatever it showed before.
  display.show({ kind: 'idle' });
  // A payment a crash or a power cut left without its outcome is asked of the terminal first thing.
  if (cards.pending() && terminalLink.current())
    cards.recover(DEFAULT_WAIT_MS).catch((err: unknown) => d.logFault('card payment recovery', err));

  return {
    escpos,
    scale,
    terminalLink,
    cards,
    display,
    escposOnly: () => {
      if (d.settings.get().printerDevice.connection === 'system')
        throw new BridgeError(
          'NO_PRINTER',
          'this cash desk prints through the system printer, not ESC/POS (Settings, receipt printer)',
        );
    },
    terminalEvent,
    probeTerminal: () => {
      if (!terminalLink.current() || terminalLink.isBusy) return;
      terminalTest(terminalLink, d.settings.get().terminal)
        .then(terminalEvent)
        .catch((err: unknown) => d.logFault('card terminal probe', err));
    },
    async close() {
      await terminalLink.close();
      await releaseSerial();
      await display.close();
    },
  };
}

/**
 * The ESC/POS printer reads each paper itself through the RPC client, by the target the
 * interface names: the interface never hands the main process a paper's content to print.
 */
function receiptPrinter(d: Deps): EscposPrinter {
  let condition = '';
  return new EscposPrinter({
    device: () => d.settings.get().printerDevice,
    copies: () => d.settings.get().printer.copies,
    timeZone: () => d.settings.get().timeZone,
    read: async (method, params) => {
      const outcome = await d.client.call(method, params);
      if (outcome.kind === 'ok') return outcome.result.rows;
      throw BridgeError.from(outcome.error);
    },
    // A change of the printer's state is logged once, not at every probe.
    onState: (s) => {
      if (s.condition === condition) return;
      condition = s.condition;
      d.log(s.condition === 'ready' ? 'info' : 'warn', 'receipt printer', { state: s.condition, error: s.reason });
    },
  });
}

/** Card payments, whose approved close goes into the same outbox (and the same transaction) as any write. */
function cardPayments(d: Deps, link: TerminalLink, changed: () => void): CardPayments {
  /** A write the outbox got outside the bridge's write (a card approval's close): sent and waited for as one. */
  const delivered = async (id: number, waitMs: number): Promise<WriteOutcome> => {
    d.health.wrote('outbox');
    d.queueEvent(id);
    d.drainer.kick();
    return outcomeOf(await d.drainer.waitFor(id, waitMs));
  };
  return new CardPayments({
    store: new CardStore(d.db, d.store),
    link,
    delivered,
    changed,
    log: (level, msg, fields) => d.log(level, msg, fields),
    ...(d.opts.card ?? {}),
  });
}
