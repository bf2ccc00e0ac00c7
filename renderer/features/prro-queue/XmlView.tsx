/** The document's XML, decoded and indented; or the editor a manager corrects it in. */
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DecodedText } from './body-codec.js';
import type { Formatted, XmlProblem } from './xml-format.js';

interface Props {
  readonly decoded: DecodedText;
  readonly pretty: Formatted;
  /** The corrected text being typed, or null when the document is shown as it is. */
  readonly draft: string | null;
  readonly draftProblem: XmlProblem | null;
  readonly onDraft: (text: string) => void;
}

export const XmlView = forwardRef<HTMLTextAreaElement, Props>(function XmlView(props, ref) {
  const { t } = useTranslation('prro');
  const { decoded, pretty, draft, draftProblem } = props;
  const problemText = (p: XmlProblem) => t(`xmlProblem.${p.code}`, { name: p.name, expected: p.expected });
  if (draft !== null) {
    return (
      <div className="field">
        <label htmlFor="prro-xml-editor">{t('detail.editing')}</label>
        <textarea
          id="prro-xml-editor"
          ref={ref}
          className="prro-xml prro-xml-editor"
          value={draft}
          spellCheck={false}
          onChange={(e) => props.onDraft(e.target.value)}
          aria-invalid={draftProblem ? true : undefined}
          aria-describedby={draftProblem ? 'prro-xml-editor-problem' : undefined}
          data-testid="prro-xml-editor"
        />
        {draftProblem ? (
          <span className="field-problem" id="prro-xml-editor-problem" role="alert" data-testid="prro-xml-problem">
            {t('detail.xmlMalformed', { problem: problemText(draftProblem) })}
          </span>
        ) : null}
      </div>
    );
  }
  return (
    <>
      {decoded.valid ? null : (
        <p className="stale" role="status">
          {t('detail.xmlNotUtf8')}
        </p>
      )}
      {pretty.ok ? null : (
        <p className="stale" role="status" data-testid="prro-xml-problem">
          {t('detail.xmlMalformed', { problem: problemText(pretty.problem) })}
        </p>
      )}
      {/* Chromium lets the keyboard focus and scroll a scrollable block by itself. */}
      <pre className="prro-xml" data-testid="prro-xml">
        {pretty.text}
      </pre>
    </>
  );
});
