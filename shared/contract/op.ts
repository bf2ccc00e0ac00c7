/**
 * How code outside the registry names an operation without writing its name: `op.pos.checkoutCloseSale`
 * is `'pos.checkout_close_sale'`, typed as that literal, so it goes wherever a name goes (the
 * bridge's read and write, ParamsOf<typeof op.pos.checkoutCloseSale>, a switch's case) and a
 * renamed or removed operation fails the typecheck where it is used. The identifiers are the names
 * in camelCase under their group, derived from the registry both in types and at run time; the
 * names themselves are written only in shared/contract/operations (operation-names.test.ts checks).
 */
import { OPERATION_NAMES, type OperationName } from './registry.js';

type Underscored<S extends string> = S extends `${infer H}.${infer T}` ? `${H}_${Underscored<T>}` : S;
type Camel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
type GroupOf<N extends string> = N extends `${infer G}.${string}` ? G : never;
type IdOf<N extends string> = N extends `${string}.${infer R}` ? Camel<Underscored<R>> : never;

export type OperationIds = {
  readonly [G in GroupOf<OperationName>]: {
    readonly [N in Extract<OperationName, `${G}.${string}`> as IdOf<N>]: N;
  };
};

/** `pos.checkout_close_sale` → `checkoutCloseSale`; `catalog.contrag.save` → `contragSave`. */
export const operationId = (name: string): string =>
  name
    .slice(name.indexOf('.') + 1)
    .split(/[._]/)
    .map((part, i) => (i === 0 ? part : part.charAt(0).toUpperCase() + part.slice(1)))
    .join('');

function byGroup(): OperationIds {
  const groups: Record<string, Record<string, string>> = {};
  for (const name of OPERATION_NAMES) {
    const group = name.slice(0, name.indexOf('.'));
    groups[group] ??= {};
    groups[group][operationId(name)] = name;
  }
  return groups as unknown as OperationIds;
}

/** Every operation of the registry by group and identifier: `op.pos.findCode` is `'pos.find_code'`. */
export const op: OperationIds = byGroup();
