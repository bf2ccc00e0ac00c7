/**
 * The bridge's people: signing in (by the service, or offline from the till's verifier of PINs it
 * accepted lately), signing out, a manager's confirmation, and a register's key, which a person
 * signed in handles.
 */
import type { CashdeskApi, SignedIn } from '../../../shared/bridge/api.js';
import { BridgeError } from '../../../shared/bridge/errors.js';
import { op, type RpcResult } from '../../../shared/contract/index.js';
import type { DeskContext } from '../desk/context.js';
import { offlineSignInResult } from '../people/offline-sign-in.js';
import { UNREACHABLE_CODES } from '../rpc/outcome.js';
import type { SecretSender } from './send-now.js';

type PeopleApi = Pick<
  CashdeskApi,
  'signIn' | 'signOut' | 'confirmManager' | 'confirmManualPrice' | 'loadKey' | 'unlockKey' | 'setKeyUnattended'
>;

export function peopleBridge(
  d: Pick<DeskContext, 'bound' | 'session' | 'offlineSignIns' | 'log'>,
  secrets: SecretSender,
): PeopleApi {
  const signIn: PeopleApi['signIn'] = async (params) => {
    const asked = d.bound();
    // A sign-in answered by the service the till left meanwhile signs nobody in at the new one.
    const stillAsked = () => {
      if (d.bound() !== asked)
        throw new BridgeError('SERVICE_CHANGED', 'the service was changed while signing in: sign in again');
    };
    let result: RpcResult;
    try {
      result = await secrets.send(op.pos.cashierSignIn, params);
    } catch (err) {
      stillAsked();
      // The service cannot be reached: a PIN it accepted here lately signs in from the till's verifier.
      if (!(err instanceof BridgeError && UNREACHABLE_CODES.has(err.code))) throw err;
      const answer = d.offlineSignIns.check(asked, params.kasm, params.card, params.pin);
      if (answer.outcome === 'unknown') throw err;
      if (answer.outcome === 'signed_in') {
        d.session.set(answer.who);
        d.log('info', 'cashier signed in offline', { user: String(answer.who.id) });
      }
      return offlineSignInResult(answer);
    }
    stillAsked();
    const row = result.rows[0] as { outcome?: string; user_id?: string; name?: string; role?: string } | undefined;
    if (row?.outcome === 'signed_in') {
      const who: SignedIn = {
        id: Number(row.user_id),
        name: row.name ?? '',
        role: row.role === 'manager' ? 'manager' : 'cashier',
      };
      d.session.set(who);
      d.offlineSignIns.remember(asked, params.kasm, params.card, params.pin, who);
      d.log('info', 'cashier signed in', { user: row.user_id ?? '' });
    } else if (row?.outcome === 'locked') d.offlineSignIns.forget(asked, params.kasm, params.card);
    return result;
  };
  return {
    signIn,
    signOut: async () => {
      const who = d.session.who;
      if (who) d.log('info', 'cashier signed out', { user: String(who.id) });
      d.session.set(null);
    },
    confirmManager: (params) => secrets.send(op.pos.managerConfirm, params),
    confirmManualPrice: (params) => secrets.send(op.pos.checkoutManualPrice, params),
    loadKey: (params, options = {}) => secrets.sendKeyWrite(op.settings.prroKeyLoad, params, options),
    unlockKey: (params, options = {}) => secrets.sendKeyWrite(op.pos.prroKeyUnlock, params, options),
    setKeyUnattended: (params, options = {}) => secrets.sendKeyWrite(op.settings.prroKeyUnattended, params, options),
  };
}
