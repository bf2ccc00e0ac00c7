/**
 * Why the document is here, first in its detail: the tax server's description of what it refused
 * (its code and name small beside it, for whoever reports it), or what the document waits for,
 * with a key to the document it waits for.
 */
import { useTranslation } from 'react-i18next';
import { codeMeaning, type Reason as ReasonOf } from './reason.js';
import type { GridRow } from './rows.js';
import { useAltKeys } from './use-alt-keys.js';

interface Props {
  readonly doc: GridRow;
  readonly reason: ReasonOf;
  /** The listed documents read so far by id, to show the one it waits for. */
  readonly byId: ReadonlyMap<string, GridRow>;
  readonly onShow: (id: string) => void;
  /** Whether the element the server named is a field of the correction form. */
  readonly inForm: boolean;
}

/** A sentence as it reads on its own: the dispatcher's words start in lower case. */
const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function Reason({ doc, reason, byId, onShow, inForm }: Props) {
  const { t } = useTranslation('prro');
  const blocker = reason.kind === 'waits' ? reason.blockerId : undefined;
  const canShowBlocker = blocker !== undefined && blocker !== doc.id && byId.has(blocker);
  useAltKeys((key) => {
    if (!('action' in key) || key.action !== 'blocker' || !canShowBlocker) return false;
    onShow(blocker);
    return true;
  });

  if (reason.kind === 'none') {
    return (
      <section className="prro-reason none" data-testid="prro-reason" data-kind="none">
        <p className="muted" data-testid="prro-detail-error">
          {t('detail.noError')}
        </p>
      </section>
    );
  }
  return (
    <section
      className={`prro-reason ${reason.kind}`}
      aria-labelledby="prro-reason-title"
      data-testid="prro-reason"
      data-kind={reason.kind}
      data-code={reason.kind === 'refused' ? reason.code : undefined}
    >
      <h3 id="prro-reason-title">{t(`reason.${reason.kind}`)}</h3>
      <p className="prro-reason-text" data-testid="prro-detail-error">
        {reason.kind === 'refused' ? reason.text || codeMeaning(t, reason.code) : sentence(reason.text)}
      </p>
      {reason.kind === 'refused' ? (
        <p className="prro-reason-code" data-testid="prro-reason-code">
          {t('reason.code', { code: reason.code, meaning: codeMeaning(t, reason.code) })}
          {reason.name ? ` (${reason.name})` : null}
        </p>
      ) : null}
      {reason.kind === 'refused' && inForm ? (
        <p className="prro-reason-fix">
          {t('reason.inForm')} <kbd>Alt+V</kbd>
        </p>
      ) : null}
      {canShowBlocker ? (
        <button type="button" onClick={() => onShow(blocker)} data-testid="prro-show-blocker">
          {t('detail.showBlocker')} <kbd>Alt+W</kbd>
        </button>
      ) : null}
    </section>
  );
}
