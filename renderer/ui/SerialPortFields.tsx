/**
 * The serial port and its speed, as every device on a COM port asks them in F9 (printer, card
 * terminal, scale, customer display): one block so that they read, list the ports the till has
 * and offer the speeds alike. Test ids are `<name>-serial` and `<name>-baud`.
 */
import { useQuery } from '@tanstack/react-query';
import { BAUD_RATES } from '../../shared/bridge/api.js';
import { getBridge } from '../bridge/index.js';
import { Field } from './Field.js';

export interface SerialPortFieldsProps {
  /** Prefix of the ids and test ids, e.g. `settings-scale`. */
  readonly name: string;
  readonly labels: { readonly path: string; readonly baud: string; readonly hint?: string };
  readonly path: string;
  readonly baud: number;
  readonly editable: boolean;
  readonly problem?: string | undefined;
  readonly onPath: (path: string) => void;
  readonly onBaud: (baud: number) => void;
}

export function SerialPortFields({ name, labels, path, baud, editable, problem, onPath, onBaud }: SerialPortFieldsProps) {
  // The ports the till has now (a USB adapter comes and goes): asked each time the block shows.
  const ports = useQuery({
    queryKey: ['serialPorts'],
    queryFn: () => getBridge().serialPorts(),
    enabled: editable,
    staleTime: 0,
  });
  return (
    <>
      <Field
        label={labels.path}
        placeholder={labels.hint}
        value={path}
        list={`${name}-ports`}
        readOnly={!editable}
        problem={problem}
        onChange={(e) => onPath(e.target.value)}
        data-testid={`${name}-serial`}
      />
      <datalist id={`${name}-ports`}>
        {(ports.data ?? []).map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <div className="field">
        <label htmlFor={`${name}-baud`}>{labels.baud}</label>
        <select
          id={`${name}-baud`}
          value={baud}
          disabled={!editable}
          onChange={(e) => onBaud(Number(e.target.value))}
          data-testid={`${name}-baud`}
        >
          {BAUD_RATES.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
