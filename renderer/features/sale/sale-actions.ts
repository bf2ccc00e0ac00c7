/**
 * What the cashier's keys do to the sale, through the bridge. Nothing here makes the cashier
 * wait for the back office: a line appears from the lookup at once and is priced when the answer
 * comes; while the service is unreachable (the lookup came from the till's cache) lines keep the
 * shelf price, marked "price not confirmed", and the close waits in the outbox.
 *
 * Every line write sends the line's whole quantity (pos.checkout_apply_sale_line: a quant sets,
 * 0 removes; without one it would add a unit), so a write sent twice, or late, cannot count twice.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useMemo } from 'react';
import type { AppStatus, WriteOutcome } from '../../../shared/bridge/api.js';
import type { ResultRowOf } from '../../../shared/contract/index.js';
import { BridgeError, getBridge } from '../../bridge/index.js';
import { Dec, dec, toWire } from '../../money/money.js';
import { fetchRead, rowsOf } from '../../rpc/hooks.js';
import { closeParams, closeSummary, type SaleProblem, saleProblem, type Tender } from './close-request.js';
import { type Notice, useNotice } from './notice-store.js';
import { type PriceState, saleTotal, stampsMissing, stampsOf } from './sale-lines.js';
import { useSale } from './sale-store.js';
import { type EntryKind, isMisreadScan } from './scanner.js';
import { firstRow, saleGroup, send } from './send.js';

type FoundRow = ResultRowOf<'pos.find_code'>;
type PricedRow = ResultRowOf<'pos.checkout_apply_sale_line'>;
type ClosedRow = ResultRowOf<'pos.checkout_close_sale'>;

/** While the service is away a write returns "queued" after this long instead of the usual wait. */
const OFFLINE_WAIT_MS = 300;
/** A close may queue behind the sale's line writes; give it time to be done while online. */
const CLOSE_WAIT_MS = 5000;

export type ScanResult =
  | { readonly kind: 'line'; readonly code: string; readonly needsStamps: boolean }
  | { readonly kind: 'card' | 'unknown' | 'misread' | 'failed' };

export type StampResult =
  | { readonly kind: 'added'; readonly queued: boolean }
  | { readonly kind: 'empty' | 'here' }
  | { readonly kind: 'refused' | 'unknown' | 'failed'; readonly error: unknown };

export type CloseResult =
  | { readonly kind: 'closed' }
  | { readonly kind: 'problem'; readonly problem: SaleProblem }
  | { readonly kind: 'refused' | 'failed'; readonly error: unknown };

export interface Payment {
  readonly tenders: readonly Tender[];
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

const t = (key: string, values?: Record<string, unknown>) => i18next.t(`sale:${key}`, values ?? {});

const isNetworkError = (e: unknown) =>
  e instanceof BridgeError && (e.code === 'NETWORK_ERROR' || e.code === 'TIMEOUT' || e.code === 'UPSTREAM_FAILURE');

export function saleActions(client: QueryClient) {
  /** The till's number, from the settings (fetched once, then cached by react-query). */
  const kasmOf = async (): Promise<number> =>
    (await client.ensureQueryData({ queryKey: ['settings'], queryFn: () => getBridge().settingsGet() })).till.kasm;
  const sale = () => useSale.getState();
  const say = (n: Notice | null) => useNotice.getState().say(n);
  const offline = () => useNotice.getState().stale || client.getQueryData<AppStatus>(['status'])?.connection === 'offline';
  const waitMs = (online?: number) => (offline() ? OFFLINE_WAIT_MS : online);
  const freshState = (): PriceState => (offline() ? 'unconfirmed' : 'pending');

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
          summary: t('summary.line', { ndoc, name: line.name, quantity: line.quantity }),
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
        { group: saleGroup(ndoc), summary: t('summary.release', { stamp: code }), waitMs: OFFLINE_WAIT_MS },
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

  async function scan(text: string, entry: EntryKind): Promise<ScanResult> {
    const code = text.trim();
    if (code === '') return { kind: 'unknown' };
    if (isMisreadScan(code, entry)) {
      say({ tone: 'error', key: 'misread', values: { code } });
      return { kind: 'misread' };
    }
    let row: FoundRow | undefined;
    try {
      const outcome = await fetchRead(client, 'pos.find_code', { code });
      useNotice.getState().setStale(outcome.stale);
      row = rowsOf(outcome)[0];
    } catch (error) {
      if (error instanceof BridgeError && error.code === 'INVALID_PARAMETER') {
        say({ tone: 'error', key: 'unknownCode', values: { code } });
        return { kind: 'unknown' };
      }
      say({ tone: 'error', key: isNetworkError(error) ? 'lookupOffline' : 'lookupFailed', values: { code }, error });
      return { kind: 'failed' };
    }
    if (!row) {
      say({ tone: 'error', key: 'unknownCode', values: { code } });
      return { kind: 'unknown' };
    }
    if (row.kind === 'card') return attachCard(row);
    sale().begin(await kasmOf());
    const line = sale().addFound(
      {
        code: row.code,
        name: row.name,
        unit: row.unit_type,
        price: row.price,
        quantity: row.quantity,
        excise: row.excise_input === '1',
      },
      freshState(),
    );
    say(null);
    void price(line.code);
    return { kind: 'line', code: line.code, needsStamps: stampsMissing(line) > 0 };
  }

  function changeQuantity(code: string, quantity: Dec): void {
    const { ndoc } = sale();
    say(null);
    sale().setQuantity(code, quantity, freshState());
    const dropped = sale().trimStamps(code);
    if (dropped.length > 0) void release(ndoc, dropped);
    void price(code);
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
      { group: saleGroup(ndoc), summary: t('summary.remove', { ndoc, name: line.name }), waitMs: OFFLINE_WAIT_MS },
    ).catch(() => undefined); // the close carries the lines it sells; a line left in the draft document changes nothing
  }

  async function addStamp(code: string, text: string, manual: boolean): Promise<StampResult> {
    const stamp = text.trim();
    if (stamp === '') return { kind: 'empty' };
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
          summary: t(manual ? 'summary.stampTyped' : 'summary.stamp', { ndoc, stamp }),
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
      { group: saleGroup(ndoc), summary: t('summary.mixed', { ndoc }), waitMs: waitMs() },
    );
    return outcome.status === 'refused' ? BridgeError.from(outcome.error) : undefined;
  }

  async function close(payment: Payment): Promise<CloseResult> {
    const { ndoc, lines, card } = sale();
    const problem = saleProblem(lines);
    if (problem) return { kind: 'problem', problem };
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
      outcome = await send(client, 'pos.checkout_close_sale', params, {
        group: saleGroup(ndoc),
        summary: closeSummary(ndoc, lines.length, total),
        waitMs: waitMs(CLOSE_WAIT_MS),
      });
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
      sale().finish({ status: 'queued', ndoc, total: toWire(total), change });
    }
    say(null);
    return { kind: 'closed' };
  }

  return { scan, changeQuantity, removeLine, addStamp, cancelSale, close };
}

export type SaleActions = ReturnType<typeof saleActions>;

export function useSaleActions(): SaleActions {
  const client = useQueryClient();
  return useMemo(() => saleActions(client), [client]);
}
