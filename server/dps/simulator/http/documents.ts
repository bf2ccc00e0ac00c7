/**
 * POST /doc and /pck: a signed document, or a signed package of signed offline documents,
 * registered through the simulator's books (ledger.ts). A document is answered with a TICKET the
 * server signs; a package with "OK", or with the next offline session's id and seed as JSON when
 * it held the session's end (103). A refused package names the document by its place in it, as
 * the real server does ("Помилка обробки документа за № K в пакеті"), counted from 1.
 */
import { createHash } from 'node:crypto';
import { PackageError, unpackDocuments } from '../../exchange/package.js';
import { readDocument } from '../../format/read.js';
import { renderTicket } from '../../format/ticket.js';
import type { OfflineCredentials } from '../../port.js';
import { signContent } from '../../signing/cms.js';
import { FsError } from '../errors.js';
import { kyivWall } from '../kyiv-time.js';
import type { Arrival, Registered } from '../ledger.js';
import type { Context } from './context.js';
import { admit, admitInPackage, NotSigned, openRequest, openSigned } from './envelope.js';
import { fsErrorReply, JSON_TYPE, OCTETS, type Reply, text } from './replies.js';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** The server's signed receipt for a registered document. */
function ticketFor(ctx: Context, r: Registered): Buffer {
  const wall = kyivWall(r.at);
  const xml = renderTicket({
    UID: r.doc.head.UID ?? '',
    ORDERDATE: wall.date,
    ORDERTIME: wall.time,
    ORDERNUM: r.doc.head.ORDERNUM ?? '',
    ORDERTAXNUM: r.fiscalNumber,
    ...(r.next ? { OFFLINESESSIONID: String(r.next.id), OFFLINESEED: r.next.seed } : {}),
    VER: '1',
  });
  // The DPS's server writes Kyiv's wall clock into its signing-time, marked Z; its stand-in does the same.
  return signContent(xml, ctx.authority.server, wall.wallAsUtc);
}

export function receiveDocument(ctx: Context, body: Buffer): Reply {
  const { content, signer } = openRequest(body, ctx.authority.trust);
  const r = ctx.ledger.registerDocument({ xml: content, original: body, hashes: [], signer }, (numprro, entry) =>
    admit(signer, numprro, entry),
  );
  return { status: 200, type: OCTETS, body: ticketFor(ctx, r) };
}

/** A package's document opened; what fails to open is refused when the package reaches it. */
function arrivalOf(ctx: Context, bytes: Buffer): Arrival {
  try {
    const { content, signer } = openSigned(bytes, ctx.authority.trust);
    // The chain may run over the signed document, or over its XML "if signing is impossible".
    return { xml: content, original: bytes, hashes: [sha256(bytes), sha256(content)], signer };
  } catch (err) {
    if (err instanceof NotSigned)
      return { xml: Buffer.alloc(0), original: bytes, hashes: [], refusal: new FsError(10, err.message) };
    if (err instanceof FsError) return { xml: Buffer.alloc(0), original: bytes, hashes: [], refusal: err };
    throw err;
  }
}

/** The register a package is for, as its first readable document names it. */
function registerOfPackage(arrivals: readonly Arrival[]): string | undefined {
  for (const a of arrivals) {
    if (a.refusal) return undefined;
    try {
      return readDocument(a.xml).head.CASHREGISTERNUM;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const offlineJson = (next: OfflineCredentials): Reply => ({
  status: 200,
  type: JSON_TYPE,
  // Written by hand: a seed is digits of any length, never rounded through a double.
  body: `{"OfflineSessionId":${next.id},"OfflineSeed":${next.seed}}`,
});

export function receivePackage(ctx: Context, body: Buffer): Reply {
  const { content, signer } = openRequest(body, ctx.authority.trust);
  let docs: Buffer[];
  try {
    docs = unpackDocuments(content);
  } catch (err) {
    if (err instanceof PackageError) throw new FsError(10, `Пакет офлайн документів некоректний: ${err.message}`);
    throw err;
  }
  const arrivals = docs.map((d) => arrivalOf(ctx, d));
  const numprro = registerOfPackage(arrivals);
  if (numprro) {
    const entry = ctx.entryOf(numprro);
    if (!entry) throw new FsError(1, `ПРРО з фіскальним номером ${numprro} не зареєстрований`);
    admit(signer, numprro, entry);
  }
  const r = ctx.ledger.registerPackage(arrivals, (n, entry, a) => {
    if (a.signer) admitInPackage(a.signer, n, entry);
  });
  if (r.kind === 'rejected') {
    const e = new FsError(r.error.code, `Помилка обробки документа за № ${r.index + 1} в пакеті: ${r.error.description}`);
    return fsErrorReply(e);
  }
  return r.next ? offlineJson(r.next) : text(200, 'OK');
}
