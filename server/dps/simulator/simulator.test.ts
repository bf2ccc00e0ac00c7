/**
 * The in-process face of the simulator, on a database of its own tables only (the back office's tests
 * run it on the back office's): synchronous answers to unsigned XML, judged as the HTTP face
 * judges, with the registry and the offline limit it is given.
 */
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../shared-node/sqlite/migrate.js';
import { TestRegister } from '../exchange/testing/register.js';
import type { OfflineCredentials } from '../port.js';
import { simulatorMigrations } from './schema.js';
import { simulatedFiscalServer } from './simulator.js';
import { simulatorSql } from './statements.js';

const NUMPRRO = '4000000001';
const SELLER = '3012345678';
const at = (h: number, m = 0) => new Date(Date.UTC(2026, 2, 14, h, m));

function setUp(offlineSessionHours?: number) {
  const db = new Database(':memory:');
  migrate(db, simulatorMigrations);
  const server = simulatedFiscalServer(db, {
    registry: (n) => (n === NUMPRRO ? { tin: SELLER } : undefined),
    ...(offlineSessionHours ? { offlineSessionHours } : {}),
  });
  return { db, server, reg: new TestRegister({ numprro: NUMPRRO, tin: SELLER }) };
}

describe('the in-process simulator', () => {
  it('answers at once, and writes down what it registered for the commands of its HTTP face', () => {
    const { db, server, reg } = setUp();
    const open = server.sendDocument(reg.openShift(at(8)));
    expect(open).toMatchObject({ kind: 'accepted', fiscalNumber: '1284301', next: { id: 71035 } });
    expect(server.sendDocument(reg.receipt(at(9)))).toMatchObject({ kind: 'accepted', fiscalNumber: '1284302' });
    expect(simulatorSql(db).document.get(NUMPRRO, 2)).toMatchObject({
      fiscal_num: '1284302',
      doc_class: 'Check',
      doc_type: 'SaleGoods',
      doc_subtype: 'CheckGoods',
      signer_name: 'Петренко О. І.',
    });
    expect(simulatorSql(db).lastShift.get(NUMPRRO)).toMatchObject({ open_fiscal_num: '1284301', closed_at: '' });
  });

  it('answers error 7 in the real server’s words, naming the number it expects', () => {
    const { server, reg } = setUp();
    server.sendDocument(reg.openShift(at(8)));
    reg.localNum = 9;
    expect(server.sendDocument(reg.receipt(at(9)))).toEqual({
      kind: 'rejected',
      code: 7,
      expected: 2,
      text: `Код помилки: 7 CheckLocalNumberInvalid\nНекоректний локальний номер документа 9 для ПРРО з фіскальним номером ${NUMPRRO}. Номер документа повинен дорівнювати 2`,
    });
  });

  it('knows only the registers its registry names', () => {
    const { server } = setUp();
    const other = new TestRegister({ numprro: '4000999999', tin: SELLER });
    expect(server.sendDocument(other.openShift(at(8)))).toMatchObject({
      kind: 'rejected',
      code: 1,
      text: 'Код помилки: 1 TransactionsRegistrarAbsent\nПРРО з фіскальним номером 4000999999 не зареєстрований',
    });
  });

  it('refuses an offline session longer than the limit it was given', () => {
    const { server, reg } = setUp(2);
    const open = server.sendDocument(reg.openShift(at(8)));
    const credentials = (open.kind === 'accepted' ? open.next : undefined) as OfflineCredentials;
    // Unsigned here: the chain runs over the XML.
    reg.chainOverXml = true;
    const docs = [reg.beginOffline(at(9), credentials), reg.receipt(at(10)), reg.receipt(at(11, 30))];
    expect(server.sendPackage(docs)).toMatchObject({
      kind: 'rejected',
      index: 2,
      code: 9,
      text: expect.stringContaining('Перевищено допустиму тривалість офлайн сесії (2 год)'),
    });
  });

  it('is cut and restored by its flag', () => {
    const { server, reg } = setUp();
    server.setReachable(false);
    expect(server.reachable(NUMPRRO)).toBe(false);
    expect(server.sendDocument(reg.openShift(at(8)))).toEqual({ kind: 'unreachable', reason: 'фіскальний сервер не відповідає' });
    server.setReachable(true);
    expect(server.sendDocument(reg.openShift(at(8))).kind).toBe('accepted');
  });
});
