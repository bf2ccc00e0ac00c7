/** The names of the goods on the quick keys, from the till's catalogue copy, for the quick-keys bar. */
import { useQuery } from '@tanstack/react-query';
import { getBridge } from '../../../bridge/index.js';

export function useQuickNames(quickCodes: readonly string[]): Record<string, string> | undefined {
  return useQuery({
    queryKey: ['catalog', 'quick', quickCodes],
    queryFn: async () => {
      const items = await Promise.all(quickCodes.map((c) => getBridge().catalogItem(c)));
      return Object.fromEntries(items.flatMap((i) => (i ? [[i.code, i.name]] : [])));
    },
    enabled: quickCodes.length > 0,
  }).data;
}
