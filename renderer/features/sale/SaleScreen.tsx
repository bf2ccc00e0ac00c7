/**
 * The sale (F1): the screen a cashier lives in. The code field always has the focus, so the
 * scanner can type into it at any moment; everything else is a key away (KEYS) and shown in the
 * hint bar. Nothing here waits for the server: see sale-actions.ts.
 */
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dec } from '../../money/money.js';
import { useStatus } from '../../rpc/hooks.js';
import { useUi } from '../../state/ui-store.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { KeyHints } from '../../ui/KeyHints.js';
import { StaleNotice } from '../../ui/Loading.js';
import { saleProblem } from './close-request.js';
import { CashDialog } from './components/CashDialog.js';
import { problemKey } from './components/CloseFailure.js';
import { CloseReport } from './components/CloseReport.js';
import { LinesTable } from './components/LinesTable.js';
import { NoticeLine } from './components/NoticeLine.js';
import { QuantityDialog } from './components/QuantityDialog.js';
import { SaleSide } from './components/SaleSide.js';
import { ScanInput } from './components/ScanInput.js';
import { StampDialog } from './components/StampDialog.js';
import { KEYS } from './keys.js';
import { useNotice } from './notice-store.js';
import { useSaleActions } from './sale-actions.js';
import { parseQuantity, saleTotal, stampsMissing } from './sale-lines.js';
import { useSale } from './sale-store.js';
import type { EntryKind } from './scanner.js';
import { useFocusKeeper } from './use-focus-keeper.js';
import './sale.css';

type Open = { readonly kind: 'cash' | 'cancel' } | { readonly kind: 'quantity' | 'stamps' | 'remove'; readonly code: string };

export function SaleScreen() {
  const { t } = useTranslation('sale');
  const lines = useSale((s) => s.lines);
  const selected = useSale((s) => s.selected);
  const card = useSale((s) => s.card);
  const ndoc = useSale((s) => s.ndoc);
  const lastClose = useSale((s) => s.lastClose);
  const stale = useNotice((s) => s.stale);
  const show = useUi((s) => s.show);
  const connection = useStatus().data?.connection;
  const actions = useSaleActions();
  const [open, setOpen] = useState<Open | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useFocusKeeper(input, open === null);

  const total = saleTotal(lines);
  const openLine = open && 'code' in open ? lines.find((l) => l.code === open.code) : undefined;
  const close = useCallback(() => setOpen(null), []);

  // Back online: what the cache said is no longer the news, and new lines are priced again.
  useEffect(() => {
    if (connection === 'online') useNotice.getState().setStale(false);
  }, [connection]);

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

  // The keys that work wherever the focus is on this screen, while no dialog is open.
  useEffect(() => {
    if (open) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === KEYS.pay.key) {
        e.preventDefault();
        pay();
      } else if (e.key === KEYS.stamps.key) {
        e.preventDefault();
        openStamps();
      } else if (e.key === 'Delete' && e.ctrlKey) {
        e.preventDefault();
        if (useSale.getState().lines.length > 0) setOpen({ kind: 'cancel' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, pay, openStamps]);

  // A stamp dialog closes itself once its line has a stamp for every unit.
  useEffect(() => {
    if (open?.kind === 'stamps' && openLine && stampsMissing(openLine) === 0) {
      useNotice.getState().say({ tone: 'info', key: 'stamp.done' });
      setOpen(null);
    }
  }, [open, openLine]);

  const onEntry = async (text: string, kind: EntryKind) => {
    const result = await actions.scan(text, kind);
    if (result.kind === 'line' && result.needsStamps) setOpen({ kind: 'stamps', code: result.code });
  };

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
        pay();
        return true;
      case KEYS.remove.key:
        if (e.ctrlKey || text !== '' || !line) return false;
        setOpen({ kind: 'remove', code: line.code });
        return true;
      case KEYS.quantity.key: {
        if (!line) return true;
        // "3*" sets the selected line to 3 at once; a bare "*" asks.
        const typed = text.trim() === '' ? undefined : parseQuantity(text, line.excise);
        if (typed && 'quantity' in typed) {
          e.currentTarget.value = '';
          changeQuantity(line.code, typed.quantity);
        } else setOpen({ kind: 'quantity', code: line.code });
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
          <ScanInput inputRef={input} onEntry={onEntry} onKey={onKey} />
          <NoticeLine />
          <StaleNotice stale={stale} />
        </div>
        <CloseReport report={lastClose} />
        <div className="sale-lines-wrap">
          <LinesTable lines={lines} selected={selected} onSelect={(i) => useSale.getState().select(i)} />
        </div>
      </section>
      <SaleSide
        total={total}
        lineCount={lines.length}
        card={card}
        ndoc={ndoc}
        onPayCash={pay}
        onMixed={() => show('mixed')}
        onStamps={openStamps}
        onCancel={() => setOpen({ kind: 'cancel' })}
      />
      <KeyHints
        className="key-hints"
        title={t('keyHints')}
        hints={Object.values(KEYS).map((k) => ({ keys: k.label, label: t(`keys.${k.hint}`) }))}
      />

      {open?.kind === 'cash' ? (
        <CashDialog
          total={total}
          pricing={lines.some((l) => l.priceState === 'pending')}
          onClose={close}
          onPay={(given) => actions.close({ tenders: [{ type: 'nal', amount: total }], cashGiven: given })}
        />
      ) : null}
      {open?.kind === 'quantity' && openLine ? (
        <QuantityDialog line={openLine} onClose={close} onApply={(q) => changeQuantity(openLine.code, q)} />
      ) : null}
      {open?.kind === 'stamps' && openLine ? (
        <StampDialog line={openLine} onClose={close} onAdd={(stamp, manual) => actions.addStamp(openLine.code, stamp, manual)} />
      ) : null}
      {open?.kind === 'remove' && openLine ? (
        <ConfirmDialog
          title={t('remove.title')}
          confirmLabel={t('remove.confirm')}
          onCancel={close}
          onConfirm={() => {
            void actions.removeLine(openLine.code);
            close();
          }}
        >
          <p>{t('remove.body', { name: openLine.name, quantity: `${openLine.quantity.replace('.', ',')} ${openLine.unit}` })}</p>
          {openLine.stamps.length > 0 ? <p>{t('remove.stamps')}</p> : null}
        </ConfirmDialog>
      ) : null}
      {open?.kind === 'cancel' ? (
        <ConfirmDialog
          title={t('cancelSale.title')}
          confirmLabel={t('cancelSale.confirm')}
          onCancel={close}
          onConfirm={() => {
            actions.cancelSale();
            close();
          }}
        >
          <p>{t('cancelSale.body')}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
