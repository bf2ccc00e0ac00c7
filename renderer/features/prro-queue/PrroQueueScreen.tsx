/**
 * F5, for the store manager: the fiscal documents the tax server rejected or holds back, with
 * their till, register and shift, their hash chain checked, their XML readable, their audit
 * trail, and requeue / status changes a confirmation away (two when later documents depend on
 * them); and, Alt+Z, every document of one shift in chain order. The list refreshes itself while
 * the screen is open, and the screen opens with the keyboard on the first document that needs a
 * person (the first the tax server refused), its detail beside it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TillIdentity } from '../../../shared/bridge/api.js';
import { useSettings } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Loading, StaleNotice } from '../../ui/Loading.js';
import { KeySignWait } from '../prro-keys/index.js';
import { firstNeedingPerson } from './attention.js';
import { BulkPanel } from './BulkPanel.js';
import { COLUMNS } from './columns.js';
import { DocDetail, type DocDetailHandle } from './DocDetail.js';
import { ErrorGrid, type ErrorGridHandle } from './ErrorGrid.js';
import { FIRST_FILTER_ID, Filters } from './Filters.js';
import { defaultFilter, sameFilter } from './filters.js';
import { hintsFor } from './keys.js';
import { reasonOf } from './reason.js';
import type { GridRow } from './rows.js';
import { ShiftView } from './ShiftView.js';
import { nextSort } from './sort.js';
import { UnsentSummary } from './UnsentSummary.js';
import { useAltKeys } from './use-alt-keys.js';
import { GRID_PAGE_OP, type GridPages, useGridPages } from './use-grid-pages.js';
import { usePrroView } from './view-store.js';
import './prro-queue.css';
import { KeyHints } from '../../ui/KeyHints.js';
import { shopTime, useShopTimeZone } from '../../ui/shop-time.js';

export function PrroQueueScreen() {
  const settings = useSettings();
  if (settings.data) return <PrroQueue till={settings.data.till} />;
  return settings.error ? <ErrorMessage error={settings.error} /> : <Loading />;
}

function PrroQueue({ till }: { till: TillIdentity }) {
  const { t } = useTranslation('prro');
  const client = useQueryClient();
  const view = usePrroView();
  const timeZone = useShopTimeZone();
  const [defaults] = useState(() => defaultFilter(till, new Date(), timeZone));
  const filter = view.filter ?? defaults;
  const grid = useGridPages(filter, view.sort);
  const gridRef = useRef<ErrorGridHandle>(null);
  const detailRef = useRef<DocDetailHandle>(null);
  const section = useRef<HTMLElement>(null);
  const selected = useSelected(view.selectedId, grid.byId, grid.key);
  const land = useLanding(grid, view.view === 'queue', {
    kept: view.selectedId,
    select: view.select,
    grid: gridRef,
    // Nothing listed: the keyboard stays where it is (the filter just shown), else it is on the screen.
    empty: () => {
      if (document.activeElement === null || document.activeElement === document.body) section.current?.focus();
    },
  });
  useLostSelection(grid, view.selectedId, selected !== undefined || land.pending, () => {
    // The document left the list (the tax server took it, or another manager changed it).
    const lost = document.activeElement === null || document.activeElement === document.body;
    view.select(null);
    if (lost) gridRef.current?.focus();
  });

  const sortColumn = (index: number) => {
    const column = COLUMNS[index];
    if (column) view.setSort(nextSort(view.sort, column.id));
  };

  useAltKeys((key) => {
    if ('sort' in key) {
      if (key.sort >= COLUMNS.length) return false;
      sortColumn(key.sort);
      return true;
    }
    if (key.action === 'shifts') {
      // With a document open: its shift; else the per-shift view and back.
      if (view.view === 'queue' && selected?.shift) view.openShift(selected.shift);
      else view.showView(view.view === 'shifts' ? 'queue' : 'shifts');
      return true;
    }
    if (view.view === 'shifts') return false;
    if (key.action === 'filters') document.getElementById(FIRST_FILTER_ID)?.focus();
    else if (key.action === 'grid') gridRef.current?.focus();
    else if (key.action === 'bulk') view.setBulkOpen(true);
    else return false;
    return true;
  });

  const context = view.view === 'shifts' ? 'shifts' : selected ? 'detail' : 'queue';
  return (
    <section ref={section} className="prro" aria-labelledby="prro-title" tabIndex={-1} data-testid="prro-screen">
      <h1 id="prro-title">{t('title')}</h1>
      <fieldset className="prro-views row" aria-label={t('views.label')}>
        {(['queue', 'shifts'] as const).map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={view.view === v}
            className={view.view === v ? 'primary' : undefined}
            onClick={() => view.showView(v)}
            data-testid={`prro-view-${v}`}
          >
            {/* Alt+Z goes to the other view: the key is on the button it presses. */}
            {t(`views.${v}`)} {view.view === v ? null : <kbd>Alt+Z</kbd>}
          </button>
        ))}
      </fieldset>
      {view.view === 'shifts' ? <ShiftView queueFilter={filter} /> : queueView()}
      <KeyHints
        className="prro-keys"
        title={t('keys.legend')}
        hints={hintsFor(context, selected !== undefined && reasonOf(selected.row.last_error).kind === 'waits').map((k) => ({
          keys: k.keys,
          label: t(`keys.${k.action}`),
        }))}
      />
    </section>
  );

  /** The error grid's part of the screen: a render helper, not a component, so nothing in it remounts. */
  function queueView() {
    return (
      <>
        <Filters
          // Read again when the filter changes from elsewhere (Alt+D, the till's register).
          key={JSON.stringify(filter)}
          initial={filter}
          onApply={(f) => {
            // "Show" again with the same filter is a refresh; a new filter is read anyway (refreshing
            // the one shown as well would only delay it).
            const again = sameFilter(f, filter);
            view.apply(f);
            land.again();
            if (again) client.invalidateQueries({ queryKey: ['rpc', GRID_PAGE_OP] });
          }}
        />
        {view.notice ? (
          <p className={`prro-notice ${view.notice.kind}`} role="status" data-testid="prro-notice">
            {view.notice.text}
          </p>
        ) : null}
        <div className="prro-toolbar row">
          <span data-testid="prro-count" data-count={grid.first.isSuccess ? grid.total : undefined}>
            {grid.first.isSuccess ? t('grid.count', { count: grid.total }) : null}
          </span>
          {grid.breaks > 0 ? (
            <span className="badge bad" data-testid="prro-breaks">
              {t('grid.breaks', { count: grid.breaks })}
            </span>
          ) : null}
          {grid.isFetching ? (
            <span className="loading">{t('grid.refreshing')}</span>
          ) : grid.readAt > 0 ? (
            <span className="muted prro-read-at" data-testid="prro-read-at">
              {t('grid.readAt', { time: shopTime(new Date(grid.readAt).toISOString(), timeZone, true) })}
            </span>
          ) : null}
          <button type="button" onClick={() => view.setBulkOpen(!view.bulkOpen)} data-testid="prro-bulk-open">
            {t('bulk.open')} <kbd>Alt+B</kbd>
          </button>
        </div>
        {/^\d+$/.test(filter.kasm.trim()) && Number(filter.kasm) > 0 ? (
          <UnsentSummary
            kasm={Number(filter.kasm)}
            numprro={filter.numprro.trim()}
            listed={grid.total}
            start={filter.start}
            onFrom={(start) => {
              view.apply({ ...filter, start });
              land.again();
            }}
          />
        ) : null}
        {Number(filter.kasm) === till.kasm ? <KeySignWait /> : null}
        {view.bulkOpen ? <BulkPanel filter={filter} onClose={() => view.setBulkOpen(false)} onNotice={view.say} /> : null}
        <StaleNotice stale={grid.first.stale} />
        <ErrorMessage error={grid.error} testId="prro-grid-error" />
        <div className={selected ? 'prro-main with-detail' : 'prro-main'}>
          {grid.first.isPending ? (
            <Loading />
          ) : grid.total === 0 && grid.first.isSuccess ? (
            <p className="prro-empty" data-testid="prro-empty">
              {t('grid.empty')}
            </p>
          ) : (
            <ErrorGrid
              ref={gridRef}
              count={grid.total}
              rowAt={grid.rowAt}
              indexOf={grid.indexOf}
              onRange={grid.want}
              sort={view.sort}
              onSort={(c) => view.setSort(nextSort(view.sort, c))}
              selectedId={view.selectedId}
              onSelect={view.select}
              onOpen={(id) => {
                view.select(id);
                // The panel mounts with the selection; focus it once it is there.
                requestAnimationFrame(() => detailRef.current?.focus());
              }}
            />
          )}
          {selected ? (
            <DocDetail
              key={selected.id}
              ref={detailRef}
              doc={selected}
              filter={filter}
              byId={grid.byId}
              onShow={view.select}
              onOpenShift={view.openShift}
              onClose={() => {
                view.select(null);
                gridRef.current?.focus();
              }}
              onNotice={view.say}
            />
          ) : null}
        </div>
      </>
    );
  }
}

/**
 * Where the keyboard lands when the list is first read (the screen opened, a filter shown): on the
 * document kept from before if it is still listed, else on the first one the tax server refused,
 * with its detail open; else on the grid, or the screen when nothing is listed.
 */
function useLanding(
  grid: GridPages,
  shown: boolean,
  to: {
    kept: string | null;
    select: (id: string) => void;
    grid: RefObject<ErrorGridHandle | null>;
    empty: () => void;
  },
): { readonly pending: boolean; again(): void } {
  const [pending, setPending] = useState(true);
  const ready = pending && shown && grid.first.isSuccess && !grid.isFetching;
  useEffect(() => {
    if (!ready) return;
    setPending(false);
    if (grid.total === 0) {
      to.empty();
      return;
    }
    const id = to.kept !== null && grid.byId.has(to.kept) ? to.kept : firstNeedingPerson(grid);
    if (id !== undefined) {
      to.select(id);
      to.grid.current?.reveal(grid.indexOf(id));
    }
    // Once the grid is painted with the selection.
    requestAnimationFrame(() => to.grid.current?.focus());
  });
  return { pending, again: () => setPending(true) };
}

/** Calls `lost` once the selected document is no longer in the list as read again (`shown` while it is, or while landing). */
function useLostSelection(grid: GridPages, selectedId: string | null, shown: boolean, lost: () => void): void {
  const gone = selectedId !== null && !shown && grid.first.isSuccess && !grid.isFetching;
  const latest = useRef(lost);
  latest.current = lost;
  useEffect(() => {
    if (gone) latest.current();
  }, [gone]);
}

/**
 * The selected document. Its row is in a page read, except just after a new sort, which reads
 * the list again from its first page: the detail stays on the row as last read, rather than
 * closing under the manager. A document gone from a list read again (after a change) closes it.
 */
function useSelected(id: string | null, byId: ReadonlyMap<string, GridRow>, key: string): GridRow | undefined {
  const seen = useRef<{ key: string; row: GridRow } | null>(null);
  if (id === null) return undefined;
  const row = byId.get(id);
  if (row) {
    seen.current = { key, row };
    return row;
  }
  const last = seen.current;
  return last && last.row.id === id && last.key !== key ? last.row : undefined;
}
