/**
 * The registers' signing keys (Settings, F9 → Alt+P): every till with a PRRO on the left (↑ ↓),
 * the chosen one's key on the right with what a manager can do with it: load a key (Alt+L), unlock
 * it for the shift (Alt+U), unattended signing on or off (Alt+A), and move the register here when
 * the tax server says another device runs it (Alt+M). A cashier who is not a manager is asked for
 * a manager's confirmation before each dialog opens. Esc goes back to the settings.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../rpc/hooks.js';
import { useUi } from '../../../state/ui-store.js';
import { ErrorMessage } from '../../../ui/ErrorMessage.js';
import { KeyHints } from '../../../ui/KeyHints.js';
import { Loading } from '../../../ui/Loading.js';
import { useManagerConfirm } from '../../people/manager-confirm.js';
import { type KeyAuthority, useKeyAuthority } from '../authority.js';
import { dayText, expiryOf, isLoaded, type KeyRow, lockOf, needsUnlock } from '../key-state.js';
import { ACTION_OF } from '../key-writes.js';
import { KEYS, type KeyScreenAction, keyOf, keyScreenShortcut } from '../keys.js';
import { useAllKeyStates } from '../use-key-state.js';
import { KeyFacts } from './KeyFacts.js';
import { LoadKeyDialog } from './LoadKeyDialog.js';
import { TakeOverDialog } from './TakeOverDialog.js';
import { UnattendedDialog } from './UnattendedDialog.js';
import { UnlockDialog } from './UnlockDialog.js';
import '../prro-keys.css';

type Open = { readonly kind: KeyScreenAction; readonly row: KeyRow };
type Notice = { readonly tone: 'ok' | 'warn' | 'error'; readonly text: string };

/** What a till's key is, in a word, for the list. */
const stateOf = (row: KeyRow): 'none' | 'unlocked' | 'unattended' | 'locked' | 'expired' =>
  expiryOf(row) === 'expired' ? 'expired' : lockOf(row);

/** Whether an action can be done with this key now (its button is disabled otherwise). */
function allowed(action: KeyScreenAction, row: KeyRow): boolean {
  switch (action) {
    case 'load':
      return true;
    case 'unlock':
      return needsUnlock(row);
    case 'unattended':
      return isLoaded(row) && (row.unattended === '1' || (row.unattended_available === '1' && expiryOf(row) !== 'expired'));
    case 'takeOver':
      return row.device === 'other';
  }
}

export function KeysScreen() {
  const { t } = useTranslation('keys');
  const states = useAllKeyStates();
  const authority = useKeyAuthority();
  const thisTill = useSettings().data?.till.kasm;
  const [selected, setSelected] = useState<string | null>(null);
  const rows = states.rows;
  const row = rows.find((r) => r.kasm === selected) ?? rows.find((r) => r.kasm === String(thisTill)) ?? rows[0];

  if (states.isPending) return <Loading />;
  return (
    <section className="keys-screen" aria-labelledby="keys-title" data-testid="keys-screen">
      <h1 id="keys-title">{t('title')}</h1>
      <p className="key-note">{t('intro')}</p>
      {states.error ? <ErrorMessage error={states.error} testId="keys-error" /> : null}
      {states.isSuccess && rows.length === 0 ? <p data-testid="keys-none">{t('list.none')}</p> : null}
      {row ? <KeysView rows={rows} row={row} authority={authority} onSelect={setSelected} /> : null}
      <KeyHints
        className="keys-hints"
        title={t('keys.title')}
        hints={KEYS.map((k) => ({ keys: k.keys, label: t(`keys.${k.action}`) }))}
      />
    </section>
  );
}

function KeysView(props: {
  readonly rows: readonly KeyRow[];
  readonly row: KeyRow;
  readonly authority: KeyAuthority;
  readonly onSelect: (kasm: string) => void;
}) {
  const { t, i18n } = useTranslation('keys');
  const show = useUi((s) => s.show);
  const { rows, row, authority } = props;
  const [open, setOpen] = useState<Open | null>(null);
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  /** The manager's confirmation first (a cashier's), then the action's dialog. */
  const act = async (action: KeyScreenAction) => {
    if (open || asking || !allowed(action, row)) return;
    setNotice(null);
    const kasm = Number(row.kasm);
    const what = action === 'unlock' ? ACTION_OF.unlockKey : ACTION_OF.loadKey;
    setAsking(true);
    const ok = await authority.obtain(what, kasm, `ПРРО ${row.numprro}`);
    setAsking(false);
    if (!ok) return setNotice({ tone: 'warn', text: t('notConfirmed') });
    setOpen({ kind: action, row });
  };

  const latest = useRef({ act, rows, row, open, asking });
  latest.current = { act, rows, row, open, asking };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const s = latest.current;
      // A dialog of this screen, or the manager's over it, has the keyboard.
      if (s.open || s.asking || useManagerConfirm.getState().request || e.defaultPrevented) return;
      const action = keyScreenShortcut(e);
      if (action) {
        e.preventDefault();
        void s.act(action);
      } else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
        e.preventDefault();
        const at = s.rows.indexOf(s.row) + (e.key === 'ArrowUp' ? -1 : 1);
        const next = s.rows[Math.max(0, Math.min(s.rows.length - 1, at))];
        if (next) props.onSelect(next.kasm);
      } else if (e.key === 'Escape') {
        e.preventDefault();
        show('settings');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [props.onSelect, show]);

  const close = () => setOpen(null);
  const done = (text: string) => {
    setOpen(null);
    setNotice({ tone: 'ok', text });
  };
  const unattendedOn = row.unattended === '1';

  return (
    <div className="keys-layout">
      <table className="keys-list" aria-label={t('list.title')} data-testid="keys-list">
        <thead>
          <tr>
            <th>{t('list.till')}</th>
            <th>{t('list.numprro')}</th>
            <th>{t('list.state')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const state = stateOf(r);
            return (
              <tr
                key={r.kasm}
                className={r === row ? 'selected' : undefined}
                aria-selected={r === row}
                onClick={() => props.onSelect(r.kasm)}
                data-testid={`keys-row-${r.kasm}`}
                data-state={state}
              >
                <td>{r.kasm}</td>
                <td>{r.numprro}</td>
                <td>
                  <span
                    className={`badge ${state === 'expired' ? 'bad' : state === 'unlocked' || state === 'unattended' ? 'ok' : 'warn'}`}
                  >
                    {t(`state.${state}`)}
                  </span>
                  {r.expiry_warning === '1' && state !== 'expired' ? ' ⚠' : ''}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <section className="key-detail" aria-label={t('facts.registerValue', { numprro: row.numprro, kasm: row.kasm })}>
        <KeyFacts row={row} />
        <nav className="key-actions" aria-label={t('actions.title')}>
          <ActionButton action="load" row={row} busy={asking} onAct={act}>
            {isLoaded(row) ? t('actions.replace') : t('actions.load')}
          </ActionButton>
          <ActionButton action="unlock" row={row} busy={asking} onAct={act}>
            {t('actions.unlock')}
          </ActionButton>
          <ActionButton action="unattended" row={row} busy={asking} onAct={act}>
            {unattendedOn ? t('actions.unattendedOff') : t('actions.unattendedOn')}
          </ActionButton>
          {row.device === 'other' ? (
            <ActionButton action="takeOver" row={row} busy={asking} onAct={act}>
              {t('actions.takeOver')}
            </ActionButton>
          ) : null}
          <button type="button" onClick={() => show('settings')} data-testid="keys-back">
            <kbd>Esc</kbd> {t('actions.back')}
          </button>
        </nav>
        <p className="key-note">{t('actions.managerNote')}</p>
        {isLoaded(row) && row.unattended !== '1' && row.unattended_available !== '1' ? (
          <p className="key-note" data-testid="key-unattended-unavailable">
            {t('unattended.unavailable')}
          </p>
        ) : null}
        {notice ? (
          <p className={`key-notice ${notice.tone}`} role="status" data-testid="keys-notice" data-tone={notice.tone}>
            {notice.text}
          </p>
        ) : null}
      </section>

      {open?.kind === 'load' ? (
        <LoadKeyDialog
          row={open.row}
          authority={authority}
          onClose={close}
          onDone={(r) => done(t('load.done', { owner: r?.owner ?? '', date: dayText(r?.valid_to, i18n.language) }))}
        />
      ) : null}
      {open?.kind === 'unlock' ? (
        <UnlockDialog
          row={open.row}
          authority={authority}
          onClose={close}
          onDone={() => done(t('unlock.done', { kasm: open.row.kasm }))}
        />
      ) : null}
      {open?.kind === 'unattended' ? (
        <UnattendedDialog
          row={open.row}
          enable={open.row.unattended !== '1'}
          authority={authority}
          onClose={close}
          onDone={() =>
            done(t(open.row.unattended !== '1' ? 'unattended.doneOn' : 'unattended.doneOff', { kasm: open.row.kasm }))
          }
        />
      ) : null}
      {open?.kind === 'takeOver' ? (
        <TakeOverDialog
          row={open.row}
          authority={authority}
          onClose={close}
          onDone={(answer) => {
            setOpen(null);
            setNotice({ tone: answer === 'done' ? 'ok' : 'warn', text: t(`takeOver.${answer}`) });
          }}
        />
      ) : null}
    </div>
  );
}

function ActionButton(props: {
  readonly action: KeyScreenAction;
  readonly row: KeyRow;
  readonly busy: boolean;
  readonly onAct: (action: KeyScreenAction) => void;
  readonly children: ReactNode;
}) {
  return (
    <button
      type="button"
      disabled={props.busy || !allowed(props.action, props.row)}
      onClick={() => props.onAct(props.action)}
      data-testid={`keys-action-${props.action}`}
    >
      <kbd>{keyOf(props.action)}</kbd> {props.children}
    </button>
  );
}
