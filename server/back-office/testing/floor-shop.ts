/**
 * The sales test shop (sales/testing/shop.ts) with the whole back office's schema, for the operations
 * of the till floor: any operation of the registry can be called, and every answer goes through
 * the gateway's normalization, so it is checked against the result contract.
 */
import { findOperation, type OperationName, type ParamsOf, type RpcResult } from '../../../shared/contract/index.js';
import { normalizeResult } from '../../gateway/normalize.js';
import { BusinessRefusal } from '../../upstream/upstream.js';
import { syncMigrations } from '../catalog/index.js';
import { invoke } from '../operations.js';
import { type Shop, standardShop } from '../sales/testing/shop.js';

export interface FloorShop extends Shop {
  any<M extends OperationName>(name: M, params: ParamsOf<M>, user?: string): RpcResult;
  anyRefused<M extends OperationName>(name: M, params: ParamsOf<M>): BusinessRefusal;
}

export function floorShop(): FloorShop {
  const shop = standardShop(syncMigrations);
  const ctxOf = (user: string) => ({ ...shop.ctx, user });
  return Object.assign(shop, {
    any<M extends OperationName>(name: M, params: ParamsOf<M>, user = 'cashier') {
      const op = findOperation(name);
      if (!op) throw new Error(`${name} is not an operation`);
      return normalizeResult(op, invoke(ctxOf(user), name, params), { name: 'test', version: 'test' });
    },
    anyRefused<M extends OperationName>(name: M, params: ParamsOf<M>) {
      try {
        invoke(shop.ctx, name, params);
      } catch (err) {
        if (err instanceof BusinessRefusal) return err;
        throw err;
      }
      throw new Error(`${name} was expected to be refused`);
    },
  });
}
