/**
 * Replacing the API key and testing the connection. renderer/rpc has no hooks for these two bridge
 * messages, so they are here. The key goes one way: the answer is the public settings, which
 * say only whether a key is set.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getBridge } from '../../bridge/index.js';

export function useKeyActions() {
  const client = useQueryClient();
  const setKey = useMutation({
    mutationFn: (key: string) => getBridge().setApiKey(key),
    onSuccess: (settings) => client.setQueryData(['settings'], settings),
  });
  const test = useMutation({
    mutationFn: () => getBridge().testConnection(),
    onSettled: () => client.invalidateQueries({ queryKey: ['status'] }),
  });
  return { setKey, test };
}
