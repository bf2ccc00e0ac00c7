/**
 * The bridge's card terminal: a sale's or a return's card part taken on the terminal (its close
 * stored in the outbox with the approval), the recovery of a payment a crash left open, the
 * terminal's test and its reports.
 */
import { randomUUID } from 'node:crypto';
import type { CardOutcome, CashdeskApi, TerminalSettings, TerminalTest } from '../../../shared/bridge/api.js';
import { BridgeError } from '../../../shared/bridge/errors.js';
import { op } from '../../../shared/contract/index.js';
import type { CardRequest } from '../card/card-payments.js';
import { terminalReport, terminalTest } from '../card/terminal-checks.js';
import { describeWrite } from '../describe-write.js';
import type { DeskContext } from '../desk/context.js';
import { DEFAULT_WAIT_MS } from '../options.js';
import type { TillDevices } from '../till-devices.js';
import { cardPart, writeOptionsOf } from './card-params.js';

type CardApi = Pick<CashdeskApi, 'cardSale' | 'cardRefund' | 'cardRecover' | 'terminalTest' | 'terminalReport'>;

/** The approval is the terminal's to give: a close the interface sends with one is refused. */
function noApproval(params: { card_payment?: unknown }): void {
  if (params.card_payment !== undefined)
    throw new BridgeError('BAD_ARGUMENTS', 'the approval is the terminal’s to give, not the interface’s', [
      { path: 'params.card_payment', problem: 'must not be sent: the terminal gives it' },
    ]);
}

export function cardBridge(d: Pick<DeskContext, 'settings' | 'session' | 'bound' | 'log'>, devices: TillDevices): CardApi {
  const { cards, terminalLink } = devices;
  /** A card payment of the sale or the return, once its params passed the bridge's checks. */
  const payByCard = (req: Omit<CardRequest, 'service' | 'cashier'>, waitMs: number | undefined): Promise<CardOutcome> =>
    cards.pay({ ...req, service: d.bound(), cashier: d.session.author() }, waitMs ?? DEFAULT_WAIT_MS);
  return {
    cardSale: async (params, options = {}) => {
      const amount = cardPart(params.payments);
      noApproval(params);
      const p = params as Record<string, unknown>;
      const described = describeWrite(op.pos.checkoutCloseSale, p);
      const ndoc = params.ndoc ?? '';
      const group = `sale-${params.ndoc ?? randomUUID()}`;
      return payByCard(
        {
          kind: 'sale',
          amount,
          ndoc,
          method: op.pos.checkoutCloseSale,
          params: p,
          options: writeOptionsOf(options, group, described),
          rrn: '',
        },
        options.waitMs,
      );
    },
    cardRefund: async (params, refund, options = {}) => {
      noApproval(params);
      const p = params as Record<string, unknown>;
      const described = describeWrite(op.pos.checkoutReturn, p);
      const group = `return-${params.check_number}`;
      return payByCard(
        {
          kind: 'refund',
          amount: refund.amount,
          ndoc: String(params.check_number),
          method: op.pos.checkoutReturn,
          params: p,
          options: writeOptionsOf(options, group, described),
          rrn: refund.rrn,
        },
        options.waitMs,
      );
    },
    cardRecover: () => cards.recover(DEFAULT_WAIT_MS),
    terminalTest: async (typed): Promise<TerminalTest> => {
      const saved = d.settings.get().terminal;
      // Another terminal than the saved one is a manager's to try: the till connects where it is told.
      if (typed && Object.keys(typed).some((k) => typed[k as keyof TerminalSettings] !== saved[k as keyof TerminalSettings]))
        d.session.mayChange('manager');
      const outcome = await terminalTest(terminalLink, { ...saved, ...(typed ?? {}), enabled: true });
      devices.terminalEvent();
      return outcome;
    },
    terminalReport: async (kind) => {
      if (!d.session.who)
        throw new BridgeError('NOT_SIGNED_IN', "nobody is signed in at the till: the terminal's reports are a person's");
      const client = terminalLink.current();
      if (!client) throw new BridgeError('TERMINAL_OFF', 'no card terminal is set up at this till (Settings, F9)');
      if (cards.pending())
        throw new BridgeError('CARD_PENDING', 'a card payment is not settled yet: the terminal is asked first');
      const report = await terminalReport(terminalLink, client, kind);
      d.log('info', 'card terminal report', { kind, ok: report.ok, code: report.code });
      return report;
    },
  };
}
