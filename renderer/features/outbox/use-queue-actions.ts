/**
 * A person's retry, reconcile and send-here of an outbox item. renderer/rpc has no hooks for these
 * bridge messages, so they are here, over getBridge(), refreshing the queue views as useWrite does.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getBridge } from '../../bridge/index.js';

export function useQueueActions() {
  const client = useQueryClient();
  const refresh = () => {
    client.invalidateQueries({ queryKey: ['queue'] });
    client.invalidateQueries({ queryKey: ['status'] });
  };
  const retry = useMutation({ mutationFn: (id: number) => getBridge().queueRetry(id), onSettled: refresh });
  const reconcile = useMutation({
    mutationFn: (v: { id: number; note: string }) => getBridge().queueReconcile(v.id, v.note),
    onSettled: refresh,
  });
  const sendHere = useMutation({ mutationFn: (id: number) => getBridge().queueSendHere(id), onSettled: refresh });
  return { retry, reconcile, sendHere };
}
