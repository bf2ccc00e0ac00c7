/** The document's XML, decoded and indented, as the correction so far would send it; or the editor a manager corrects it in. */
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DecodedText } from './body-codec.js';
import type { Formatted, XmlProblem } from './xml-format.js';

interface Props {
  readonly decoded: DecodedText;
  readonly pretty: Formatted;
  /** The text shown: the document as it is, or with the correction so far. */
  readonly text: string;
  /** Whether the text is being edited by hand. */
  readonly editing: boolean;
  readonly draftProblem: XmlProblem | null;
  readonly onDraft: (text: string) => void;
}

export const XmlView = forwardRef<HTMLTextAreaElement, Props>(function XmlView(props, ref) {
  const { t } = useTranslation('prro');
  const { decoded, pretty, text, editing, draftProblem } = props;
  const problemText = (p: XmlProblem) => t(`xmlProblem.${p.code}`, { name: p.name, expected: p.expected });
  if (editing) {
    return (
      <div className="field">
        <label htmlFor="prro-xml-editor">{t('detail.editing')}</label>
        <textarea
          id="prro-xml-editor"
          ref={ref}
          className="prro-xml prro-xml-editor"
          value={text}
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
        {text}
      </pre>
    </>
  );
});
