/**
 * The one registry of every operation of the retail RPC contract. The server validates with it,
 * the desktop core validates at its trust boundary with it, the renderer derives its hooks from
 * it, and `npm run contract` publishes it. No operation name is written anywhere else by hand.
 */
import type { OperationSpec } from './dsl/operation.js';
import type { InputOf, ParsedOf } from './dsl/params.js';
import type { RowOf, StatusOf } from './dsl/results.js';
import { catalogOperations } from './operations/catalog.js';
import { checkOperations, generatorOperations, printTemplateOperations } from './operations/checks.js';
import { discountOperations, financeOperations, serviceOperations } from './operations/finance.js';
import { fiscalOperations } from './operations/fiscal.js';
import { floorOperations } from './operations/floor.js';
import { goodsOperations } from './operations/goods.js';
import { naklOperations } from './operations/nakl.js';
import { peopleOperations } from './operations/people.js';
import { posOperations } from './operations/pos.js';
import { prroKeyOperations } from './operations/prro-keys.js';
import { prroManagerOperations } from './operations/prro-manager.js';
import { settingsOperations } from './operations/settings.js';

/** Version of the upstream contract the registry describes (spec: every operation since 0.4.0). */
export const CONTRACT_VERSION = '0.4.0';

export const OPERATIONS = [
  ...posOperations,
  ...printTemplateOperations,
  ...checkOperations,
  ...generatorOperations,
  ...goodsOperations,
  ...catalogOperations,
  ...settingsOperations,
  ...naklOperations,
  ...discountOperations,
  ...financeOperations,
  ...serviceOperations,
  ...fiscalOperations,
  ...floorOperations,
  ...peopleOperations,
  ...prroManagerOperations,
  ...prroKeyOperations,
] as const;

export type Operation = (typeof OPERATIONS)[number];
export type OperationName = Operation['name'];
export type OperationByName<M extends OperationName> = Extract<Operation, { name: M }>;
export type ReadName = Extract<Operation, { kind: 'read' }>['name'];
export type WriteName = Extract<Operation, { kind: 'write' }>['name'];

/** Params a caller sends for M. */
export type ParamsOf<M extends OperationName> = InputOf<OperationByName<M>['params']>;
/** Params a handler receives for M, defaults applied. */
export type ParsedParamsOf<M extends OperationName> = ParsedOf<OperationByName<M>['params']>;
/** A row of the result of M as the client receives it. */
export type ResultRowOf<M extends OperationName> = RowOf<OperationByName<M>['result']>;
export type ResultStatusOf<M extends OperationName> = StatusOf<OperationByName<M>['result']>;

const byName = new Map<string, OperationSpec>(OPERATIONS.map((op) => [op.name, op]));

export function findOperation(name: string): OperationSpec | undefined {
  return byName.get(name);
}

export function isOperationName(name: string): name is OperationName {
  return byName.has(name);
}

export const OPERATION_NAMES = OPERATIONS.map((op) => op.name) as readonly OperationName[];

/** The operations of the spec itself, and those this project added to its groups. */
export const isSpecOperation = (op: OperationSpec): boolean => op.origin !== 'project';
