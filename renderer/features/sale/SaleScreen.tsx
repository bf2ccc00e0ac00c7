/**
 * The sale (F1): the screen a cashier lives in. The code field always has the focus, so the
 * scanner can type into it at any moment; everything else is a key away (KEYS) and shown in the
 * hint bar. Nothing here waits for the server: see sale-actions.ts.
 */
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getBridge } from '../../bridge/index.js';
import { roundCash, useCashStep } from '../../money/cash-rounding.js';
import { type Dec, toWire } from '../../money/money.js';
import { useSettings, useStatus } from '../../rpc/hooks.js';
import { useUi } from '../../state/ui-store.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { KeyHints } from '../../ui/KeyHints.js';
import { StaleNotice } from '../../ui/Loading.js';
import { tellDisplay } from '../customer-display/index.js';
import { NoShiftNotice, ReceiptsWait } from '../fiscal-state/index.js';
import { parseReceiptQr } from '../returns/qr.js';
import { ReturnDialog } from '../returns/ReturnDialog.js';
import type { ScanResult } from './actions/types.js';
import { saleProblem } from './close-request.js';
import { CashDialog } from './components/CashDialog.js';
import { problemKey } from './components/CloseFailure.js';
import { CloseReport } from './components/CloseReport.js';
import { LinesTable } from './components/LinesTable.js';
import { ManualPriceDialog } from './components/ManualPriceDialog.js';
import { NoticeLine } from './components/NoticeLine.js';
import { ParkedDialog } from './components/ParkedDialog.js';
import { QuantityDialog } from './components/QuantityDialog.js';
import { QuickKeysBar } from './components/QuickKeysBar.js';
import { SaleSide } from './components/SaleSide.js';
import { ScanInput } from './components/ScanInput.js';
import { SearchDialog } from './components/SearchDialog.js';
import { StampDialog } from './components/StampDialog.js';
import { KEYS } from './keys.js';
import { useNotice } from './notice-store.js';
import { useSaleActions } from './sale-actions.js';
import { maxQuantity, parseQuantity, saleTotal, stampsMissing } from './sale-lines.js';
import { useSale } from './sale-store.js';
import type { EntryKind } from './scanner.js';
import type { Open } from './screen/open.js';
import { LineDialogs, ScanDialogs } from './screen/SaleDialogs.js';
import { useDeliveredClose } from './use-delivered-close.js';
import { useFocusKeeper } from './use-focus-keeper.js';
import { useSaleKeys } from './use-sale-keys.js';
import './sale.css';

/** One function for every render, so the receipt's lines that did not change are not rendered again. */
const selectLine = (index: number) => useSale.getState().select(index);

export function SaleScreen() {
  const { t } = useTranslation('sale');
  const lines = useSale((s) => s.lines);
  const selected = useSale((s) => s.selected);
  const card = useSale((s) => s.card);
  const startedAt = useSale((s) => s.startedAt);
  const parked = useSale((s) => s.parked);
  const lastClose = useSale((s) => s.lastClose);
  const stale = useNotice((s) => s.stale);
  const show = useUi((s) => s.show);
  const settings = useSettings().data;
  const cashStep = useCashStep();
  const connection = useStatus().data?.connection;
  const actions = useSaleActions();
  const [open, setOpen] = useState<Open | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useFocusKeeper(input, open === null);
  useDeliveredClose();

  const total = saleTotal(lines);
  // The customer display shows what is due as the cashier asks for the cash (not the emptied sale after the close).
  const due = open?.kind === 'cash' && lines.length > 0 ? toWire(roundCash(total, cashStep)) : '';
  useEffect(() => {
    if (due !== '') tellDisplay({ kind: 'total', total: due });
  }, [due]);
  const openLine = open && 'code' in open ? lines.find((l) => l.code === open.code) : undefined;
  const close = useCallback(() => setOpen(null), []);
  const quickKeys = settings?.quickKeys ?? [];
  const quickCodes = quickKeys.map((k) => k.code).filter((c) => c !== '');
  const quickNames = useQuery({
    queryKey: ['catalog', 'quick', quickCodes],
    queryFn: async () => {
      const items = await Promise.all(quickCodes.map((c) => getBridge().catalogItem(c)));
      return Object.fromEntries(items.flatMap((i) => (i ? [[i.code, i.name]] : [])));
    },
    enabled: quickCodes.length > 0,
  }).data;

  // Back online: what the catalogue copy said is no longer the news.
  useEffect(() => {
    if (connection === 'online') useNotice.getState().setStale(false);
  }, [connection]);

  /**
   * What a scan (or a quick key, a search) came to: a dialog to open, or something to say. It
   * never closes a dialog: a slow lookup must not close the cash dialog the cashier opened since.
   */
  const follow = useCallback((result: ScanResult) => {
    if (result.kind === 'line' && result.needsStamps) setOpen({ kind: 'stamps', code: result.code });
    else if (result.kind === 'age' || result.kind === 'weigh') setOpen({ kind: result.kind, candidate: result.candidate });
    else if (result.kind === 'stamp') {
      // A stamp scanned straight into the sale: said under the code field, as the stamp dialog would.
      const r = result.result;
      const say = useNotice.getState().say;
      if (r.kind === 'added')
        say({ tone: 'info', key: r.queued ? 'stamp.queued' : 'stamp.added', values: { stamp: result.stamp } });
      else if (r.kind !== 'empty') {
        const error = 'error' in r ? r.error : undefined;
        say({ tone: 'error', key: `stamp.${r.kind}`, values: { stamp: result.stamp, example: '' }, ...(error ? { error } : {}) });
      }
    }
  }, []);

  const scanCode = useCallback(
    async (text: string, kind: EntryKind) => {
      // The QR code of a customer's receipt, brought back: its return, not a product to look up.
      if (parseReceiptQr(text)) return setOpen({ kind: 'return', link: text.trim() });
      follow(await actions.scan(text, kind));
    },
    [actions, follow],
  );

  /**
   * Scans that arrived while the age question was open (or opening): the customer's next goods,
   * held and rung up after the answer, in order (issue 20: they were dropped). A held scan that
   * asks a question of its own leaves the rest held behind it.
   */
  const held = useRef<string[]>([]);
  const takeScanStart = useCallback(() => {
    const field = input.current;
    const start = field?.value ?? '';
    if (field) field.value = '';
    return start;
  }, []);
  const ringHeld = useCallback(async () => {
    for (let code = held.current.shift(); code !== undefined; code = held.current.shift()) {
      const result = await actions.scan(code, 'scan');
      follow(result);
      if (result.kind === 'age' || result.kind === 'weigh' || (result.kind === 'line' && result.needsStamps)) return;
    }
  }, [actions, follow]);

  // A scan that arrived on another screen was handed over (app/use-global-scan.ts): it is taken now.
  const handedOver = useUi((s) => s.pendingScan);
  useEffect(() => {
    if (!handedOver) return;
    useUi.getState().takeScan();
    void scanCode(handedOver, 'scan');
  }, [handedOver, scanCode]);

  const openStamps = useCallback(() => {
    const all = useSale.getState();
    const current = all.lines[all.selected];
    const line = current && stampsMissing(current) > 0 ? current : all.lines.find((l) => stampsMissing(l) > 0);
    if (line) setOpen({ kind: 'stamps', code: line.code });
  }, []);

  const pay = useCallback(() => {
    const problem = saleProblem(useSale.getState().lines);
    // Prices still being confirmed settle in front of the cashier, in the open dialog.
    if (!problem || problem.kind === 'pricing') return setOpen({ kind: 'cash' });
    const [key, values] = problemKey(problem);
    useNotice.getState().say({ tone: 'error', key, values });
    if (problem.kind === 'stamps') openStamps();
  }, [openStamps]);

  const openManual = useCallback(() => {
    const s = useSale.getState();
    const line = s.lines[s.selected];
    if (line) setOpen({ kind: 'manual', code: line.code });
    else useNotice.getState().say({ tone: 'error', key: 'manual.noLine' });
  }, []);

  // The keys that work wherever the focus is on this screen, while no dialog is open.
  useSaleKeys(open === null, {
    pay,
    openStamps,
    openManual,
    openCancel: () => setOpen({ kind: 'cancel' }),
    openSearch: () => setOpen({ kind: 'search' }),
    openParked: () => setOpen({ kind: 'parked' }),
    park: () => actions.park(),
    scanQuick: (code) => void scanCode(code, 'typed'),
    quickKeys,
  });

  // A stamp dialog closes itself once its line has a stamp for every unit.
  useEffect(() => {
    if (open?.kind === 'stamps' && openLine && stampsMissing(openLine) === 0) {
      useNotice.getState().say({ tone: 'info', key: 'stamp.done' });
      setOpen(null);
    }
  }, [open, openLine]);

  const onKey = (e: KeyboardEvent<HTMLInputElement>, text: string): boolean => {
    const sale = useSale.getState();
    const line = sale.lines[sale.selected];
    switch (e.key) {
      case 'ArrowUp':
      case 'ArrowDown':
        sale.move(e.key === 'ArrowUp' ? -1 : 1);
        return true;
      case 'Enter':
        if (text.trim() !== '') return false;
        // Never a payment: a scanner's extra Enter, or two of a habit, closed a card purchase as
        // cash (issue 20). Paying is F12 (cash) or F2 (card, mixed); the empty Enter says so.
        if (useSale.getState().lines.length > 0) useNotice.getState().say({ tone: 'info', key: 'payKeys' });
        return true;
      case KEYS.remove.key:
        if (e.ctrlKey || text !== '' || !line) return false;
        setOpen({ kind: 'remove', code: line.code });
        return true;
      case KEYS.quantity.key: {
        if (!line) return true;
        // "3*" sets the selected line to 3 at once; a bare "*" asks; a wrong one is said, nothing changes.
        if (text.trim() === '') {
          setOpen({ kind: 'quantity', code: line.code });
          return true;
        }
        const typed = parseQuantity(text, line.weighted, line.excise);
        e.currentTarget.value = '';
        if ('quantity' in typed) changeQuantity(line.code, typed.quantity);
        else {
          const max = maxQuantity(line.weighted, line.excise).toFixed();
          const problem = t(`quantity.${typed.problem}`, { max, unit: line.unit });
          useNotice.getState().say({ tone: 'error', key: 'quantity.typed', values: { text: text.trim(), problem } });
        }
        return true;
      }
      default:
        return false;
    }
  };

  const changeQuantity = (code: string, quantity: Dec) => {
    actions.changeQuantity(code, quantity);
    const line = useSale.getState().lines.find((l) => l.code === code);
    setOpen(line && stampsMissing(line) > 0 ? { kind: 'stamps', code } : null);
  };

  return (
    <div className="sale-screen">
      <section className="sale-main" aria-label={t('title')}>
        <div className="sale-top">
          <ScanInput inputRef={input} onEntry={(text, kind) => void scanCode(text, kind)} onKey={onKey} />
          <NoticeLine />
          <StaleNotice stale={stale && connection !== 'online'} />
          <NoShiftNotice />
          <ReceiptsWait />
        </div>
        <CloseReport report={lastClose} />
        <div className="sale-lines-wrap" data-testid="sale-lines">
          <LinesTable lines={lines} selected={selected} onSelect={selectLine} />
        </div>
        <QuickKeysBar keys={quickKeys} names={quickNames ?? {}} onPick={(code) => void scanCode(code, 'typed')} />
      </section>
      <SaleSide
        total={total}
        lineCount={lines.length}
        card={card}
        startedAt={startedAt}
        parked={parked.length}
        onPayCash={pay}
        onMixed={() => show('mixed')}
        onStamps={openStamps}
        onCancel={() => setOpen({ kind: 'cancel' })}
        onSearch={() => setOpen({ kind: 'search' })}
        onPark={() => actions.park()}
        onRecall={() => setOpen({ kind: 'parked' })}
        onManual={openManual}
      />
      <KeyHints
        className="key-hints"
        title={t('keyHints')}
        hints={Object.values(KEYS).map((k) => ({ keys: k.label, label: t(`keys.${k.hint}`) }))}
      />

      <ScanDialogs
        open={open}
        openLine={openLine}
        close={close}
        actions={actions}
        settings={settings}
        follow={follow}
        scanCode={scanCode}
        held={held}
        takeScanStart={takeScanStart}
        ringHeld={ringHeld}
      />
      <LineDialogs
        open={open}
        openLine={openLine}
        close={close}
        actions={actions}
        settings={settings}
        follow={follow}
        scanCode={scanCode}
        lines={lines}
        total={total}
        cashStep={cashStep}
        parked={parked}
        online={connection === 'online'}
        changeQuantity={changeQuantity}
      />
    </div>
  );
}
