/** What the sale screen keeps in step with the world outside the receipt. */
import { useEffect } from 'react';
import type { ConnectionState } from '../../../../shared/bridge/api.js';
import { tellDisplay } from '../../customer-display/index.js';
import { useNotice } from '../notice-store.js';

/**
 * The customer display shows what is due as the cashier asks for the cash ('' while nothing is
 * asked; not the emptied sale after the close).
 */
export function useDueOnDisplay(due: string): void {
  useEffect(() => {
    if (due !== '') tellDisplay({ kind: 'total', total: due });
  }, [due]);
}

/** Back online: what the catalogue copy said is no longer the news. */
export function useStaleUntilOnline(connection: ConnectionState | undefined): void {
  useEffect(() => {
    if (connection === 'online') useNotice.getState().setStale(false);
  }, [connection]);
}
