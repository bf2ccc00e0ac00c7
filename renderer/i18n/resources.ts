/** All namespaces: the shell's and one per screen. */
import { strings as display } from '../features/customer-display/strings.js';
import { strings as debt } from '../features/debt/strings.js';
import { strings as diagnostics } from '../features/diagnostics/strings.js';
import { strings as excise } from '../features/excise/strings.js';
import { strings as fiscal } from '../features/fiscal-state/strings.js';
import { strings as journal } from '../features/journal/strings.js';
import { strings as mixed } from '../features/mixed-payment/strings.js';
import { strings as outbox } from '../features/outbox/strings.js';
import { strings as people } from '../features/people/strings.js';
import { strings as product } from '../features/product-card/strings.js';
import { strings as keys } from '../features/prro-keys/strings.js';
import { strings as prro } from '../features/prro-queue/strings.js';
import { strings as receipt } from '../features/receipt/strings.js';
import { strings as returns } from '../features/returns/strings.js';
import { strings as sale } from '../features/sale/strings.js';
import { strings as scale } from '../features/scale/strings.js';
import { strings as settings } from '../features/settings/strings.js';
import { strings as shift } from '../features/shift/strings.js';
import { strings as terminal } from '../features/terminal/strings.js';
import { common } from './common.js';
import { refusals } from './refusals.js';

const namespaces = {
  common,
  refusals,
  sale,
  mixed,
  debt,
  excise,
  prro,
  keys,
  fiscal,
  journal,
  product,
  outbox,
  settings,
  diagnostics,
  people,
  returns,
  shift,
  receipt,
  terminal,
  display,
  scale,
};

export const resources = {
  uk: Object.fromEntries(Object.entries(namespaces).map(([ns, s]) => [ns, s.uk])),
  en: Object.fromEntries(Object.entries(namespaces).map(([ns, s]) => [ns, s.en])),
};
