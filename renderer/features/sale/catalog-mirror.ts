/**
 * The page's own copy of the goods of the till's catalogue copy. A scan asked the desk for the
 * product over the bridge: in browser mode that round trip through Chromium's network stack was
 * most of a scan's time (bench:ui, part A). The page now holds every product by its codes, read
 * once a page at a time and then only what changed (the core's `catalog` events), and a scan it
 * knows goes on the receipt at once. A code it does not know is asked of the desk as before, so
 * a product added a moment ago still sells; the back office prices every line anyway.
 */
import { SingleFlight } from '../../../shared/async/single-flight.js';
import type { CashdeskApi, CatalogItem, MirrorPage } from '../../../shared/bridge/api.js';

type Source = Pick<CashdeskApi, 'catalogMirror'>;

/** Products a page: a 100,000-goods catalogue is read in 50 short answers, none holding the page up for long. */
export const MIRROR_PAGE = 2000;

export class CatalogMirror {
  private readonly byCode = new Map<string, CatalogItem>();
  /** Each product's extra codes as last read, so a moved or removed barcode is dropped. */
  private readonly extraOf = new Map<string, readonly string[]>();
  private epoch = '';
  private version = 0;
  // Unreachable desk or a refused page: the mirror stays as it is, and scans ask the desk.
  private readonly flight = new SingleFlight(() => this.pass());

  constructor(private readonly source: () => Source) {}

  /** The product sold under this code (its own or an extra one), if the page holds it. */
  item(code: string): CatalogItem | undefined {
    return this.byCode.get(code);
  }

  /** How many products it holds. */
  get size(): number {
    return this.extraOf.size;
  }

  /** The version of the desk's copy it holds (MirrorPage.version). */
  get held(): number {
    return this.version;
  }

  /** Brings the mirror up to date; a call while one runs makes it run once more after it. */
  sync(): Promise<void> {
    return this.flight.run();
  }

  /**
   * One pass over the pages of what changed. The version kept is the first page's: a change
   * made while later pages were read comes again in the next pass. A copy replaced during the
   * pass (its epoch changed) starts the pass over.
   */
  private async pass(): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const first = await this.source().catalogMirror({ epoch: this.epoch, since: this.version, limit: MIRROR_PAGE });
      if (first.full) this.clear();
      this.take(first);
      let page = first;
      while (page.next !== null) {
        // Asked as the first page was (a full pass goes on being one), from where it ended.
        page = await this.source().catalogMirror({
          epoch: this.epoch,
          since: this.version,
          after: page.next,
          limit: MIRROR_PAGE,
        });
        if (page.epoch !== first.epoch || page.full !== first.full) break;
        this.take(page);
      }
      if (page.next === null && page.epoch === first.epoch) {
        this.epoch = first.epoch;
        this.version = first.version;
        return;
      }
      // The copy was replaced under the pass: read it again from the start.
      this.clear();
    }
  }

  private take(page: MirrorPage): void {
    for (const code of page.removed) this.drop(code);
    for (const { codes, ...item } of page.goods) {
      this.drop(item.code);
      this.byCode.set(item.code, item);
      for (const extra of codes) if (!this.extraOf.has(extra)) this.byCode.set(extra, item);
      this.extraOf.set(item.code, codes);
    }
  }

  private drop(code: string): void {
    const extras = this.extraOf.get(code);
    if (extras === undefined) return;
    for (const extra of extras) if (this.byCode.get(extra)?.code === code) this.byCode.delete(extra);
    this.byCode.delete(code);
    this.extraOf.delete(code);
  }

  private clear(): void {
    this.byCode.clear();
    this.extraOf.clear();
    this.epoch = '';
    this.version = 0;
  }
}
