/**
 * Shift+F1, the till's shift: its state (pos.shift_state), opening it with a float, the X-report,
 * cash in and out, counting the drawer, and closing it with the Z-report, which waits while the
 * tax server lacks documents of the shift. One panel at a time beside the facts; the panel and a
 * drawer count in progress are kept when the cashier looks at another screen.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../rpc/hooks.js';
import { useUi } from '../../state/ui-store.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { KeyHints } from '../../ui/KeyHints.js';
import { Loading, StaleNotice } from '../../ui/Loading.js';
import { CashMove } from './CashMove.js';
import { CloseShift } from './CloseShift.js';
import { DrawerCount } from './DrawerCount.js';
import { KEYS, keyOf, type ShiftAction, shiftShortcut } from './keys.js';
import { OpenShift } from './OpenShift.js';
import './shift.css';
import { isOpen, ShiftFacts } from './ShiftFacts.js';
import { ShiftPapers } from './ShiftPapers.js';
import { ShiftReport } from './ShiftReport.js';
import { type Panel, useShiftStore } from './shift-store.js';
import { useShiftState } from './use-shift.js';
import { ZResult } from './ZResult.js';

const PANEL_ACTIONS: readonly Panel[] = ['x', 'cashIn', 'cashOut', 'count', 'close'];

export function ShiftScreen() {
  const { t } = useTranslation('shift');
  const kasm = useSettings().data?.till.kasm;
  const state = useShiftState(kasm);
  const row = state.row;
  const open = isOpen(row);
  const panel = useShiftStore((s) => s.panel);
  const showPanel = useShiftStore((s) => s.showPanel);
  const lastZ = useShiftStore((s) => s.lastZ);
  const returnToSale = useShiftStore((s) => s.returnToSale);
  const show = useUi((s) => s.show);
  // Each Alt+Z asks afresh, even when the close panel is already showing; none yet on a screen just opened.
  const [closeAsk, setCloseAsk] = useState(0);

  const act = (a: ShiftAction): boolean => {
    if (a === 'open') {
      if (open) return false;
      showPanel(null);
      document.querySelector<HTMLInputElement>('[data-testid="shift-float"]')?.focus();
      return true;
    }
    // Only the count makes sense without an open shift: the drawer is there all the same.
    if (!open && a !== 'count') return false;
    if (a === 'close') setCloseAsk((n) => n + 1);
    showPanel(a);
    return true;
  };
  const latest = useRef(act);
  latest.current = act;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const a = shiftShortcut(e);
      if (a) {
        if (latest.current(a)) e.preventDefault();
        return;
      }
      if (e.key === 'Escape' && !e.defaultPrevented && useShiftStore.getState().panel !== null) {
        e.preventDefault();
        useShiftStore.getState().showPanel(null);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (kasm === undefined || state.isPending) return <Loading />;
  if (!row) {
    return (
      <div className="shift-screen">
        <ErrorMessage error={state.error} testId="shift-error" />
      </div>
    );
  }

  const shown = open || panel === 'count' ? panel : null;
  // What the drawer holds: with no shift open, what the last close kept for the next one.
  const cash = row.cash_balance;
  return (
    <div className="shift-screen" data-testid="shift-screen" data-state={open ? 'open' : 'closed'}>
      <div className="shift-side">
        <h1 className="shift-title">{t('title', { kasm })}</h1>
        <StaleNotice stale={state.data?.stale} />
        <ShiftFacts row={row} />
        <nav className="shift-actions" aria-label={t('actions.title')}>
          {open ? null : (
            <button type="button" onClick={() => act('open')} data-testid="shift-action-open">
              <kbd>{keyOf('open')}</kbd> {t('actions.open')}
            </button>
          )}
          {PANEL_ACTIONS.map((a) => (
            <button
              key={a}
              type="button"
              className={shown === a ? 'active' : undefined}
              aria-pressed={shown === a}
              disabled={!open && a !== 'count'}
              onClick={() => act(a)}
              data-testid={`shift-action-${a}`}
            >
              <kbd>{keyOf(a)}</kbd> {t(`actions.${a}`)}
            </button>
          ))}
          {returnToSale ? (
            <button type="button" onClick={() => show('sale')} data-testid="shift-back-to-sale">
              <kbd>F1</kbd> {t('actions.sale')}
            </button>
          ) : null}
        </nav>
      </div>
      <div className="shift-main">
        {shown === 'x' ? (
          <section className="shift-panel" aria-labelledby="shift-x-title">
            <h2 id="shift-x-title">{t('x.title')}</h2>
            <ShiftPapers kasm={kasm} shiftId={Number(row.shift_id)} />
            <ShiftReport kasm={kasm} testId="x-report" />
          </section>
        ) : shown === 'cashIn' || shown === 'cashOut' ? (
          <CashMove key={shown} direction={shown === 'cashIn' ? 'in' : 'out'} kasm={kasm} cash={row.cash_balance} />
        ) : shown === 'count' ? (
          <DrawerCount expected={row.cash_balance} />
        ) : shown === 'close' ? (
          <CloseShift key={closeAsk} kasm={kasm} row={row} asked={closeAsk > 0} />
        ) : null}
        {!open && shown === null ? (
          <>
            <OpenShift kasm={kasm} cash={cash} />
            {lastZ && lastZ.kasm === kasm ? <ZResult z={lastZ} /> : null}
          </>
        ) : null}
      </div>
      <KeyHints
        className="shift-keys"
        title={t('keys.title')}
        hints={KEYS.map((k) => ({ keys: k.keys, label: t(`keys.${k.action}`) }))}
      />
    </div>
  );
}
