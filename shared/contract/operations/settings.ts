/** Group `settings`: workplace profiles (TP) and user identity. */
import { defineOp } from '../dsl/operation.js';
import { INT32_MAX, int, oneOf, opt, req, str } from '../dsl/params.js';
import { status } from '../dsl/results.js';

const userId = int(1, INT32_MAX);

export const settingsOperations = [
  defineOp({
    name: 'settings.init_user_tp',
    kind: 'write',
    scope: 'settings.write',
    summary: 'Gives a user a fresh workplace profile from the defaults.',
    params: { target_user_id: req(userId) },
    result: status('affected'),
    projectDefined: ['scope: the spec marks it with a dagger; settings.write as the group'],
  }),
  defineOp({
    name: 'settings.save_tp',
    kind: 'write',
    scope: 'settings.write',
    summary: 'Saves a workplace profile.',
    params: {
      ind: req(userId),
      mode: opt(oneOf('edit'), 'edit'),
      nt: opt(str(512), ''),
      dopinf: opt(str(4096), ''),
    },
    result: status('mode', 'affected'),
  }),
  defineOp({
    name: 'settings.save_user_identity',
    kind: 'write',
    scope: 'settings.write',
    summary: "Sets a user's name, card and type.",
    // The name is printed in fiscal documents (CASHIER): no control characters.
    params: {
      card: req(str(512)),
      nt: req(str(512, { noControl: true })),
      target_user_id: req(userId),
      typex: opt(str(512), ''),
    },
    result: status('affected'),
  }),
] as const;
