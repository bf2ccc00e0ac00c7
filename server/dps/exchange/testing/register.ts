/**
 * For the exchange's tests: a register that writes its documents as the back office does —
 * valid check01/zrep01 XML, windows-1251, numbered without a gap, signed once with its key — and
 * keeps an offline session's fiscal numbers, control numbers and hash chain (PREVDOCHASH: the
 * SHA-256 of the previous signed document, or of its XML where `chainOverXml`).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { CheckContent, DocHead, FiscalContent } from '../../format/content.js';
import { controlCode, offlineFiscalNumber } from '../../format/control-code.js';
import { renderDocument } from '../../format/render.js';
import type { OfflineCredentials, Outgoing } from '../../port.js';
import { type Signer, signContent } from '../../signing/cms.js';
import { kyivWall } from '../../simulator/kyiv-time.js';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

export interface RegisterSetup {
  readonly numprro: string;
  readonly tin: string;
  /** Without one, the documents go unsigned: for the in-process simulator. */
  readonly signer?: Signer;
  /** The register's local number (CASHDESKNUM). */
  readonly desk?: string;
  readonly firstLocalNum?: number;
}

/** A document made: what goes to the server, with what the test wants to compare the answer against. */
export interface Made extends Outgoing {
  readonly uid: string;
  readonly xml: Buffer;
  readonly head: DocHead;
}

const cashRow = (sum: string) => [{ PAYFORMCD: '0', PAYFORMNM: 'ГОТІВКА', SUM: sum }];

/** A receipt of one line (VAT-free: no tax rows to add up), `rows` lines of it where a test wants a large one. */
export function sale(sum: string, subtype: '0' | '1' = '0', retNum?: string, rows = 1): CheckContent {
  const each = (Number(sum) / rows).toFixed(2);
  const last = (Number(sum) - Number(each) * (rows - 1)).toFixed(2);
  return {
    doc: 'check',
    DOCSUBTYPE: subtype,
    ...(retNum ? { ORDERRETNUM: retNum } : {}),
    CHECKTOTAL: { SUM: sum },
    CHECKPAY: cashRow(sum),
    CHECKBODY: Array.from({ length: rows }, (_, i) => {
      const cost = i === rows - 1 ? last : each;
      return {
        CODE: String(i + 1),
        NAME: `Пластир бактерицидний 10 шт, партія ${i + 1}`,
        UNITNM: 'шт',
        AMOUNT: '1.000',
        PRICE: cost,
        COST: cost,
      };
    }),
  };
}

export class TestRegister {
  localNum: number;
  private session: (OfflineCredentials & { n: number; prevHash: string | undefined }) | undefined;
  /** Chain an offline session over the XML rather than the signed document ("if signing is impossible"). */
  chainOverXml = false;

  constructor(readonly setup: RegisterSetup) {
    this.localNum = setup.firstLocalNum ?? 1;
  }

  /** Makes the next document; `edit` may change its XML before it is signed (a test's broken document). */
  make(at: Date, content: FiscalContent, edit?: (xml: string) => string, signer: Signer | undefined = this.setup.signer): Made {
    const wall = kyivWall(at);
    const localNum = this.localNum;
    const base: DocHead = {
      UID: randomUUID(),
      TIN: this.setup.tin,
      ORGNM: 'ФОП Петренко Олена Іванівна',
      POINTNM: 'Аптека «Ромашка»',
      POINTADDR: 'м. Київ, вул. Сонячна, 27',
      ORDERDATE: wall.date,
      ORDERTIME: wall.time,
      ORDERNUM: String(localNum),
      CASHDESKNUM: this.setup.desk ?? '1',
      CASHREGISTERNUM: this.setup.numprro,
      CASHIER: 'Петренко О. І.',
      VER: '1',
    };
    const head = this.session ? this.offlineHead(base, content) : base;
    let xml = renderDocument(head, content);
    if (edit) xml = Buffer.from(edit(xml.toString('latin1')), 'latin1');
    // Signed at the real time: the test keys are valid from a day ago, whatever the document's own time.
    const body = signer ? signContent(xml, signer, new Date()) : xml;
    this.localNum += 1;
    if (this.session) {
      const type = content.doc === 'head' ? content.DOCTYPE : '';
      if (type === '103') this.session = undefined;
      else if (type !== '102') this.session.prevHash = sha256(this.chainOverXml ? xml : body);
    }
    return {
      id: localNum,
      numprro: this.setup.numprro,
      docType: content.doc === 'zrep' ? 'z_report' : content.doc === 'head' ? content.DOCTYPE : `check_${content.DOCSUBTYPE}`,
      localNum,
      body,
      uid: head.UID,
      xml,
      head,
    };
  }

  private offlineHead(base: DocHead, content: FiscalContent): DocHead {
    const s = this.session as NonNullable<typeof this.session>;
    s.n += 1;
    const type = content.doc === 'head' ? content.DOCTYPE : '';
    const prevHash = type === '102' ? undefined : s.prevHash;
    const control = controlCode({
      seed: s.seed,
      date: base.ORDERDATE,
      time: base.ORDERTIME,
      orderNum: Number(base.ORDERNUM),
      numprro: base.CASHREGISTERNUM,
      localNumber: Number(base.CASHDESKNUM),
      ...(content.doc === 'check' && content.CHECKTOTAL ? { sum: content.CHECKTOTAL.SUM } : {}),
      ...(prevHash ? { prevHash } : {}),
    });
    return {
      ...base,
      ORDERTAXNUM: offlineFiscalNumber(s.id, s.n, control),
      OFFLINE: 'true',
      ...(prevHash ? { PREVDOCHASH: prevHash } : {}),
    };
  }

  openShift(at: Date): Made {
    return this.make(at, { doc: 'head', DOCTYPE: '100' });
  }

  receipt(at: Date, sum = '34.50', rows = 1): Made {
    return this.make(at, sale(sum, '0', undefined, rows));
  }

  refund(at: Date, fiscalNumber: string, sum = '34.50'): Made {
    return this.make(at, sale(sum, '1', fiscalNumber));
  }

  zReport(at: Date, sales: readonly string[], refunds: readonly string[] = []): Made {
    const total = (xs: readonly string[]) => xs.reduce((s, x) => s + Number(x), 0).toFixed(2);
    return this.make(at, {
      doc: 'zrep',
      ...(sales.length > 0
        ? { ZREPREALIZ: { SUM: total(sales), ORDERSCNT: String(sales.length), PAYFORMS: cashRow(total(sales)) } }
        : {}),
      ...(refunds.length > 0
        ? { ZREPRETURN: { SUM: total(refunds), ORDERSCNT: String(refunds.length), PAYFORMS: cashRow(total(refunds)) } }
        : {}),
      ZREPBODY: { SERVICEINPUT: '0.00', SERVICEOUTPUT: '0.00' },
    });
  }

  closeShift(at: Date): Made {
    return this.make(at, { doc: 'head', DOCTYPE: '101' });
  }

  /** The session's start (102) with the credentials the server handed out; what follows is offline until its end. */
  beginOffline(at: Date, credentials: OfflineCredentials, revokeLastOnline = false): Made {
    this.session = { ...credentials, n: 0, prevHash: undefined };
    return this.make(at, { doc: 'head', DOCTYPE: '102', ...(revokeLastOnline ? { REVOKELASTONLINEDOC: 'true' as const } : {}) });
  }

  endOffline(at: Date): Made {
    return this.make(at, { doc: 'head', DOCTYPE: '103' });
  }
}

/** A key provider of fixed signers, by register. */
export const keysOf = (signers: Readonly<Record<string, Signer>>) => ({
  signerFor: (numprro: string): Signer | undefined => signers[numprro],
});
