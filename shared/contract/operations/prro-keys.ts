/**
 * Project-defined operations of a register's signing key (КЕП, issue "the real fiscal server"):
 * a manager loads the key container, a senior cashier or manager unlocks it for the shift with its
 * password, a shop may leave it unlocked for unattended Z-reports, and the till reads its state.
 * Every fiscal document is signed with it before it goes to the tax server. The password and the
 * container travel once, at once: they are never queued, stored or logged by the desk.
 */
import { defineOp } from '../dsl/operation.js';
import { bool, INT32_MAX, int, opt, req, str } from '../dsl/params.js';
import { cols, date, rows, status } from '../dsl/results.js';

/** A key container's largest size: IIT's Key-6.dat is 2–5 KB, a JKS or PFX with its chain tens of KB. */
export const MAX_CONTAINER_BYTES = 64 * 1024;
/** A certificate's largest size (DER; a qualified one is 1.5–3 KB). */
export const MAX_CERTIFICATE_BYTES = 16 * 1024;
const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

const kasm = req(int(1, INT32_MAX));
const password = str(128, { min: 1 });

/** What a till and a manager's screen know of a register's key: never the key or its password. */
export const KEY_STATE_COLUMNS = [
  'kasm',
  'numprro',
  'loaded',
  'owner',
  'drfo',
  'edrpou',
  'issuer',
  'valid_from',
  'valid_to',
  'days_left',
  'expiry_warning',
  'unlocked',
  'unattended',
  'unattended_available',
  'unsigned',
  'device',
  'server',
] as const;

const maybeDate = { ...date, nullable: true } as const;
const keyState = rows(cols(KEY_STATE_COLUMNS, { valid_from: maybeDate, valid_to: maybeDate }));

const WHY =
  'every fiscal document is signed with the register\'s qualified key (КЕП) before the tax server takes it (DPS API description, "Порядок засвідчення повідомлень")';

const STATE_NOTES = [
  'loaded, unlocked, unattended, unattended_available, expiry_warning: "1" or "0"; days_left: whole days until valid_to (negative once expired); expiry_warning from 30 days before',
  'drfo: РНОКПП of the key\'s owner, edrpou: ЄДРПОУ of its organisation, each "" where the certificate names none',
  'unsigned: documents of the register waiting for their signature (the key is locked or not loaded)',
  "device: the register's device at the tax server: ours, other (another device runs this register: see settings.prro_device_take_over) or '' (not asked yet)",
  'server: real (fs.tax.gov.ua or the address the service was given) or simulator (demo)',
];

export const prroKeyOperations = [
  defineOp({
    name: 'settings.prro_key_load',
    kind: 'write',
    scope: 'settings.write',
    origin: 'project',
    summary:
      "A manager loads a register's signing key: the container (Key-6.dat, .jks, .pfx, .pk8) and its password, with the certificate where the container has none.",
    params: {
      kasm,
      container: req(str(base64Length(MAX_CONTAINER_BYTES), { min: 4, format: 'byte' })),
      password: req(password),
      certificate: opt(str(base64Length(MAX_CERTIFICATE_BYTES), { format: 'byte', allowEmpty: true }), ''),
      cashier_registered: opt(bool(), false),
    },
    result: keyState,
    projectDefined: [
      WHY,
      "container and certificate: base64; the certificate (.cer, DER or PEM) where the container carries none (IIT's Key-6.dat)",
      "refused, and nothing stored, for a wrong password, a file that is no key container, no signing certificate for the key, a certificate expired or not yet valid, issued by a CA outside the trusted list, or naming neither the seller's ЄДРПОУ/РНОКПП nor (cashier_registered) a cashier the DPS registered for the register (form 5-ПРРО)",
      'by a manager: the X-Cashier header names a user at manager level, or X-Manager-Confirmation carries a confirmation for key_settings at that till',
      'the container is kept by the back office (its database file is readable by the service alone); the key is unlocked for the open shift, as by settings.prro_key_unlock',
      ...STATE_NOTES,
    ],
  }),
  defineOp({
    name: 'pos.prro_key_unlock',
    kind: 'write',
    desk: { draft: true },
    scope: 'pos.write',
    origin: 'project',
    summary:
      "A senior cashier or manager unlocks the register's key with its password, for the shift: kept only in the service's memory.",
    params: { kasm, password: req(password) },
    result: keyState,
    projectDefined: [
      WHY,
      "the password is kept in the service's memory only, until the shift is closed and its documents are with the tax server, or the service stops",
      'by a senior cashier or manager: the X-Cashier header names a user at manager level, or X-Manager-Confirmation carries a confirmation for key_unlock at that till',
      'refused for a register with no key loaded, a wrong password, or a certificate no longer valid',
      ...STATE_NOTES,
    ],
  }),
  defineOp({
    name: 'settings.prro_key_unattended',
    kind: 'write',
    scope: 'settings.write',
    origin: 'project',
    summary:
      "A manager chooses whether the service keeps the key's password, encrypted with a secret of its own, to sign unattended (a Z-report at night).",
    params: { kasm, enabled: req(bool()), password: opt(str(128), '') },
    result: keyState,
    projectDefined: [
      WHY,
      'enabled true needs the password (checked against the key); false forgets it',
      "the password is encrypted (AES-256-GCM) with the service's secret, a file beside its database, not in it: a copy of the database alone does not give it, but whoever can read both files, or runs as the service, can sign as the seller",
      'by a manager, as settings.prro_key_load',
      ...STATE_NOTES,
    ],
  }),
  defineOp({
    name: 'pos.prro_key_state',
    kind: 'read',
    scope: 'pos.read',
    origin: 'project',
    summary: "The signing key of each register (or of one till's): whose it is, until when, whether it is unlocked.",
    params: { kasm: opt(int(0, INT32_MAX), 0) },
    result: keyState,
    projectDefined: [WHY, 'kasm 0: every till with a register', ...STATE_NOTES],
  }),
  defineOp({
    name: 'settings.prro_device_take_over',
    kind: 'write',
    scope: 'settings.write',
    origin: 'project',
    summary:
      'A manager moves a register to this installation when the tax server says another device runs it (DeviceRegister, forced).',
    params: { kasm },
    result: status('affected'),
    projectDefined: [
      'the DPS refuses one register on two devices: the documents wait until a manager decides which device keeps it',
      'the service sends the forced registration with the next exchange; pos.prro_key_state shows device ours once it did',
      'by a manager, as settings.prro_key_load',
    ],
  }),
] as const;
