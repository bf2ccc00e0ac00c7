/** Whether a read document is valid against its official DPS schema, as the tax server checks first. */
import { checkDpsSchema } from './schema/check.js';

/** The schema's first problem with the document, worded for a manager, or undefined when it is valid. */
export function schemaProblem(rootName: string, text: string): string | undefined {
  if (rootName !== 'CHECK' && rootName !== 'ZREP') return `кореневий елемент <${rootName}>, очікується <CHECK> або <ZREP>`;
  const verdict = checkDpsSchema(rootName, text);
  return verdict.ok ? undefined : `${verdict.path}: ${verdict.problem}`;
}
