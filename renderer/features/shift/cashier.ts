/**
 * Who opens the shift: the cashier signed in at the till (features/people). The shell shows the
 * shift screen only to someone signed in, so there is no one to choose.
 */
import type { Cashier } from '../../../shared/bridge/api.js';
import { useStatus } from '../../rpc/hooks.js';

export type { Cashier };

export const useSignedInCashier = (): Cashier | null => useStatus().data?.cashier ?? null;
