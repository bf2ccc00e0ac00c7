/**
 * The sale screen's dialogs, one open at a time (`open`): those a scan leads to (a return by its
 * QR code, a weight, the buyer's age, stamps, the search) and those the cashier asks for on the
 * receipt (cash, a quantity, parked sales, a manual price, removing a line, cancelling the sale).
 */
import type { MutableRefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicSettings } from '../../../../shared/bridge/api.js';
import { roundCash } from '../../../money/cash-rounding.js';
import type { Dec } from '../../../money/money.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { ReturnDialog } from '../../returns/ReturnDialog.js';
import type { ScanResult } from '../actions/types.js';
import { CashDialog } from '../components/CashDialog.js';
import { ManualPriceDialog } from '../components/ManualPriceDialog.js';
import { ParkedDialog } from '../components/ParkedDialog.js';
import { QuantityDialog } from '../components/QuantityDialog.js';
import { SearchDialog } from '../components/SearchDialog.js';
import { StampDialog } from '../components/StampDialog.js';
import { useNotice } from '../notice-store.js';
import type { SaleActions } from '../sale-actions.js';
import type { SaleLine } from '../sale-lines.js';
import type { ParkedSale } from '../sale-store.js';
import type { EntryKind } from '../scanner.js';
import type { Open } from './open.js';

export interface DialogsProps {
  readonly open: Open | null;
  /** The line the open dialog is about, if it is about one. */
  readonly openLine: SaleLine | undefined;
  readonly close: () => void;
  readonly actions: SaleActions;
  readonly settings: PublicSettings | undefined;
  readonly follow: (result: ScanResult) => void;
  readonly scanCode: (text: string, kind: EntryKind) => Promise<void>;
}

export interface ScanDialogsProps extends DialogsProps {
  /** Scans that arrive while the age question is open, rung up after it. */
  readonly held: MutableRefObject<string[]>;
  readonly takeScanStart: () => string;
  readonly ringHeld: () => Promise<void>;
}

export function ScanDialogs({
  open,
  openLine,
  close,
  actions,
  settings,
  follow,
  scanCode,
  held,
  takeScanStart,
  ringHeld,
}: ScanDialogsProps) {
  const { t } = useTranslation('sale');
  return (
    <>
      {open?.kind === 'return' ? <ReturnDialog initial={open.link} onClose={close} /> : null}
      {open?.kind === 'weigh' ? (
        <QuantityDialog
          mode="weigh"
          name={open.candidate.found.name}
          unit={open.candidate.found.unit}
          weighted
          initial=""
          scale={settings?.scale?.enabled === true && settings.scale.serialPath !== ''}
          onClose={close}
          onApply={(q) => {
            close();
            void actions.admit(open.candidate, q).then(follow);
          }}
          onScan={(code) => {
            close();
            void scanCode(code, 'scan');
          }}
        />
      ) : null}
      {open?.kind === 'age' ? (
        <ConfirmDialog
          title={t('age.title')}
          confirmLabel={t('age.yes', { age: open.candidate.item?.ageLimit || 18 })}
          cancelLabel={t('age.no')}
          onScan={(code) => held.current.push(code)}
          takeScanStart={takeScanStart}
          onCancel={() => {
            useNotice.getState().say({ tone: 'warn', key: 'ageRefused', values: { name: open.candidate.found.name } });
            close();
            void ringHeld();
          }}
          onConfirm={() => {
            close();
            void actions
              .confirmAge(open.candidate)
              .then(follow)
              .then(() => ringHeld());
          }}
        >
          <p data-testid="age-text">
            {t('age.body', { name: open.candidate.found.name, age: open.candidate.item?.ageLimit || 18 })}
          </p>
        </ConfirmDialog>
      ) : null}
      {open?.kind === 'stamps' && openLine ? (
        <StampDialog
          line={openLine}
          masks={settings?.stampMasks ?? []}
          onClose={close}
          onAdd={(stamp, manual) => actions.addStamp(openLine.code, stamp, manual)}
          onProduct={(code) => void scanCode(code, 'scan')}
        />
      ) : null}
      {open?.kind === 'search' ? (
        <SearchDialog
          onClose={close}
          onPick={(code) => {
            close();
            void scanCode(code, 'typed');
          }}
        />
      ) : null}
    </>
  );
}

export interface LineDialogsProps extends DialogsProps {
  readonly lines: readonly SaleLine[];
  readonly total: Dec;
  readonly cashStep: number;
  readonly parked: readonly ParkedSale[];
  readonly online: boolean;
  readonly changeQuantity: (code: string, quantity: Dec) => void;
}

export function LineDialogs({
  open,
  openLine,
  close,
  actions,
  lines,
  total,
  cashStep,
  parked,
  online,
  changeQuantity,
}: LineDialogsProps) {
  const { t } = useTranslation('sale');
  return (
    <>
      {open?.kind === 'cash' ? (
        <CashDialog
          total={total}
          due={roundCash(total, cashStep)}
          pricing={lines.some((l) => l.priceState === 'pending')}
          onClose={close}
          onPay={(given) => actions.close({ tenders: [{ type: 'nal', amount: total }], cashGiven: given })}
        />
      ) : null}
      {open?.kind === 'quantity' && openLine ? (
        <QuantityDialog
          name={openLine.name}
          unit={openLine.unit}
          weighted={openLine.weighted}
          excise={openLine.excise}
          initial={openLine.quantity}
          onClose={close}
          onApply={(q) => changeQuantity(openLine.code, q)}
        />
      ) : null}
      {open?.kind === 'parked' ? (
        <ParkedDialog
          parked={parked}
          onClose={close}
          onRecall={(ndoc) => {
            close();
            void actions.recall(ndoc);
          }}
        />
      ) : null}
      {open?.kind === 'manual' && openLine ? (
        <ManualPriceDialog
          line={openLine}
          online={online}
          onClose={close}
          onConfirm={(change) => actions.manualPrice(openLine.code, change)}
        />
      ) : null}
      {open?.kind === 'remove' && openLine ? (
        <ConfirmDialog
          title={t('remove.title')}
          confirmLabel={t('remove.confirm')}
          onCancel={close}
          onConfirm={() => {
            void actions.removeLine(openLine.code);
            close();
          }}
        >
          <p>{t('remove.body', { name: openLine.name, quantity: `${openLine.quantity.replace('.', ',')} ${openLine.unit}` })}</p>
          {openLine.stamps.length > 0 ? <p>{t('remove.stamps')}</p> : null}
        </ConfirmDialog>
      ) : null}
      {open?.kind === 'cancel' ? (
        <ConfirmDialog
          title={t('cancelSale.title')}
          confirmLabel={t('cancelSale.confirm')}
          cancelLabel={t('cancelSale.back')}
          onCancel={close}
          onConfirm={() => {
            actions.cancelSale();
            close();
          }}
        >
          <p>{t('cancelSale.body')}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
