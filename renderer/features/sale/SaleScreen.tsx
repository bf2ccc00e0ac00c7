/**
 * The sale (F1): the screen a cashier lives in. The code field always has the focus, so the
 * scanner can type into it at any moment; everything else is a key away (KEYS) and shown in the
 * hint bar. Nothing here waits for the server: see sale-actions.ts.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roundCash, useCashStep } from '../../money/cash-rounding.js';
import { type Dec, toWire } from '../../money/money.js';
import { useSettings, useStatus } from '../../rpc/hooks.js';
import { useUi } from '../../state/ui-store.js';
import { KeyHints } from '../../ui/KeyHints.js';
import { StaleNotice } from '../../ui/Loading.js';
import { NoShiftNotice, ReceiptsWait } from '../fiscal-state/index.js';
import { parseReceiptQr } from '../returns/qr.js';
import type { ScanResult } from './actions/types.js';
import { CloseReport } from './components/CloseReport.js';
import { LinesTable } from './components/LinesTable.js';
import { NoticeLine } from './components/NoticeLine.js';
import { QuickKeysBar } from './components/QuickKeysBar.js';
import { SaleSide } from './components/SaleSide.js';
import { ScanInput } from './components/ScanInput.js';
import { KEYS } from './keys.js';
import { useNotice } from './notice-store.js';
import { useSaleActions } from './sale-actions.js';
import { saleTotal, stampsMissing } from './sale-lines.js';
import { useSale } from './sale-store.js';
import type { EntryKind } from './scanner.js';
import { fieldKeys } from './screen/field-keys.js';
import { followScan } from './screen/follow.js';
import type { Open } from './screen/open.js';
import { openers } from './screen/openers.js';
import { LineDialogs, ScanDialogs } from './screen/SaleDialogs.js';
import { useDueOnDisplay, useStaleUntilOnline } from './screen/screen-effects.js';
import { useHeldScans } from './screen/use-held-scans.js';
import { useQuickNames } from './screen/use-quick-names.js';
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
  useDueOnDisplay(open?.kind === 'cash' && lines.length > 0 ? toWire(roundCash(total, cashStep)) : '');
  const openLine = open && 'code' in open ? lines.find((l) => l.code === open.code) : undefined;
  const close = useCallback(() => setOpen(null), []);
  const quickKeys = settings?.quickKeys ?? [];
  const quickCodes = quickKeys.map((k) => k.code).filter((c) => c !== '');
  const quickNames = useQuickNames(quickCodes);

  useStaleUntilOnline(connection);

  const follow = useCallback((result: ScanResult) => followScan(result, setOpen), []);

  const scanCode = useCallback(
    async (text: string, kind: EntryKind) => {
      // The QR code of a customer's receipt, brought back: its return, not a product to look up.
      if (parseReceiptQr(text)) return setOpen({ kind: 'return', link: text.trim() });
      follow(await actions.scan(text, kind));
    },
    [actions, follow],
  );

  const { held, takeScanStart, ringHeld } = useHeldScans(input, actions, follow);

  // A scan that arrived on another screen was handed over (app/use-global-scan.ts): it is taken now.
  const handedOver = useUi((s) => s.pendingScan);
  useEffect(() => {
    if (!handedOver) return;
    useUi.getState().takeScan();
    void scanCode(handedOver, 'scan');
  }, [handedOver, scanCode]);

  const { openStamps, pay, openManual } = useMemo(() => openers(setOpen), []);

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

  const changeQuantity = (code: string, quantity: Dec) => {
    actions.changeQuantity(code, quantity);
    const line = useSale.getState().lines.find((l) => l.code === code);
    setOpen(line && stampsMissing(line) > 0 ? { kind: 'stamps', code } : null);
  };
  const onKey = fieldKeys({ t, setOpen, changeQuantity });

  const dialogs = { open, openLine, close, actions, settings, follow, scanCode };
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

      <ScanDialogs {...dialogs} held={held} takeScanStart={takeScanStart} ringHeld={ringHeld} />
      <LineDialogs
        {...dialogs}
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
