/** Group `catalog`: directories addressed by stable string keys (writes, status catalog + affected). */
import { defineOp, type Scope } from '../dsl/operation.js';
import { dec, type Fields, int, opt, ours, req, str } from '../dsl/params.js';
import { status } from '../dsl/results.js';
import { OPEN_DECIMAL, openLengths } from './bounds.js';

/** Keys are 1 to 512 characters (spec, Resources, "Directory record"). */
const key = str(512, { min: 1 });
const scope: Scope = 'catalog.write';
const SAVE_KEY = 'result: saves also return the record key in status.key, since no read of these directories returns keys';

const save = <const N extends string, const F extends Fields>(name: N, summary: string, params: F, extra: string[] = []) =>
  defineOp({
    name,
    kind: 'write',
    scope,
    summary,
    params: { key: opt(key), ...params },
    result: status('catalog', 'affected', 'key'),
    projectDefined: [SAVE_KEY, ...extra],
  });

const remove = <const N extends string>(name: N, summary: string) =>
  defineOp({ name, kind: 'write', scope, summary, params: { key: req(key) }, result: status('catalog', 'affected') });

const caption = { fld: req(str(250)), rus: req(str(255)), ukr: req(str(250)) } as const;

export const catalogOperations = [
  remove('catalog.contrag.delete', 'Deletes a counterparty.'),
  save('catalog.contrag.save', 'Creates or updates a counterparty.', { nt: req(str(255)), rekv: opt(str(4096)) }),
  remove('catalog.discount_actions.delete', 'Deletes a discount action.'),
  save(
    'catalog.discount_actions.save',
    'Creates or updates a discount action: a percent off for a period.',
    {
      uin: req(int()),
      disc: req(dec('pct', OPEN_DECIMAL)),
      action_type: req(int()),
      dfr: req(str(undefined, { format: 'date' })),
      dto: req(str(undefined, { format: 'date' })),
      code: ours(opt(str(190), ''), 'the product the action applies to; empty: every product'),
      nt: ours(opt(str(255), ''), 'the name shown to the cashier'),
    },
    ['action_type: 0 applies to every buyer, 1 only to discount-card holders', openLengths([], ['disc'])],
  ),
  remove('catalog.translate_zap.delete', 'Removes caption and column-view settings.'),
  save(
    'catalog.translate_zap.save',
    'Creates or updates a caption and column-view setting.',
    {
      ...caption,
      width: opt(int()),
    },
    ['scope: the spec marks it with a dagger; the group scope applies'],
  ),
  remove('catalog.translate_kupm.delete', 'Removes a caption setting.'),
  save('catalog.translate_kupm.save', 'Creates or updates a caption setting.', caption, [
    'params: as catalog.translate_zap.save without width; the spec names the operation only',
  ]),
  remove('catalog.users.delete', 'Deletes a user.'),
  save(
    'catalog.users.save',
    'Creates or updates a user.',
    {
      // Printed in fiscal documents (CASHIER): no control characters.
      nt: req(str(255, { noControl: true })),
      card: req(str(45)),
      level: req(str(2)),
      rekv: opt(str(4096)),
      kf: opt(dec('ratio', 64, { comma: true })),
      kasx: opt(int()),
      typex: opt(str(512)),
      tel: opt(str(undefined, { format: 'phone' })),
    },
    [openLengths([], [], 'typex S512, as in settings.save_user_identity')],
  ),
] as const;
