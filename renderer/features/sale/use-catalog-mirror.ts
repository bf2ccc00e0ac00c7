import { useEffect } from 'react';
import { getBridge } from '../../bridge/index.js';
import { CatalogMirror } from './catalog-mirror.js';

/** The page's mirror of the catalogue copy's goods (catalog-mirror.ts): one for the page. */
export const catalogMirror = new CatalogMirror(() => getBridge());

/** A pass now and then as well as on the core's events: one missed while the desk restarted is caught up. */
const SAFETY_PASS_MS = 60_000;

/**
 * Keeps the mirror current from the core's `catalog` events. Mount once, in the app shell. The
 * number of products it holds and the version it holds are on the document
 * (`data-catalog-mirror`, `data-catalog-mirror-version`), for diagnostics and for the tests and
 * benchmarks that wait for them.
 */
export function useCatalogMirror(): void {
  useEffect(() => {
    let live = true;
    const sync = () =>
      void catalogMirror.sync().then(() => {
        if (!live) return;
        document.documentElement.dataset.catalogMirror = String(catalogMirror.size);
        document.documentElement.dataset.catalogMirrorVersion = String(catalogMirror.held);
      });
    sync();
    const stop = getBridge().onEvent((event) => {
      if (event.type === 'catalog') sync();
    });
    const timer = setInterval(sync, SAFETY_PASS_MS);
    return () => {
      live = false;
      stop();
      clearInterval(timer);
    };
  }, []);
}
