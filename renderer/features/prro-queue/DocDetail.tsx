/**
 * One document: why it is here first (the tax server's words), the correction form for its head,
 * what a manager does with it, then its XML (shown as the correction so far would send it, or
 * edited by hand for whatever the form has no field for), its facts and chain, and its audit
 * trail. The XML comes from pos.prro_inline_error_docs for the document's own day, so opening a
 * document does not fetch every body of the filter.
 */

import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BridgeError } from '../../../shared/bridge/errors.js';
import { op } from '../../../shared/contract/op.js';
import { rowsOf, useRead } from '../../rpc/hooks.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Loading } from '../../ui/Loading.js';
import { AuditTrail } from './AuditTrail.js';
import { decodeBody, encodeBody } from './body-codec.js';
import { CorrectionForm, type CorrectionFormHandle, type FieldNote, formFields } from './correction/CorrectionForm.js';
import { type FieldId, hasHead, headValue, shownValue } from './correction/head-fields.js';
import { type Change, DocActions } from './DocActions.js';
import { DocFacts } from './DocFacts.js';
import { gridParams, type PrroFilter } from './filters.js';
import { Reason } from './Reason.js';
import { elementOfPath, reasonOf } from './reason.js';
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

/** The field the back office named when it refused a correction against the DPS schema. */
function refusedField(error: unknown): FieldNote | undefined {
  if (!(error instanceof BridgeError)) return undefined;
  const detail = error.details.find((d) => d.reason === 'prro.requeue_schema');
  const element = elementOfPath(String(detail?.values?.field ?? ''));
  return element ? { element, text: String(detail?.values?.problem ?? ''), from: 'backOffice' } : undefined;
}

export const DocDetail = forwardRef<DocDetailHandle, Props>(function DocDetail({ doc, filter, byId, ...props }, ref) {
  const { t } = useTranslation('prro');
  const panel = useRef<HTMLElement>(null);
  const editor = useRef<HTMLTextAreaElement>(null);
  const form = useRef<CorrectionFormHandle>(null);
  useImperativeHandle(ref, () => ({ focus: () => panel.current?.focus() }), []);
  const day = doc.row.created_at.slice(0, 10);
  const docs = useRead(op.pos.prroInlineErrorDocs, gridParams(filter, { start: day, end: day }));
  const found = rowsOf(docs.data).find((d) => d.id === doc.id);
  const decoded = useMemo(() => (found ? decodeBody(found.xml_body_b64) : undefined), [found]);
  const pretty = useMemo(() => (decoded ? prettyXml(decoded.text) : undefined), [decoded]);
  const [draft, setDraft] = useState<string | null>(null);
  const [rawEditing, setRawEditing] = useState(false);
  const [formAsked, setFormAsked] = useState(false);
  // A field to focus once the form is there (Alt+V may be what shows it).
  const [focusField, setFocusField] = useState<{ element?: string } | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null);
  const compacted = useMemo(() => (draft === null ? null : compactXml(draft)), [draft]);
  const reason = useMemo(() => reasonOf(doc.row.last_error), [doc.row.last_error]);

  const original = pretty?.ok ? pretty.text : undefined;
  const current = draft ?? original;
  const formable = original !== undefined && hasHead(original);
  const showForm = formable && (doc.status === 'rejected' || formAsked || draft !== null);
  const fields = useMemo(() => (original === undefined ? [] : formFields(original)), [original]);

  const notes = useMemo(() => {
    const out: FieldNote[] = [];
    const refused = refusedField(refusal);
    if (refused) out.push(refused);
    // The server's words stay beside the field while it still holds what the server read.
    if (reason.kind === 'refused' && reason.element && original !== undefined && current !== undefined) {
      const element = reason.element as FieldId;
      if (headValue(current, element) === headValue(original, element)) {
        out.push({ element, text: reason.text.replace(/^\S+:\s*/, ''), from: 'server' });
      }
    }
    return out;
  }, [refusal, reason, original, current]);

  const changes: Change[] = useMemo(() => {
    if (draft === null || original === undefined) return [];
    return fields.flatMap((f) => {
      const from = headValue(original, f.id);
      const to = headValue(draft, f.id);
      if (from === to) return [];
      return [
        {
          field: t(`correction.fields.${f.id}`),
          from: from === undefined ? t('correction.absent') : shownValue(f, from),
          to: to === undefined ? t('correction.absent') : shownValue(f, to),
        },
      ];
    });
  }, [draft, original, fields, t]);

  const edit = (text: string) => {
    setDraft(text);
    setRefusal(null);
  };
  const discard = () => {
    setDraft(null);
    setRawEditing(false);
    setRefusal(null);
  };
  const startEditing = () => {
    if (!pretty) return;
    // Where the XML could not be laid out it is edited as it came.
    setDraft(current ?? pretty.text);
    setRawEditing(true);
  };

  useEffect(() => {
    if (rawEditing) editor.current?.focus();
  }, [rawEditing]);
  useEffect(() => {
    if (!focusField || !showForm) return;
    form.current?.focus(focusField.element);
    setFocusField(null);
  }, [focusField, showForm]);

  useAltKeys((key) => {
    if (!('action' in key)) return false;
    if (key.action === 'edit') {
      if (!rawEditing) startEditing();
      else editor.current?.focus();
    } else if (key.action === 'correct') {
      if (!formable) return false;
      setFormAsked(true);
      setFocusField({ element: notes[0]?.element });
    } else if (key.action === 'discard') {
      if (draft === null) return false;
      discard();
      panel.current?.focus();
    } else return false;
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
        // Escape leaves a field first (the form, the XML editor), so a correction being typed is not thrown away.
        if ((e.target as HTMLElement).matches('input, textarea, select')) panel.current?.focus();
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
      <Reason
        doc={doc}
        reason={reason}
        byId={byId}
        onShow={props.onShow}
        inForm={formable && reason.kind === 'refused' && fields.some((f) => f.id === reason.element)}
      />

      {docs.isPending ? <Loading label={t('detail.xmlLoading')} /> : null}
      <ErrorMessage error={docs.error} />
      {docs.isSuccess && !found ? <p className="stale">{t('detail.xmlMissing')}</p> : null}
      {showForm && current !== undefined && original !== undefined ? (
        <CorrectionForm ref={form} text={current} original={original} onText={edit} notes={notes} />
      ) : null}
      {formable && !showForm ? (
        <button
          type="button"
          onClick={() => {
            setFormAsked(true);
            setFocusField({});
          }}
          data-testid="prro-correction-open"
        >
          {t('correction.open')} <kbd>Alt+V</kbd>
        </button>
      ) : null}
      <DocActions doc={doc} body={body} changes={changes} onNotice={props.onNotice} onRefusal={setRefusal} />

      <h3>{t('detail.xml')}</h3>
      {decoded && pretty ? (
        <>
          <XmlView
            ref={editor}
            decoded={decoded}
            pretty={pretty}
            text={current ?? pretty.text}
            editing={rawEditing}
            draftProblem={compacted && !compacted.ok ? compacted.problem : null}
            onDraft={edit}
          />
          {body?.edited ? (
            <p className="stale" role="status" data-testid="prro-edited">
              {t('detail.edited')}
            </p>
          ) : null}
          <div className="row">
            {rawEditing ? null : (
              <button type="button" onClick={startEditing} data-testid="prro-xml-edit">
                {t('detail.edit')} <kbd>Alt+E</kbd>
              </button>
            )}
            {draft === null ? null : (
              <button type="button" onClick={discard} data-testid="prro-xml-discard">
                {t('detail.discard')} <kbd>Alt+X</kbd>
              </button>
            )}
          </div>
        </>
      ) : null}
      <DocFacts doc={doc} onOpenShift={props.onOpenShift} />
      <AuditTrail docId={doc.id} />
    </aside>
  );
});
