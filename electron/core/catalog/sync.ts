/**
 * Keeps the till's catalogue copy current while the service answers: reads goods.catalog_changes
 * from the copy's cursor until nothing more is left, now and then and whenever asked (after a
 * sale, the stock it took). A copy of another service, or a cursor the service does not know
 * (its back office was replaced), is thrown away and read again from the start.
 */

import { SingleFlight } from '../../../shared/async/single-flight.js';
import type { ResultRowOf } from '../../../shared/contract/index.js';
import { op } from '../../../shared/contract/op.js';
import type { RpcClient } from '../rpc/client.js';
import type { LocalCatalog } from './local-catalog.js';

export const SYNC_INTERVAL_MS = 20_000;
const PAGE = 2000;

type ChangeRow = ResultRowOf<typeof op.goods.catalogChanges>;

export class CatalogSync {
  private timer: NodeJS.Timeout | undefined;
  private readonly flight = new SingleFlight(() => this.runOnce().catch((err: unknown) => this.opts.onError?.(err)));

  constructor(
    private readonly catalog: LocalCatalog,
    private readonly client: Pick<RpcClient, 'call'>,
    private readonly service: () => string,
    private readonly opts: {
      intervalMs?: number;
      onSynced?: () => void;
      /** The copy's goods changed (or it was emptied): their new version, for the page's mirror. */
      onChanged?: (version: number) => void;
      onError?: (err: unknown) => void;
    } = {},
  ) {}

  start(): void {
    this.kick();
    this.timer = setInterval(() => this.kick(), this.opts.intervalMs ?? SYNC_INTERVAL_MS);
    this.timer.unref();
  }

  /** Brings the copy up to date soon; a call while one runs makes it run once more after. */
  kick(): Promise<void> {
    return this.flight.run();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flight.settle();
  }

  private reset(service: string): void {
    this.catalog.reset(service);
    this.opts.onChanged?.(0);
  }

  private async runOnce(): Promise<void> {
    const service = this.service();
    if (this.catalog.service !== service) this.reset(service);
    for (;;) {
      const since = this.catalog.cursor;
      const outcome = await this.client.call(op.goods.catalogChanges, { since, limit: PAGE });
      // Unreachable or refused: the copy stays as it is, marked with its age.
      if (outcome.kind !== 'ok' || this.service() !== service) return;
      const rows = outcome.result.rows as ChangeRow[];
      const end = rows.at(-1);
      if (end?.tag !== 'END') throw new Error('goods.catalog_changes answered without its END row');
      const cursor = Number(end.seq);
      if (cursor < since) {
        this.reset(service);
        continue;
      }
      const more = end.more === '1';
      const version = this.catalog.apply(rows.slice(0, -1), cursor, !more, new Date());
      if (version !== null) this.opts.onChanged?.(version);
      if (!more) {
        this.opts.onSynced?.();
        return;
      }
    }
  }
}
