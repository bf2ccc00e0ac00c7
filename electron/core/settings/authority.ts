/**
 * Who may change which of the till's settings, decided in the main process, whatever the
 * interface shows (issue 20: with the till locked, Settings changed the till number and the cash
 * box and saved them, keeping till 1's register).
 *
 * - The till's identity (its number, cash box and register, and the service it works with and that
 *   service's key) is a manager's: sales, cash and fiscal documents are booked under it. So are its
 *   devices: the ESC/POS printer (its connection, code page and the cash drawer on it) and the bank
 *   card terminal with whether a card payment may be typed in by hand instead (card money is booked
 *   on its word), and the customer display.
 * - The rest of what a person sets up (the printer, the quick keys, the idle lock) needs someone
 *   signed in.
 * - The interface language is anyone's: a locked till must be readable to whoever signs in.
 *
 * One exception: a till at whose service nobody has signed in yet here (a fresh install, a back
 * office that has no people yet, a service a manager has just pointed it at) has nobody who could
 * sign in to set it up, so it is set up without one. Once a person signed in there, the rule holds.
 */
import type { SettingsPatch, SignedIn, TerminalSettings, TillIdentity } from '../../../shared/bridge/api.js';
import { BridgeError } from '../../../shared/bridge/errors.js';

export type SettingsAuthority = 'anyone' | 'signed-in' | 'manager';

/** What a patch needs: the most any of its parts needs. A till patch that changes nothing needs nothing. */
export function authorityOf(patch: SettingsPatch, till: TillIdentity, terminal?: TerminalSettings): SettingsAuthority {
  const changesTill =
    patch.till !== undefined && (Object.keys(patch.till) as (keyof TillIdentity)[]).some((k) => patch.till?.[k] !== till[k]);
  if (changesTill || patch.printerDevice !== undefined) return 'manager';
  // The customer display is one of the till's devices, as the printer.
  if (patch.customerDisplay !== undefined) return 'manager';
  const changesTerminal =
    patch.terminal !== undefined &&
    (Object.keys(patch.terminal) as (keyof TerminalSettings)[]).some((k) => patch.terminal?.[k] !== terminal?.[k]);
  if (changesTerminal) return 'manager';
  // The scale's weight is what a weighted good is sold by: which scale is a manager's to say.
  if (patch.scale !== undefined) return 'manager';
  if (patch.printer !== undefined || patch.quickKeys !== undefined || patch.idleLockMinutes !== undefined) return 'signed-in';
  return 'anyone';
}

/** The refusal of a change the person signed in (or nobody) may not make; undefined when they may. */
export function settingsRefusal(need: SettingsAuthority, session: SignedIn | null, settingUp: boolean): BridgeError | undefined {
  if (need === 'anyone' || settingUp) return undefined;
  if (!session)
    return new BridgeError(
      need === 'manager' ? 'NOT_A_MANAGER' : 'NOT_SIGNED_IN',
      need === 'manager'
        ? 'nobody is signed in at the till: its identity and its service are changed by a manager signed in'
        : 'nobody is signed in at the till: its settings are changed by a person who is',
    );
  if (need === 'manager' && session.role !== 'manager')
    return new BridgeError(
      'NOT_A_MANAGER',
      "the till's identity, its service and its card terminal are changed by a manager signed in",
    );
  return undefined;
}
