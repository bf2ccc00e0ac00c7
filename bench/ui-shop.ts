/**
 * Shops for the interface bench. The PRRO grid needs the demo shop (e2e/shop.ts) with thousands of
 * documents the tax server rejected or holds back, written straight into the queue table with a
 * valid hash chain; the scan bench needs a back office seeded with a large catalogue before the
 * core starts on it, which e2e/shop.ts cannot do (it seeds the default demo).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { RENDERER_DIR } from '../e2e/shop.js';
import { createCore } from '../electron/core/core.js';
import { FileSecretStore } from '../electron/core/secrets/file-secret-store.js';
import { startHost } from '../electron/host/host.js';
import { seedDemo } from '../server/back-office/demo/index.js';
import { openServiceDatabase } from '../server/service.js';
import { PRRO } from '../shared/contract/index.js';

/** The register the bench's documents belong to: a till of its own, so the demo's chains stay as they are. */
export const BENCH_REGISTER = { kasm: 9, numprro: '4000219999' } as const;

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const shopDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * `count` documents of one register over the last few days: the first rejected by the tax server,
 * every hundredth rejected too, and the rest held back behind the first with the words the fiscal
 * simulator writes, so its passes every few seconds find nothing to change. Returns the date range.
 */
export function insertPrroErrors(file: string, count: number, now = new Date()): { start: string; end: string } {
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  const { kasm, numprro } = BENCH_REGISTER;
  const insert = db.prepare(
    `INSERT INTO prro_docs (kasm, numprro, doc_type, created_at, created_date, xml_body_b64, doc_hash, prev_doc_hash,
       offline_session_id, local_doc_number, local_num, control_code, fiscal_number, user_id, last_error, status, updated_at)
     VALUES (?, ?, 'receipt', ?, ?, ?, ?, ?, '1', ?, ?, ?, '', 'Бенчмарк Касир', ?, ?, ?)`,
  );
  const span = 5 * 86_400_000;
  let prev = '';
  let firstId = 0;
  const dates: string[] = [];
  db.transaction(() => {
    db.prepare(
      `INSERT INTO prro_registers (numprro, offline_session_id, offline_seed, session_doc_count, last_local_num)
       VALUES (?, 1, 'bench', ?, ?)`,
    ).run(numprro, count, count);
    for (let n = 1; n <= count; n++) {
      const at = new Date(now.getTime() - span + Math.floor((span * n) / count));
      const xml =
        `<?xml version="1.0" encoding="UTF-8"?><CHECK><CHECKHEAD><DOCTYPE>0</DOCTYPE><DOCSUBTYPE>0</DOCSUBTYPE>` +
        `<ORDERDATE>${at.toISOString().slice(0, 10)}</ORDERDATE><ORDERNUM>${n}</ORDERNUM><CASHDESKNUM>${kasm}</CASHDESKNUM>` +
        `<CASHREGISTERNUM>${numprro}</CASHREGISTERNUM><CASHIER>Бенчмарк Касир</CASHIER></CHECKHEAD>` +
        `<CHECKTOTAL><SUM>${(n % 500) + 1}.00</SUM></CHECKTOTAL></CHECK>`;
      const hash = sha256(xml);
      const rejected = n === 1 || n % 100 === 0;
      const error = rejected
        ? `ORDERDATE «${at.toISOString().slice(0, 10)}» не є датою у форматі ддммрррр`
        : `очікує на документ №1 (id ${firstId}), відхилений податковим сервером`;
      const date = shopDate.format(at);
      dates.push(date);
      const info = insert.run(
        kasm,
        numprro,
        at.toISOString(),
        date,
        Buffer.from(xml, 'utf8').toString('base64'),
        hash,
        prev,
        n,
        n,
        String(1000 + (n % 9000)),
        error,
        rejected ? PRRO.rejected : PRRO.blocked,
        at.toISOString(),
      );
      if (n === 1) firstId = Number(info.lastInsertRowid);
      prev = hash;
    }
  })();
  db.close();
  return { start: dates[0] ?? '', end: dates[dates.length - 1] ?? '' };
}

export interface BenchShop {
  readonly url: string;
  readonly backofficeFile: string;
  close(): Promise<void>;
}

/** A cash desk whose embedded back office holds the demo shop with a catalogue of `goods` products. */
export async function startSeededShop(goods: number): Promise<BenchShop> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-ui-'));
  const backofficeFile = join(dataDir, 'backoffice.sqlite');
  const db = openServiceDatabase(backofficeFile);
  seedDemo(db, { goods, now: new Date() });
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  const core = await createCore({
    dataDir,
    secrets: new FileSecretStore(join(dataDir, 'api-key')),
    appVersion: 'bench',
    runtime: `Node ${process.versions.node}`,
    demo: true,
  });
  const host = await startHost({ api: core.api, staticDir: RENDERER_DIR });
  return {
    url: host.url,
    backofficeFile,
    async close() {
      await host.close();
      await core.close();
    },
  };
}
