/**
 * What the cashier's keys do to the sale, through the bridge. Nothing here makes the cashier
 * wait for the back office: a line appears from the lookup at once and is priced when the answer
 * comes; while the service is unreachable the lookup comes from the till's catalogue copy, lines
 * keep the shelf price, marked "price not confirmed", and the close waits in the outbox.
 *
 * Every line write sends the line's whole quantity (pos.checkout_apply_sale_line: a quant sets,
 * 0 removes; without one it would add a unit), so a write sent twice, or late, cannot count twice.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type {
  AppStatus,
  CardOutcome,
  CatalogItem,
  PublicSettings,
  WriteLabel,
  WriteOutcome,
} from '../../../shared/bridge/api.js';
import type { ParamsOf, ResultRowOf } from '../../../shared/contract/index.js';
import { MAX_RECEIPT_LINES } from '../../../shared/contract/operations/bounds.js';
import { stampFormatProblem } from '../../../shared/excise/stamp-format.js';
import { BridgeError, getBridge } from '../../bridge/index.js';
import { Dec, dec, toWire } from '../../money/money.js';
import { fetchRead, rowsOf } from '../../rpc/hooks.js';
import { tellDisplay } from '../customer-display/index.js';
import { printerGate } from '../receipt/index.js';
import { closeParams, closeSummary, type SaleProblem, saleProblem, type Tender } from './close-request.js';
import { MAX_CODE_CHARS, shownCode, tooLong } from './entry-length.js';
import { type Notice, useNotice } from './notice-store.js';
import { type Found, lineLimit, maxQuantity, type PriceState, saleTotal, stampsMissing, stampsOf } from './sale-lines.js';
import { useSale } from './sale-store.js';
import { type EntryKind, isMisreadScan } from './scanner.js';
import { firstRow, saleGroup, send, sendCard } from './send.js';
import { catalogMirror } from './use-catalog-mirror.js';

type FoundRow = ResultRowOf<'pos.find_code'>;
type PricedRow = ResultRowOf<'pos.checkout_apply_sale_line'>;
type ClosedRow = ResultRowOf<'pos.checkout_close_sale'>;
type ManualRow = ResultRowOf<'pos.checkout_manual_price'>;

/** While the service is away a write returns "queued" after this long instead of the usual wait. */
const OFFLINE_WAIT_MS = 300;
/** A close may queue behind the sale's line writes; give it time to be done while online. */
const CLOSE_WAIT_MS = 5000;

/** What a product scan found, and what the till knows of it from its catalogue copy. */
export interface Candidate {
  readonly found: Found;
  readonly item: CatalogItem | null;
  /** The code came from the scale's label (the weight is in it). */
  readonly weighed: boolean;
}

export type ScanResult =
  | { readonly kind: 'line'; readonly code: string; readonly needsStamps: boolean }
  /** Goods for adults only: the buyer's age is to be checked before the line is added. */
  | { readonly kind: 'age'; readonly candidate: Candidate }
  /** Goods by weight scanned by their plain barcode: the weight is to be typed (or their scale label scanned). */
  | { readonly kind: 'weigh'; readonly candidate: Candidate }
  | { readonly kind: 'stamp'; readonly code: string; readonly stamp: string; readonly result: StampResult }
  /** The receipt, or the line, holds as much as one receipt may: said, and nothing added. */
  | { readonly kind: 'card' | 'unknown' | 'misread' | 'failed' | 'full' };

export type StampResult =
  | { readonly kind: 'added'; readonly queued: boolean }
  | { readonly kind: 'empty' | 'here' }
  /** Not a stamp at all: a product's barcode, a bare number, another format. */
  | { readonly kind: 'notStamp'; readonly problem: 'barcode' | 'number' | 'format' | 'product' }
  | { readonly kind: 'refused' | 'unknown' | 'failed'; readonly error: unknown };

export type CloseResult =
  | { readonly kind: 'closed' }
  | { readonly kind: 'problem'; readonly problem: SaleProblem }
  | { readonly kind: 'refused' | 'failed'; readonly error: unknown }
  /** The card terminal did not approve the card part (declined, away, or its outcome unknown): the sale stays open. */
  | { readonly kind: 'card'; readonly outcome: Exclude<CardOutcome, { status: 'approved' }> }
  /** The terminal approved, and the back office refused the close at once; the till voided the payment, or could not. */
  | { readonly kind: 'cardRefused'; readonly error: unknown; readonly voided: boolean };

export type ManualResult =
  | { readonly kind: 'confirmed'; readonly manager: string }
  | { readonly kind: 'wrongPin'; readonly attemptsLeft: number }
  | { readonly kind: 'locked'; readonly until: string }
  | { readonly kind: 'failed'; readonly error: unknown };

export interface Payment {
  readonly tenders: readonly Tender[];
  /** The card part is paid on the bank card terminal first (cardSale); otherwise it was typed in by hand. */
  readonly byTerminal?: boolean;
  /** Cash handed over by the buyer. */
  readonly cashGiven: Dec;
  /** The mixed-payment split to store with the sale document before the close. */
  readonly mixed?: {
    readonly nal: Dec;
    readonly bn: Dec;
    readonly debt: Dec;
    readonly bonus: Dec;
    readonly cert: Dec;
    readonly certNumber: string;
  };
}

const label = (key: string, values: Record<string, string> = {}): WriteLabel => ({ key, values });

/** The row pos.find_code answers for a product's own code or another barcode of it, from the catalogue copy. */
function copyRow(item: CatalogItem, scanned: string): FoundRow {
  return {
    kind: item.code === scanned ? 'product' : 'extra',
    code: item.code,
    name: item.name,
    price: item.price,
    quantity: '1.000',
    unit_type: item.unit,
    excise_input: item.excise ? '1' : '0',
    matched: scanned,
    debt: '0.00',
    debt_limit: '0.00',
    bonus: '0.00',
    discount_percent: '0',
  };
}

const isNetworkError = (e: unknown) =>
  e instanceof BridgeError && (e.code === 'NETWORK_ERROR' || e.code === 'TIMEOUT' || e.code === 'UPSTREAM_FAILURE');

export function saleActions(client: QueryClient) {
  const settingsOf = (): Promise<PublicSettings> =>
    client.ensureQueryData({ queryKey: ['settings'], queryFn: () => getBridge().settingsGet() });
  /** The till's number, from the settings (fetched once, then cached by react-query). */
  const kasmOf = async (): Promise<number> => (await settingsOf()).till.kasm;
  const sale = () => useSale.getState();
  const say = (n: Notice | null) => useNotice.getState().say(n);
  const offline = () => useNotice.getState().stale || client.getQueryData<AppStatus>(['status'])?.connection === 'offline';
  const waitMs = (online?: number) => (offline() ? OFFLINE_WAIT_MS : online);
  const freshState = (): PriceState => (offline() ? 'unconfirmed' : 'pending');
  /** From the page's mirror of the copy when it holds the code (no round trip), else from the desk's copy. */
  const catalogItem = async (code: string): Promise<CatalogItem | null> =>
    catalogMirror.item(code) ??
    getBridge()
      .catalogItem(code)
      .catch(() => null);

  /** Asks the back office to price a line at its current quantity; a late answer for another quantity is dropped. */
  async function price(code: string): Promise<void> {
    const { ndoc, card } = sale();
    const line = sale().lines.find((l) => l.code === code);
    if (line?.priceState !== 'pending') return;
    let outcome: WriteOutcome;
    try {
      const kasm = await kasmOf();
      outcome = await send(
        client,
        'pos.checkout_apply_sale_line',
        { code, ndoc, quant: line.quantity, kasm, disc_card: card?.code ?? '' },
        {
          group: saleGroup(ndoc),
          summary: `sale ${ndoc}: line ${code} × ${line.quantity}`,
          label: label('saleLine', { name: line.name, quantity: line.quantity, unit: line.unit }),
          waitMs: waitMs(),
        },
      );
    } catch (error) {
      if (sale().ndoc === ndoc) sale().setPriceState(code, line.revision, 'unconfirmed');
      say({ tone: 'warn', key: 'priceFailed', values: { name: line.name }, error });
      return;
    }
    if (sale().ndoc !== ndoc) return;
    const row = firstRow<PricedRow>(outcome);
    if (row) return sale().applyPriced(code, line.revision, row);
    sale().setPriceState(code, line.revision, 'unconfirmed');
    // Not answered: the line stands on the till's own copy, which the screen says (a scan the copy
    // knows no longer asks the service, so this is where the till first learns it is on its own).
    if (outcome.status === 'queued') useNotice.getState().setStale(true);
    if (outcome.status === 'refused' || outcome.status === 'reconcile') {
      say({ tone: 'warn', key: 'priceRefused', values: { name: line.name }, error: BridgeError.from(outcome.error) });
    }
  }

  /** Releases stamps scanned for this sale, so they may be sold again. */
  async function release(ndoc: string, stamps: readonly string[]): Promise<void> {
    const kasm = await kasmOf();
    for (const code of stamps) {
      send(
        client,
        'pos.excise_clear_pending',
        { code, kasm },
        {
          group: saleGroup(ndoc),
          summary: `release excise stamp ${code}`,
          label: label('stampRelease', { stamp: code }),
          waitMs: OFFLINE_WAIT_MS,
        },
      ).catch((error: unknown) => say({ tone: 'warn', key: 'releaseFailed', values: { stamp: code }, error }));
    }
  }

  function attachCard(row: FoundRow): ScanResult {
    const before = sale().card?.code;
    sale().attachCard({ code: row.code, holder: row.name });
    say({ tone: 'info', key: 'cardAttached', values: { holder: row.name || row.code } });
    if (before !== row.code) {
      // The back office reprices every line of the document for the card (discount and bonus).
      for (const l of sale().lines) {
        sale().setQuantity(l.code, dec(l.quantity), freshState());
        void price(l.code);
      }
    }
    return { kind: 'card' };
  }

  /** Puts a product on the sale once nothing is left to ask: age, then weight. */
  async function admit(c: Candidate, quantity?: Dec): Promise<ScanResult> {
    const limit = c.item?.ageLimit ?? (c.found.excise ? 18 : 0);
    if (limit > sale().ageChecked) return { kind: 'age', candidate: c };
    if (quantity === undefined && (c.item?.weighted ?? false) && !c.weighed) return { kind: 'weigh', candidate: c };
    sale().begin(await kasmOf());
    const found = quantity === undefined ? c.found : { ...c.found, quantity: quantity.toFixed() };
    const full = lineLimit(sale().lines, found);
    if (full) {
      const max = full === 'receiptFull' ? String(MAX_RECEIPT_LINES) : maxQuantity(found.weighted, found.excise).toFixed();
      say({ tone: 'warn', key: full, values: { name: found.name, max } });
      return { kind: 'full' };
    }
    const line = sale().addFound(found, freshState());
    say(null);
    // The books may say the shelf is empty: the sale goes on, the back office records the shortage.
    if (c.item && dec(line.quantity).gt(dec(c.item.stock))) {
      say({
        tone: 'warn',
        key: 'stockShort',
        values: { name: line.name, stock: c.item.stock, quantity: line.quantity, unit: line.unit },
      });
    }
    void price(line.code);
    return { kind: 'line', code: line.code, needsStamps: stampsMissing(line) > 0 };
  }

  /** The buyer's age was checked for goods of this limit: the product goes on. */
  async function confirmAge(c: Candidate): Promise<ScanResult> {
    sale().confirmAge(c.item?.ageLimit ?? 18);
    return admit(c);
  }

  /** A stamp scanned straight into the sale: it goes to the first line still missing one. */
  async function stampFromScan(code: string): Promise<ScanResult> {
    const line = sale().lines.find((l) => stampsMissing(l) > 0);
    if (!line) {
      say({ tone: 'error', key: 'stampNoLine', values: { stamp: code } });
      return { kind: 'unknown' };
    }
    return { kind: 'stamp', code: line.code, stamp: code, result: await addStamp(line.code, code, false) };
  }

  async function scan(text: string, entry: EntryKind): Promise<ScanResult> {
    const code = text.trim();
    if (code === '') return { kind: 'unknown' };
    if (tooLong(code)) {
      say({ tone: 'error', key: 'tooLong', values: { count: code.length, max: MAX_CODE_CHARS, code: shownCode(code) } });
      return { kind: 'unknown' };
    }
    if (isMisreadScan(code, entry)) {
      say({ tone: 'error', key: 'misread', values: { code: shownCode(code) } });
      return { kind: 'misread' };
    }
    const masks = (await settingsOf().catch(() => undefined))?.stampMasks;
    if (stampFormatProblem(code, masks) === undefined) return stampFromScan(code);
    let row: FoundRow | undefined;
    let item: CatalogItem | null = null;
    try {
      // A product the till's catalogue copy knows by this code goes on the receipt from the copy:
      // pos.find_code would say the same (product, then extra code) and the line is priced by the
      // back office anyway (price(), and the close). Only what the copy cannot tell (a weighed
      // label, a discount card, a code it has not read) goes to the service.
      item = await catalogItem(code);
      if (item) {
        row = copyRow(item, code);
        if (offline()) useNotice.getState().setStale(true);
      } else {
        // Codes with letters are looked up as they are (a product's own code may have them).
        const outcome = await fetchRead(client, 'pos.find_code', { code, allow_alpha: /\D/.test(code) });
        useNotice.getState().setStale(outcome.stale);
        row = rowsOf(outcome)[0];
        item = row && row.kind !== 'card' ? await catalogItem(row.code) : null;
      }
    } catch (error) {
      if (error instanceof BridgeError && error.code === 'INVALID_PARAMETER') {
        say({ tone: 'error', key: 'unknownCode', values: { code: shownCode(code) } });
        return { kind: 'unknown' };
      }
      say({
        tone: 'error',
        key: isNetworkError(error) ? 'lookupOffline' : 'lookupFailed',
        values: { code: shownCode(code) },
        error,
      });
      return { kind: 'failed' };
    }
    if (!row) {
      say({ tone: 'error', key: 'unknownCode', values: { code: shownCode(code) } });
      return { kind: 'unknown' };
    }
    if (row.kind === 'card') return attachCard(row);
    return admit({
      found: {
        code: row.code,
        name: row.name,
        unit: row.unit_type,
        price: row.price,
        quantity: row.quantity,
        excise: row.excise_input === '1',
        weighted: item?.weighted ?? row.kind === 'weight',
      },
      item,
      weighed: row.kind === 'weight',
    });
  }

  function changeQuantity(code: string, quantity: Dec): void {
    const { ndoc } = sale();
    say(null);
    const line = sale().setQuantity(code, quantity, freshState());
    const dropped = sale().trimStamps(code);
    if (dropped.length > 0) void release(ndoc, dropped);
    void price(code);
    if (line) {
      void catalogItem(code).then((item) => {
        if (item && dec(line.quantity).gt(dec(item.stock))) {
          say({
            tone: 'warn',
            key: 'stockShort',
            values: { name: line.name, stock: item.stock, quantity: line.quantity, unit: line.unit },
          });
        }
      });
    }
  }

  async function removeLine(code: string): Promise<void> {
    const { ndoc, lines, card } = sale();
    const line = lines.find((l) => l.code === code);
    if (!line) return;
    say(null);
    sale().remove(code);
    if (line.stamps.length > 0) void release(ndoc, line.stamps);
    if (offline()) return;
    const kasm = await kasmOf();
    send(
      client,
      'pos.checkout_apply_sale_line',
      { code, ndoc, quant: '0', kasm, disc_card: card?.code ?? '' },
      {
        group: saleGroup(ndoc),
        summary: `sale ${ndoc}: remove ${code}`,
        label: label('saleRemove', { name: line.name }),
        waitMs: OFFLINE_WAIT_MS,
      },
    ).catch(() => undefined); // the close carries the lines it sells; a line left in the draft document changes nothing
  }

  /**
   * A stamp for a line. What is not a stamp is never sent: a product's barcode (its own or any
   * valid EAN), a bare number, anything outside the accepted formats (shared/excise/stamp-format.ts).
   */
  async function addStamp(code: string, text: string, manual: boolean): Promise<StampResult> {
    const stamp = text.trim();
    if (stamp === '') return { kind: 'empty' };
    const problem = stampFormatProblem(stamp, (await settingsOf().catch(() => undefined))?.stampMasks);
    if (problem) return { kind: 'notStamp', problem };
    if (await catalogItem(stamp)) return { kind: 'notStamp', problem: 'product' };
    if (stampsOf(sale().lines).has(stamp)) return { kind: 'here' };
    const { ndoc } = sale();
    let outcome: WriteOutcome;
    try {
      const kasm = await kasmOf();
      outcome = await send(
        client,
        'pos.excise_add_mark',
        { code: stamp, etax: true, kasm },
        {
          group: saleGroup(ndoc),
          summary: `sale ${ndoc}: excise stamp ${stamp}${manual ? ' (typed by hand)' : ''}`,
          label: label(manual ? 'stampTyped' : 'stamp', { stamp }),
          waitMs: waitMs(),
        },
      );
    } catch (error) {
      return { kind: 'failed', error };
    }
    if (outcome.status === 'refused') return { kind: 'refused', error: BridgeError.from(outcome.error) };
    if (outcome.status === 'reconcile') return { kind: 'unknown', error: BridgeError.from(outcome.error) };
    if (sale().ndoc === ndoc) sale().addStamp(code, stamp);
    return { kind: 'added', queued: outcome.status === 'queued' };
  }

  function cancelSale(): void {
    const { ndoc, lines } = sale();
    const stamps = lines.flatMap((l) => l.stamps);
    sale().cancel();
    useNotice.getState().say({ tone: 'info', key: 'cancelled' });
    if (stamps.length > 0) void release(ndoc, stamps);
  }

  /**
   * Sets the sale aside for the next buyer. Its stamps are released at the back office (pending
   * stamps of the till belong to the sale in progress) and scanned in again on recall.
   */
  function park(): boolean {
    const parked = sale().park();
    if (!parked) return false;
    const stamps = parked.lines.flatMap((l) => l.stamps);
    if (stamps.length > 0) void release(parked.ndoc, stamps);
    say({ tone: 'info', key: 'parked', values: { count: parked.lines.length } });
    return true;
  }

  /** Brings a parked sale back; a stamp sold elsewhere meanwhile is refused again and comes off its line. */
  async function recall(ndoc: string): Promise<boolean> {
    if (sale().lines.length > 0) {
      say({ tone: 'error', key: 'recallBusy' });
      return false;
    }
    const back = sale().recall(ndoc);
    if (!back) return false;
    say({ tone: 'info', key: 'recalled', values: { count: back.lines.length } });
    const kasm = await kasmOf();
    for (const line of back.lines) {
      for (const stamp of line.stamps) {
        const outcome = await send(
          client,
          'pos.excise_add_mark',
          { code: stamp, etax: true, kasm },
          {
            group: saleGroup(ndoc),
            summary: `sale ${ndoc}: excise stamp ${stamp} (recalled)`,
            label: label('stamp', { stamp }),
            waitMs: waitMs(),
          },
        ).catch((error: unknown) => ({ status: 'failed' as const, error }));
        if (outcome.status === 'refused' || outcome.status === 'reconcile') {
          sale().dropStamps([stamp]);
          say({ tone: 'error', key: 'recallStamp', values: { stamp }, error: BridgeError.from(outcome.error) });
        }
      }
    }
    for (const l of sale().lines) if (l.priceState !== 'confirmed') void price(l.code);
    return true;
  }

  /** A manual price or discount on a line, confirmed by a manager's PIN at the back office. */
  async function manualPrice(
    code: string,
    change: { price?: Dec; percent?: Dec; reason: string; managerCard: string; pin: string },
  ): Promise<ManualResult> {
    const { ndoc, card } = sale();
    const line = sale().lines.find((l) => l.code === code);
    if (!line) return { kind: 'failed', error: new Error('no such line') };
    const params: ParamsOf<'pos.checkout_manual_price'> = {
      ndoc,
      code,
      kasm: await kasmOf(),
      quant: line.quantity,
      disc_card: card?.code ?? '',
      reason: change.reason,
      manager_card: change.managerCard,
      pin: change.pin,
      ...(change.price ? { price: toWire(change.price) } : { percent: change.percent?.toFixed() ?? '0' }),
    };
    let row: ManualRow | undefined;
    try {
      row = (await getBridge().confirmManualPrice(params)).rows[0] as ManualRow | undefined;
    } catch (error) {
      return { kind: 'failed', error };
    }
    if (!row) return { kind: 'failed', error: new Error('no answer row') };
    if (row.outcome === 'wrong_pin') return { kind: 'wrongPin', attemptsLeft: Number(row.attempts_left) };
    if (row.outcome === 'locked') return { kind: 'locked', until: row.locked_until };
    const now = sale().lines.find((l) => l.code === code);
    if (now) {
      sale().applyPriced(code, now.revision, { ...row, name: now.name });
      sale().setManual(code, { confirmationId: row.confirmation_id, manager: row.manager });
    }
    say({ tone: 'info', key: 'manualDone', values: { name: line.name, manager: row.manager } });
    return { kind: 'confirmed', manager: row.manager };
  }

  async function storeMixed(ndoc: string, card: string, m: NonNullable<Payment['mixed']>): Promise<unknown> {
    const outcome = await send(
      client,
      'pos.checkout_store_mixed_payment',
      {
        ndoc,
        card,
        nal: toWire(m.nal),
        bn: toWire(m.bn),
        debt: toWire(m.debt),
        bonus: toWire(m.bonus),
        cert: toWire(m.cert),
        ncert: m.certNumber,
      },
      { group: saleGroup(ndoc), summary: `sale ${ndoc}: mixed payment`, label: label('saleMixed'), waitMs: waitMs() },
    );
    return outcome.status === 'refused' ? BridgeError.from(outcome.error) : undefined;
  }

  async function close(payment: Payment): Promise<CloseResult> {
    const { ndoc, lines, card } = sale();
    const problem = saleProblem(lines);
    if (problem) return { kind: 'problem', problem };
    // A receipt that cannot be printed is said before the sale closes into it (receipt/printer-gate.ts).
    if ((await printerGate(client)) === 'back') return { kind: 'problem', problem: { kind: 'printer' } };
    const total = saleTotal(lines);
    const cardCode = card?.code ?? '';
    const params = closeParams({
      ndoc,
      kasm: await kasmOf(),
      lines,
      card: cardCode,
      tenders: payment.tenders,
      cashGiven: payment.cashGiven,
      mixed: payment.mixed !== undefined,
    });
    let outcome: WriteOutcome;
    try {
      if (payment.mixed) {
        const refused = await storeMixed(ndoc, cardCode, payment.mixed);
        if (refused) return { kind: 'refused', error: refused };
      }
      const options = {
        group: saleGroup(ndoc),
        summary: closeSummary(ndoc, lines.length, total),
        label: label('saleClose', { count: String(lines.length), total: toWire(total) }),
        waitMs: waitMs(CLOSE_WAIT_MS),
      };
      if (payment.byTerminal) {
        // The main process pays on the terminal and, only once it approved, stores the close with the approval.
        const paid = await sendCard(client, params, options);
        if (paid.status !== 'approved') return { kind: 'card', outcome: paid };
        if (paid.write.status === 'refused')
          return { kind: 'cardRefused', error: BridgeError.from(paid.write.error), voided: paid.voided === true };
        outcome = paid.write;
      } else {
        outcome = await send(client, 'pos.checkout_close_sale', params, options);
      }
    } catch (error) {
      return { kind: 'failed', error };
    }
    if (outcome.status === 'refused') return { kind: 'refused', error: BridgeError.from(outcome.error) };
    const cash = payment.tenders.filter((x) => x.type === 'nal').reduce((s, x) => s.plus(x.amount), dec(0));
    const change = toWire(Dec.max(0, payment.cashGiven.minus(cash)));
    const row = firstRow<ClosedRow>(outcome);
    if (row) {
      sale().finish({
        status: 'done',
        ndoc,
        checkNumber: row.check_number,
        total: row.total,
        change: row.change,
        bonusAccrued: row.bonus_accrued,
      });
    } else if (outcome.status === 'reconcile') {
      sale().finish({ status: 'reconcile', ndoc, total: toWire(total) });
    } else {
      sale().finish({ status: 'queued', ndoc, total: toWire(total), change, outboxId: outcome.id });
    }
    // The customer sees what they gave and their change; the display greets the next one by itself.
    const paid = payment.tenders.filter((x) => x.type !== 'nal').reduce((s, x) => s.plus(x.amount), payment.cashGiven);
    tellDisplay(
      outcome.status === 'reconcile' ? { kind: 'idle' } : { kind: 'paid', paid: toWire(paid), change: row?.change ?? change },
    );
    say(null);
    return { kind: 'closed' };
  }

  return { scan, admit, confirmAge, changeQuantity, removeLine, addStamp, cancelSale, park, recall, manualPrice, close };
}

export type SaleActions = ReturnType<typeof saleActions>;

export function useSaleActions(): SaleActions {
  const client = useQueryClient();
  return useMemo(() => saleActions(client), [client]);
}
