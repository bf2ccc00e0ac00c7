/**
 * Pointing the till at a service: the address and its key go together, are checked by the core
 * before anything is saved, and apply at once. The key goes one way: the answer is the public
 * settings, which say only whether a key is set.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceChange } from '../../../shared/bridge/api.js';
import { getBridge } from '../../bridge/index.js';

export function useServiceActions() {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (change: ServiceChange) => getBridge().serviceSet(change),
    onSuccess: (settings) => {
      client.setQueryData(['settings'], settings);
      // Everything read so far came from the other service.
      client.invalidateQueries({ queryKey: ['rpc'] });
      client.invalidateQueries({ queryKey: ['status'] });
      client.invalidateQueries({ queryKey: ['queue'] });
    },
  });
  const test = useMutation({
    mutationFn: (change: { url: string; key?: string } | null) =>
      change ? getBridge().serviceTest(change) : getBridge().testConnection(),
    onSettled: () => client.invalidateQueries({ queryKey: ['status'] }),
  });
  return { save, test };
}
