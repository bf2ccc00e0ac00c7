/**
 * Loading a register's key (settings.prro_key_load): the key file, the certificate where the file
 * carries none (IIT's Key-6.dat), the password, and whether the key's owner is a cashier the DPS
 * registered for this register (form 5-ПРРО). The files are read as bytes only when the manager
 * presses Load, the service takes about a second to open the container (said while it does), and a
 * refusal is said in the manager's words with the dialog left open.
 */
import { type RefObject, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyAuthority } from '../authority.js';
import { ACCEPT, type FileProblem, fileProblem, fileToBase64, type KeyFileKind } from '../key-files.js';
import type { KeyRow } from '../key-state.js';
import { KeyDialog } from './KeyDialog.js';
import { KeyWriteOutcome, useKeyWrite } from './KeyWriteOutcome.js';
import { clearPassword, PasswordField, readPassword } from './PasswordField.js';

type Problems = Partial<Record<KeyFileKind | 'password', string>>;

export function LoadKeyDialog(props: {
  readonly row: KeyRow;
  readonly authority: KeyAuthority;
  readonly onDone: (row: KeyRow | undefined) => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('keys');
  const write = useKeyWrite(props.authority);
  const ids = { container: useId(), certificate: useId(), cashier: useId() };
  const container = useRef<HTMLInputElement>(null);
  const certificate = useRef<HTMLInputElement>(null);
  const password = useRef<HTMLInputElement>(null);
  const [cashier, setCashier] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const kasm = Number(props.row.kasm);

  const fileWords = (p: FileProblem): string =>
    p.kind === 'empty' ? t('load.empty', { name: p.name }) : t('load.tooLarge', { name: p.name, size: p.size, max: p.max });

  /** The picked file of a kind as base64, '' for none picked, or the problem with it. */
  async function read(kind: KeyFileKind): Promise<{ b64: string } | { problem: string }> {
    const file = (kind === 'container' ? container : certificate).current?.files?.[0];
    if (!file) return { b64: '' };
    const p = fileProblem(file, kind);
    if (p) return { problem: fileWords(p) };
    try {
      return { b64: await fileToBase64(file) };
    } catch {
      return { problem: t('load.unreadable', { name: file.name }) };
    }
  }

  const submit = async () => {
    write.begin();
    const typed = readPassword(password);
    const [key, cert] = [await read('container'), await read('certificate')];
    const found: Problems = {
      ...('problem' in key ? { container: key.problem } : key.b64 === '' ? { container: t('load.needFile') } : {}),
      ...('problem' in cert ? { certificate: cert.problem } : {}),
      ...(typed === '' ? { password: t('load.needPassword') } : {}),
    };
    setProblems(found);
    if (Object.keys(found).length > 0 || !('b64' in key) || !('b64' in cert)) return;
    // Emptied as it is sent: the field holds it no longer than this call needs it.
    clearPassword(password);
    const answer = await write.send(
      'loadKey',
      { kasm, container: key.b64, password: typed, certificate: cert.b64, cashier_registered: cashier },
      `ПРРО ${props.row.numprro}`,
    );
    if (answer.kind === 'done') return props.onDone(answer.row);
    password.current?.focus();
  };

  return (
    <KeyDialog
      title={t('load.title', { kasm, numprro: props.row.numprro })}
      testId="key-load"
      busy={write.busy}
      onSubmit={() => void submit()}
      onClose={props.onClose}
      actions={
        <>
          <button type="button" disabled={write.busy} onClick={props.onClose} data-testid="key-load-cancel">
            {t('common:actions.cancel')} <kbd>Esc</kbd>
          </button>
          <button type="submit" className="primary" disabled={write.busy} data-testid="key-load-submit">
            {t('load.submit')} <kbd>Enter</kbd>
          </button>
        </>
      }
    >
      <FileField
        id={ids.container}
        inputRef={container}
        label={t('load.container')}
        accept={ACCEPT.container}
        problem={problems.container}
        testId="key-load-container"
        autoFocus
      />
      <FileField
        id={ids.certificate}
        inputRef={certificate}
        label={t('load.certificate')}
        accept={ACCEPT.certificate}
        problem={problems.certificate}
        testId="key-load-certificate"
      />
      <PasswordField inputRef={password} label={t('load.password')} problem={problems.password} testId="key-load-password" />
      <label className="key-check" htmlFor={ids.cashier}>
        <input
          id={ids.cashier}
          type="checkbox"
          checked={cashier}
          onChange={(e) => setCashier(e.target.checked)}
          data-testid="key-load-cashier"
        />
        {t('load.cashier')}
      </label>
      <p className="key-note">{t('load.cashierNote')}</p>
      <p className="key-note">{t('load.never')}</p>
      <KeyWriteOutcome write={write} testId="key-load" busyText={t('load.opening')} />
    </KeyDialog>
  );
}

/**
 * A file to pick: a button in the interface's language that opens the browser's picker (its own
 * control says "Choose File" in the browser's language, so it is hidden), and the chosen file's
 * name beside it. Enter or Space on the button, or a click on the label, opens the picker.
 */
function FileField(props: {
  readonly id: string;
  readonly inputRef: RefObject<HTMLInputElement | null>;
  readonly label: string;
  readonly accept: string;
  readonly problem: string | undefined;
  readonly testId: string;
  readonly autoFocus?: boolean;
}) {
  const { t } = useTranslation('keys');
  const [name, setName] = useState('');
  const ids = { label: `${props.id}-label`, pick: `${props.id}-pick`, name: `${props.id}-name`, problem: `${props.id}-problem` };
  return (
    <div className="field">
      <label id={ids.label} htmlFor={ids.pick}>
        {props.label}
      </label>
      <div className="key-file">
        <button
          type="button"
          id={ids.pick}
          aria-labelledby={`${ids.label} ${ids.pick}`}
          aria-describedby={props.problem ? `${ids.name} ${ids.problem}` : ids.name}
          aria-invalid={props.problem ? true : undefined}
          data-autofocus={props.autoFocus ? '' : undefined}
          onClick={() => props.inputRef.current?.click()}
          data-testid={`${props.testId}-pick`}
        >
          {t('load.choose')}
        </button>
        <span
          id={ids.name}
          className={name ? 'key-file-name chosen' : 'key-file-name'}
          data-testid={`${props.testId}-name`}
          data-chosen={name ? 'yes' : 'no'}
        >
          {name || t('load.noFile')}
        </span>
      </div>
      <input
        ref={props.inputRef}
        id={props.id}
        type="file"
        hidden
        tabIndex={-1}
        accept={props.accept}
        onChange={(e) => setName(e.currentTarget.files?.[0]?.name ?? '')}
        data-testid={props.testId}
      />
      {props.problem ? (
        <span className="field-problem" id={ids.problem} role="alert">
          {props.problem}
        </span>
      ) : null}
    </div>
  );
}
