/**
 * What the settings form checks before anything is sent, in the same terms as the bridge's own
 * checks (shared/bridge/validate.ts), so a person reads the problem under the field instead of a
 * refusal from the core.
 */
import type { TillIdentity } from '../../../shared/bridge/api.js';
import { serviceUrlProblem } from '../../../shared/bridge/validate.js';

export type UrlProblem = 'url';
export type KeyProblem = 'keyShort' | 'keyChars' | 'keyNeeded';
export type TillProblem = 'kasm' | 'akas' | 'numprro';

/**
 * Empty (the embedded service) or a plain http(s) address: the bridge's own rule (serviceUrlProblem),
 * so whatever the core would refuse (user info, a backslash, a query or fragment, hidden characters)
 * is refused here first, under the field.
 */
export function urlProblem(text: string): UrlProblem | undefined {
  return serviceUrlProblem(text.trim()) === undefined ? undefined : 'url';
}

/**
 * An `http://` address whose host is not this computer or a private network's (RFC 1918, link-local,
 * IPv6 unique-local, a `.local` or single-label name): the bearer key would cross networks the
 * shop does not own unencrypted. Only a warning: a shop's server may well sit on its own network
 * under a name this cannot judge, and the person decides.
 */
export function plainOverOpenNetwork(text: string): boolean {
  if (urlProblem(text) !== undefined || text.trim() === '') return false;
  const url = new URL(text.trim());
  if (url.protocol !== 'http:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host.includes(':')) return !(host === '::1' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host));
  const v4 = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    const local = a === 0 || a === 127 || a === 10 || (a === 169 && b === 254);
    return !(local || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168));
  }
  // A name: this computer, one announced on the local link, or a single label of the shop's network.
  return !(host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || !host.includes('.'));
}

export function keyProblem(key: string): KeyProblem | undefined {
  if (key.length < 8 || key.length > 512) return 'keyShort';
  return /^[\x21-\x7e]+$/.test(key) ? undefined : 'keyChars';
}

export interface TillDraft {
  readonly kasm: string;
  readonly akas: string;
  readonly numprro: string;
}

export function tillProblems(d: TillDraft): Partial<Record<keyof TillDraft, TillProblem>> {
  const problems: Partial<Record<keyof TillDraft, TillProblem>> = {};
  if (!/^\d{1,9}$/.test(d.kasm.trim()) || Number(d.kasm) < 1) problems.kasm = 'kasm';
  if (d.akas.trim() === '' || d.akas.length > 512) problems.akas = 'akas';
  // Empty: a till that works without a PRRO.
  if (!/^\d{0,20}$/.test(d.numprro.trim())) problems.numprro = 'numprro';
  return problems;
}

export const tillOf = (d: TillDraft): TillIdentity => ({
  kasm: Number(d.kasm.trim()),
  akas: d.akas.trim(),
  numprro: d.numprro.trim(),
});
