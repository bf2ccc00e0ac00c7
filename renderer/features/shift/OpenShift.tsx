/**
 * Opening a shift: for the signed-in cashier, with the opening float, which goes into the drawer as a service deposit
 * (pos.shift_open). Asked once more before it is sent; a sale waiting for the shift gets the till back.
 * Where the register's key is loaded and locked, its password is asked next and the key unlocked
 * before the shift opens (features/prro-keys, ShiftKeyStep), so the shift's documents are signed.
 */

import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { op } from '../../../shared/contract/op.js';
import { type Dec, dec, toWire } from '../../money/money.js';
import { rowsOf } from '../../rpc/hooks.js';
import { useUi } from '../../state/ui-store.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Field } from '../../ui/Field.js';
import { shopTime, useShopTimeZone } from '../../ui/shop-time.js';
import { type KeyRow, needsUnlock, ShiftKeyNote, ShiftKeyUnlock, useKeyAuthority, useTillKeyState } from '../prro-keys/index.js';
import { useNotice } from '../sale/notice-store.js';
import { checkAmount } from './amount.js';
import { type Cashier, useSignedInCashier } from './cashier.js';
import { useShiftStore } from './shift-store.js';
import { type ShiftAnswer, useShiftWrite } from './use-shift.js';

type Opened = ShiftAnswer<{ opened_at: string; fiscal_mode: string }>;

export function OpenShift({ kasm, cash }: { readonly kasm: number; readonly cash: string }) {
  const { t } = useTranslation('shift');
  const zone = useShopTimeZone();
  const cashier = useSignedInCashier();
  const [floatText, setFloatText] = useState('');
  const [tried, setTried] = useState(false);
  const [asking, setAsking] = useState<{ cashier: Cashier; float: Dec } | null>(null);
  const [unlocking, setUnlocking] = useState<{ cashier: Cashier; float: Dec } | null>(null);
  const keyQuery = useTillKeyState(kasm);
  const key = keyQuery.row;
  const keyAuthority = useKeyAuthority();
  const [answer, setAnswer] = useState<Opened | null>(null);
  const returnToSale = useShiftStore((s) => s.returnToSale);
  const opened = useShiftStore((s) => s.opened);
  const show = useUi((s) => s.show);
  const { send, pending } = useShiftWrite(op.pos.shiftOpen);
  const floatId = useId();
  const floatRef = useRef<HTMLInputElement | null>(null);

  const check = checkAmount(floatText, { allowZero: true });
  const problem = tried && check.problem ? t(`cash.problems.${check.problem}`) : undefined;

  // The float is all there is to type.
  useEffect(() => {
    floatRef.current = document.getElementById(floatId) as HTMLInputElement | null;
    floatRef.current?.focus();
  }, [floatId]);

  function ask() {
    setTried(true);
    setAnswer(null);
    if (!cashier || check.problem !== undefined) return;
    setAsking({ cashier, float: check.amount });
  }

  /**
   * Confirmed: a locked key is unlocked first; otherwise (or a key the state could not be read of)
   * the shift opens. The state is read afresh: the key locks itself as the last shift's documents
   * reach the tax server, a moment after the Z-report, and the till's copy is read only each minute.
   */
  async function confirm(plan: { cashier: Cashier; float: Dec }) {
    const latest = await keyQuery.refetch().catch(() => undefined);
    const row = (latest?.data ? (rowsOf(latest.data)[0] as KeyRow | undefined) : undefined) ?? key;
    if (row && needsUnlock(row)) {
      setAsking(null);
      setUnlocking(plan);
      return;
    }
    void openShift(plan);
  }

  async function openShift(plan: { cashier: Cashier; float: Dec }) {
    setUnlocking(null);
    const float = toWire(plan.float);
    const result = await send(
      { kasm, cashier: plan.cashier.id, float },
      { key: 'shiftOpen', values: { cashier: plan.cashier.name, float, kasm: String(kasm) } },
    );
    setAsking(null);
    setAnswer(result);
    if (result.kind !== 'done') {
      floatRef.current?.focus();
      return;
    }
    const back = returnToSale;
    opened();
    if (back) {
      useNotice.getState().say({ tone: 'info', key: 'shift:open.backToSale' });
      show('sale');
    }
  }

  return (
    <section className="shift-panel" aria-labelledby="shift-open-title" data-testid="shift-open">
      <h2 id="shift-open-title">{t('open.title')}</h2>
      {returnToSale ? (
        <p className="stale" role="status" data-testid="shift-for-sale">
          {t('open.forSale')}
        </p>
      ) : null}
      {cashier ? <p data-testid="shift-signed-in">{t('open.signedIn', { name: cashier.name })}</p> : null}
      <ShiftKeyNote row={key} />
      {/* What the last close kept is in the drawer already: the float is only what comes on top. */}
      {dec(cash).gt(0) ? (
        <p className="muted" data-testid="shift-open-drawer" data-amount={cash}>
          {t('open.inDrawer', { cash })}
        </p>
      ) : null}
      <div className="row">
        <Field
          id={floatId}
          label={t('open.float')}
          placeholder={t('open.floatHint')}
          inputMode="decimal"
          autoComplete="off"
          value={floatText}
          problem={problem}
          onChange={(e) => {
            setFloatText(e.target.value);
            setAnswer(null);
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            ask();
          }}
          data-testid="shift-float"
        />
        <button type="button" className="primary" disabled={pending || !cashier} onClick={ask} data-testid="shift-open-submit">
          {t('open.submit')} <kbd>Enter</kbd>
        </button>
      </div>
      <OpenAnswer answer={answer} zone={zone} />
      {asking ? (
        <ConfirmDialog
          title={t('open.confirmTitle')}
          confirmLabel={t('open.ok')}
          busy={pending}
          onCancel={() => {
            setAsking(null);
            floatRef.current?.focus();
          }}
          onConfirm={() => void confirm(asking)}
        >
          <p data-testid="shift-open-confirm-text">
            {asking.float.isZero()
              ? t('open.confirmNoFloat', { cashier: asking.cashier.name })
              : t('open.confirm', { cashier: asking.cashier.name, float: toWire(asking.float) })}
          </p>
          <p data-testid="shift-open-confirm-drawer">{t('open.confirmDrawer', { total: toWire(asking.float.plus(cash)) })}</p>
        </ConfirmDialog>
      ) : null}
      {unlocking && key ? (
        <ShiftKeyUnlock
          row={key}
          authority={keyAuthority}
          onUnlocked={() => void openShift(unlocking)}
          onWithout={() => void openShift(unlocking)}
          onCancel={() => {
            setUnlocking(null);
            floatRef.current?.focus();
          }}
        />
      ) : null}
    </section>
  );
}

function OpenAnswer({ answer, zone }: { readonly answer: Opened | null; readonly zone: string }) {
  const { t } = useTranslation('shift');
  if (!answer) return null;
  switch (answer.kind) {
    case 'done':
      return (
        <p className="ok" role="status" data-testid="shift-opened">
          {t('open.done', { at: shopTime(answer.row?.opened_at, zone) })}{' '}
          {answer.row?.fiscal_mode === 'offline' ? t('open.offline') : null}
        </p>
      );
    case 'queued':
      return (
        <p className="stale" role="status" data-testid="shift-open-queued">
          {t('open.queued')}
        </p>
      );
    case 'reconcile':
      return (
        <div data-testid="shift-open-reconcile">
          <p className="stale">{t('open.reconcile')}</p>
          <ErrorMessage error={answer.error} testId="shift-open-error" />
        </div>
      );
    default:
      return <ErrorMessage error={answer.error} testId="shift-open-error" />;
  }
}
