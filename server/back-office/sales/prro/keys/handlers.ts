/**
 * A register's signing key: loaded by a manager, unlocked for the shift by a senior cashier or
 * manager, optionally kept for unattended work, and shown to the till. Opening a container costs
 * hundreds of milliseconds (its password is stretched), so it is done before the write's
 * transaction; the unlocked key joins the service's memory only once the books have the change.
 */
import { createHash } from 'node:crypto';
import { MAX_CERTIFICATE_BYTES, MAX_CONTAINER_BYTES } from '../../../../../shared/contract/operations/prro-keys.js';
import type { Signer } from '../../../../dps/signing/cms.js';
import { checkCertificate, KeyError, openSigner } from '../../../../dps/signing/key.js';
import { refuse } from '../../../../upstream/upstream.js';
import type { HandlerGroup, PreparedHandler } from '../../../handlers.js';
import { type FiscalTill, fiscalTillOf, requireSeller } from '../../kernel/fiscal/identity.js';
import { keyRingOf } from '../../kernel/keys/ring.js';
import { type KeyRow, keySql } from '../../kernel/keys/statements.js';
import { momentOf } from '../../kernel/moment.js';
import { markDispatchDue } from '../../kernel/register/dispatch-due.js';
import { prroSql } from '../../kernel/register/statements.js';
import { checkKeyAuthority, keyAuthority } from './authority.js';
import { keyStateRows } from './state.js';

type KeyOps =
  | 'settings.prro_key_load'
  | 'pos.prro_key_unlock'
  | 'settings.prro_key_unattended'
  | 'pos.prro_key_state'
  | 'settings.prro_device_take_over';

const day = (d: Date) => d.toISOString().slice(0, 10);

function tillWithRegister(ctx: Parameters<typeof fiscalTillOf>[0], kasm: number): FiscalTill {
  const till = fiscalTillOf(ctx, kasm);
  if (!till) throw refuse('params.kasm', 'key.no_register', { kasm });
  return till;
}

/** A KeyError as the refusal the client reads, at the parameter it is about. */
function refusalOf(err: KeyError, path: string) {
  const d = err.details;
  switch (err.problem) {
    case 'password':
      return refuse('params.password', 'key.password');
    case 'format':
      return refuse('params.container', 'key.format');
    case 'bad-certificate':
      return refuse('params.certificate', 'key.bad_certificate');
    case 'no-certificate':
      return refuse('params.certificate', 'key.no_certificate', { detail: err.message });
    case 'not-for-signing':
      return refuse('params.certificate', 'key.not_for_signing');
    case 'expired':
      return refuse(path, 'key.expired', { valid_to: d.valid_to ?? '' });
    case 'not-yet-valid':
      return refuse(path, 'key.not_yet_valid', { valid_from: d.valid_from ?? '' });
    case 'untrusted':
      return refuse(path, 'key.untrusted', { issuer: d.issuer ?? '' });
    case 'foreign':
      return refuse(path, 'key.foreign', { owner: d.owner ?? '', numbers: d.numbers ?? '', tin: d.tin ?? '' });
  }
}

function opened(container: Buffer, password: string, certificates: Buffer[], path: string): Signer {
  try {
    return openSigner(container, password, certificates);
  } catch (err) {
    if (err instanceof KeyError) throw refusalOf(err, path);
    throw err;
  }
}

function decoded(b64: string, max: number, what: 'container' | 'certificate'): Buffer {
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length > max) {
    throw refuse(`params.${what}`, 'key.too_large', {
      what: what === 'container' ? 'ключа' : 'сертифіката',
      size: bytes.length,
      max,
    });
  }
  return bytes;
}

const rowOf = (numprro: string, container: Buffer, signer: Signer, at: string, by: string): KeyRow => {
  const c = signer.certificate;
  return {
    numprro,
    container_b64: container.toString('base64'),
    certificate_b64: c.der.toString('base64'),
    owner: c.owner,
    drfo: c.drfo,
    edrpou: c.edrpou,
    issuer: c.issuer,
    valid_from: day(c.validFrom),
    valid_to: day(c.validTo),
    loaded_at: at,
    loaded_by: by,
    // A new key keeps no unattended password: the one kept was the old key's.
    unattended_b64: '',
  };
};

/** What is known of a stored key's owner, for the log of events (never the key itself). */
const fingerprint = (b64: string) => createHash('sha256').update(Buffer.from(b64, 'base64')).digest('hex').slice(0, 16);

const load: PreparedHandler<'settings.prro_key_load', { till: FiscalTill; container: Buffer; signer: Signer }> = {
  prepare(p, ctx) {
    const till = tillWithRegister(ctx.db, p.kasm);
    checkKeyAuthority(ctx, 'key_settings', p.kasm);
    const seller = requireSeller(ctx.db, 'params.kasm');
    const container = decoded(p.container, MAX_CONTAINER_BYTES, 'container');
    const certs = p.certificate === '' ? [] : [decoded(p.certificate, MAX_CERTIFICATE_BYTES, 'certificate')];
    const signer = opened(container, p.password, certs, 'params.container');
    try {
      checkCertificate(signer.certificate, {
        tin: seller.tin,
        cashiers: p.cashier_registered && signer.certificate.drfo !== '' ? [signer.certificate.drfo] : [],
        now: ctx.now(),
        trust: keyRingOf(ctx.db).settings.trust(),
      });
    } catch (err) {
      if (err instanceof KeyError) throw refusalOf(err, 'params.container');
      throw err;
    }
    return { till, container, signer };
  },
  perform(p, ctx, { till, container, signer }) {
    const by = keyAuthority(ctx, 'key_settings', p.kasm, `key:${till.numprro}`);
    const moment = momentOf(ctx);
    const row = rowOf(till.numprro, container, signer, moment.iso, by);
    keySql(ctx.db).put.run(row);
    keySql(ctx.db).event.run({
      numprro: till.numprro,
      at: moment.iso,
      user: by,
      action: 'loaded',
      note: `${row.owner}, ${row.drfo || row.edrpou}, до ${row.valid_to}, сертифікат ${fingerprint(row.certificate_b64)}`,
    });
    return { rows: keyStateRows(ctx.db, moment, p.kasm, { unlocked: till.numprro }) };
  },
  settle(_p, ctx, { till, signer }) {
    const ring = keyRingOf(ctx.db);
    ring.unlock(till.numprro, signer, ctx.now());
    ring.unattendedChanged(till.numprro);
  },
};

function storedKey(db: Parameters<typeof keySql>[0], till: FiscalTill): KeyRow {
  const row = keySql(db).key.get(till.numprro);
  if (!row) throw refuse('params.kasm', 'key.missing', { kasm: till.kasm });
  return row;
}

function openStoredWith(row: KeyRow, password: string, now: Date): Signer {
  const signer = opened(
    Buffer.from(row.container_b64, 'base64'),
    password,
    [Buffer.from(row.certificate_b64, 'base64')],
    'params.kasm',
  );
  if (now.getTime() >= signer.certificate.validTo.getTime())
    throw refuse('params.kasm', 'key.expired', { valid_to: row.valid_to });
  return signer;
}

const unlock: PreparedHandler<'pos.prro_key_unlock', { till: FiscalTill; signer: Signer }> = {
  prepare(p, ctx) {
    const till = tillWithRegister(ctx.db, p.kasm);
    checkKeyAuthority(ctx, 'key_unlock', p.kasm);
    return { till, signer: openStoredWith(storedKey(ctx.db, till), p.password, ctx.now()) };
  },
  perform(p, ctx, { till }) {
    const by = keyAuthority(ctx, 'key_unlock', p.kasm, `key:${till.numprro}`);
    const moment = momentOf(ctx);
    keySql(ctx.db).event.run({ numprro: till.numprro, at: moment.iso, user: by, action: 'unlocked', note: '' });
    return { rows: keyStateRows(ctx.db, moment, p.kasm, { unlocked: till.numprro }) };
  },
  settle(_p, ctx, { till, signer }) {
    keyRingOf(ctx.db).unlock(till.numprro, signer, ctx.now());
  },
};

const unattended: PreparedHandler<'settings.prro_key_unattended', { till: FiscalTill; signer: Signer | undefined }> = {
  prepare(p, ctx) {
    const till = tillWithRegister(ctx.db, p.kasm);
    checkKeyAuthority(ctx, 'key_settings', p.kasm);
    const row = storedKey(ctx.db, till);
    if (!p.enabled) return { till, signer: undefined };
    if (!keyRingOf(ctx.db).settings.secret) throw refuse('params.enabled', 'key.unattended_unavailable');
    if (p.password === '') throw refuse('params.password', 'key.unattended_password');
    return { till, signer: openStoredWith(row, p.password, ctx.now()) };
  },
  perform(p, ctx, { till }) {
    const by = keyAuthority(ctx, 'key_settings', p.kasm, `key:${till.numprro}`);
    const secret = keyRingOf(ctx.db).settings.secret;
    const sealed = p.enabled && secret ? secret.seal(p.password) : '';
    keySql(ctx.db).setUnattended.run(sealed, till.numprro);
    const moment = momentOf(ctx);
    const action = p.enabled ? 'unattended_on' : 'unattended_off';
    keySql(ctx.db).event.run({ numprro: till.numprro, at: moment.iso, user: by, action, note: '' });
    return { rows: keyStateRows(ctx.db, moment, p.kasm, p.enabled ? { unlocked: till.numprro } : {}) };
  },
  settle(_p, ctx, { till, signer }) {
    const ring = keyRingOf(ctx.db);
    ring.unattendedChanged(till.numprro);
    if (signer) ring.unlock(till.numprro, signer, ctx.now());
  },
};

export const keyHandlers: HandlerGroup<KeyOps> = {
  'settings.prro_key_load': load,
  'pos.prro_key_unlock': unlock,
  'settings.prro_key_unattended': unattended,
  'pos.prro_key_state': (p, ctx) => ({ rows: keyStateRows(ctx.db, momentOf(ctx), p.kasm) }),
  'settings.prro_device_take_over': (p, ctx) => {
    const till = tillWithRegister(ctx.db, p.kasm);
    const by = keyAuthority(ctx, 'key_settings', p.kasm, `device:${till.numprro}`);
    // The forced DeviceRegister goes with the next exchange (a handler does no network I/O).
    prroSql(ctx.db).setDevice.run('take-over', till.numprro);
    markDispatchDue(ctx.db);
    keySql(ctx.db).event.run({ numprro: till.numprro, at: momentOf(ctx).iso, user: by, action: 'device_take_over', note: '' });
    return { status: { affected: '1' } };
  },
};
