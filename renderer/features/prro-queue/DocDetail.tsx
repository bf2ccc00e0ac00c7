/**
 * One document: its facts and chain, its XML decoded from base64 and indented, and what a manager
 * does with it. The XML comes from pos.prro_inline_error_docs for the document's own day, so
 * opening a document does not fetch every body of the filter.
 */
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rowsOf, useRead } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Loading } from '../../ui/Loading.js';
import { AuditTrail } from './AuditTrail.js';
import { decodeBody, encodeBody } from './body-codec.js';
import { DocActions } from './DocActions.js';
import { DocFacts } from './DocFacts.js';
import { gridParams, type PrroFilter } from './filters.js';
import type { GridRow } from './rows.js';
import { useAltKeys } from './use-alt-keys.js';
import type { Notice } from './view-store.js';
import { XmlView } from './XmlView.js';
import { compactXml, prettyXml } from './xml-format.js';

export interface DocDetailHandle {
  focus(): void;
}

interface Props {
  readonly doc: GridRow;
  readonly filter: PrroFilter;
  readonly byId: ReadonlyMap<string, GridRow>;
  readonly onShow: (id: string) => void;
  readonly onOpenShift: (shiftId: string) => void;
  readonly onClose: () => void;
  readonly onNotice: (notice: Notice) => void;
}

export const DocDetail = forwardRef<DocDetailHandle, Props>(function DocDetail({ doc, filter, byId, ...props }, ref) {
  const { t } = useTranslation('prro');
  const panel = useRef<HTMLElement>(null);
  const editor = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(ref, () => ({ focus: () => panel.current?.focus() }), []);
  const day = doc.row.created_at.slice(0, 10);
  const docs = useRead('pos.prro_inline_error_docs', gridParams(filter, { start: day, end: day }));
  const found = rowsOf(docs.data).find((d) => d.id === doc.id);
  const decoded = useMemo(() => (found ? decodeBody(found.xml_body_b64) : undefined), [found]);
  const pretty = useMemo(() => (decoded ? prettyXml(decoded.text) : undefined), [decoded]);
  const [draft, setDraft] = useState<string | null>(null);
  const compacted = useMemo(() => (draft === null ? null : compactXml(draft)), [draft]);

  const startEditing = () => {
    if (!decoded || !pretty) return;
    setDraft(pretty.text);
  };
  const editing = draft !== null;
  useEffect(() => {
    if (editing) editor.current?.focus();
  }, [editing]);
  useAltKeys((key) => {
    if (!('action' in key) || key.action !== 'edit') return false;
    if (draft === null) startEditing();
    else editor.current?.focus();
    return true;
  });

  const body = useMemo(() => {
    if (!found || !decoded) return null;
    if (!compacted) return { b64: found.xml_body_b64, edited: false };
    if (!compacted.ok) return null;
    // Whitespace between elements alone is no correction: the document goes as the register wrote it.
    if (compacted.text === compactXml(decoded.text).text) return { b64: found.xml_body_b64, edited: false };
    return { b64: encodeBody(compacted.text), edited: true };
  }, [found, decoded, compacted]);

  return (
    <aside
      ref={panel}
      className="prro-detail"
      aria-labelledby="prro-detail-title"
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.defaultPrevented || (e.target as HTMLElement).closest('.dialog')) return;
        // Escape leaves the XML editor first, so a correction being typed is not thrown away.
        if (e.target === editor.current) panel.current?.focus();
        else props.onClose();
      }}
      data-testid="prro-detail"
      data-id={doc.id}
    >
      <header className="prro-detail-head">
        <h2 id="prro-detail-title">
          {t('detail.title', { num: doc.row.local_num })}{' '}
          <span className={`badge ${doc.status === 'rejected' ? 'bad' : 'warn'}`} data-testid="prro-detail-status">
            {doc.status ? t(`statuses.${doc.status}`) : doc.row.status}
          </span>
        </h2>
        <button type="button" onClick={props.onClose} aria-label={t('detail.close')}>
          <kbd>Esc</kbd> {t('detail.close')}
        </button>
      </header>
      <DocFacts doc={doc} byId={byId} onShow={props.onShow} onOpenShift={props.onOpenShift} />
      <AuditTrail docId={doc.id} />

      <h3>{t('detail.xml')}</h3>
      {docs.isPending ? <Loading label={t('detail.xmlLoading')} /> : null}
      <ErrorMessage error={docs.error} />
      {docs.isSuccess && !found ? <p className="stale">{t('detail.xmlMissing')}</p> : null}
      {decoded && pretty ? (
        <>
          <XmlView
            ref={editor}
            decoded={decoded}
            pretty={pretty}
            draft={draft}
            draftProblem={compacted && !compacted.ok ? compacted.problem : null}
            onDraft={setDraft}
          />
          {body?.edited ? (
            <p className="stale" role="status" data-testid="prro-edited">
              {t('detail.edited')}
            </p>
          ) : null}
          <div className="row">
            {draft === null ? (
              <button type="button" onClick={startEditing} data-testid="prro-xml-edit">
                {t('detail.edit')} <kbd>Alt+E</kbd>
              </button>
            ) : (
              <button type="button" onClick={() => setDraft(null)} data-testid="prro-xml-discard">
                {t('detail.discard')}
              </button>
            )}
          </div>
        </>
      ) : null}
      <DocActions doc={doc} body={body} onNotice={props.onNotice} />
    </aside>
  );
});
