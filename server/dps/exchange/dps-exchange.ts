/**
 * The exchange with the tax service's fiscal server (ЄВПЕЗ, https://fs.tax.gov.ua:8643/fs), or
 * with its HTTP simulator on loopback: the FiscalServer port over the real protocol. Documents
 * arrive signed (requiresSignature); what the exchange itself sends — a package's outer
 * signature, the commands the API wants signed — is signed with the register's key from
 * `keys`. Where a register has no unlocked key, nothing is sent: NoKeyError is thrown (see
 * errors.ts for why neither "unreachable" nor "rejected" would be true).
 *
 * A ticket counts only when it is the server's word on the document: signed through `trust` by
 * a certificate naming one of `serverTaxNumbers` (the DPS's ЄДРПОУ 43005393 by default; the
 * simulator names SIMULATOR_TAX_NUMBER), for the document's own UID and local number.
 */
import type {
  DeviceOutcome,
  FiscalServer,
  KeyProvider,
  OfflineCredentials,
  Outgoing,
  RegistrarState,
  Registration,
} from '../port.js';
import type { TrustStore } from '../signing/trust.js';
import type { DocumentInfo, LastShiftTotals, ServerStateInfo, ShiftDocument, ShiftInfo } from './api-types.js';
import { type Answer, commandClient } from './commands.js';
import { type ExchangeContext, signerOf } from './context.js';
import { documentBack, documentInfo, registrarStateOf, type Which } from './queries.js';
import { heldAt } from './registered.js';
import { sendDocument } from './send-document.js';
import { sendPackage } from './send-package.js';
import { createTransport } from './transport.js';

/** The DPS's ЄДРПОУ, which its fiscal server's certificate names. */
export const DPS_TAX_NUMBER = '43005393';

export interface DpsExchangeOptions {
  /** The server's address with its path: https://fs.tax.gov.ua:8643/fs, or the simulator's url. */
  readonly url: string;
  readonly keys: KeyProvider;
  /** The CAs a ticket's signer must chain to: the qualified CAs' bundle, or the simulator's CA. */
  readonly trust: TrustStore;
  /** Whose signature a ticket must carry (ЄДРПОУ in the certificate): the DPS's by default. */
  readonly serverTaxNumbers?: readonly string[];
  /** The whole of one exchange, connecting to the answer's last byte: 15 s by default. */
  readonly timeoutMs?: number;
  /** Connecting alone: 5 s by default (never more than timeoutMs). */
  readonly connectTimeoutMs?: number;
  /** Compress what is sent; the server takes gzip and deflate. Off by default. */
  readonly compress?: 'gzip' | 'deflate' | false;
  readonly now?: () => Date;
  /** The name the back office shows for this server. */
  readonly name?: string;
}

export interface DpsExchange extends FiscalServer {
  registeredAs(numprro: string, localNum: number, uid: string): Promise<Registration | null | undefined>;
  registrarState(numprro: string, session?: OfflineCredentials): Promise<RegistrarState | undefined>;
  registerDevice(numprro: string, deviceId: string, forced: boolean): Promise<DeviceOutcome>;
  /** ServerState: a plain command, no key needed. */
  serverState(): Promise<Answer<ServerStateInfo>>;
  /** DocumentInfoByLocalNum in full. */
  documentInfo(numprro: string, localNum: number): Promise<Answer<DocumentInfo>>;
  /** Check: a receipt-class document, signed by the server (or the sender's original); a plain command. */
  check(numprro: string, which: Which, original?: boolean): Promise<Answer<Buffer>>;
  /** ZRep: a Z-report, signed by the server (or the sender's original). */
  zReport(numprro: string, which: Which, original?: boolean): Promise<Answer<Buffer>>;
  /** Shifts: those opened in a period, or one by its id. */
  shifts(
    numprro: string,
    range: { readonly from: Date; readonly to: Date } | { readonly shiftId: number },
  ): Promise<Answer<readonly ShiftInfo[]>>;
  /** Documents of a shift, by its id or the fiscal number of its opening. */
  documents(
    numprro: string,
    shift: { readonly shiftId: number } | { readonly openShiftFiscalNum: string },
  ): Promise<Answer<readonly ShiftDocument[]>>;
  lastShiftTotals(numprro: string): Promise<Answer<LastShiftTotals>>;
  /** Closes the kept-alive connections. */
  close(): void;
}

const DEVICE_ID = /^[0-9A-Za-z]{64}$/;

export function createDpsExchange(opts: DpsExchangeOptions): DpsExchange {
  const now = opts.now ?? (() => new Date());
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const transport = createTransport({
    url: opts.url,
    timeoutMs,
    connectTimeoutMs: Math.min(opts.connectTimeoutMs ?? 5_000, timeoutMs),
    compress: opts.compress ?? false,
  });
  const ctx: ExchangeContext = {
    transport,
    commands: commandClient(transport, now),
    server: { trust: opts.trust, serverTaxNumbers: opts.serverTaxNumbers ?? [DPS_TAX_NUMBER], now },
    keys: opts.keys,
    now,
  };

  async function json<T>(
    numprro: string,
    payload: Record<string, unknown>,
    pick: (v: Record<string, unknown>) => T,
  ): Promise<Answer<T>> {
    const a = await ctx.commands.json(payload, signerOf(ctx, numprro));
    return a.kind === 'answer' ? { kind: 'answer', value: pick(a.value.value) } : a;
  }

  async function serverState(): Promise<Answer<ServerStateInfo>> {
    const a = await ctx.commands.json({ Command: 'ServerState' }, undefined);
    return a.kind === 'answer' ? { kind: 'answer', value: { Timestamp: String(a.value.value.Timestamp ?? '') } } : a;
  }

  return {
    name: opts.name ?? 'dps',
    requiresSignature: true,

    // Whether the server answers at all: ServerState needs no key.
    reachable: async () => (await serverState()).kind === 'answer',

    sendDocument: (out: Outgoing) => sendDocument(ctx, out),
    sendPackage: (docs: readonly Outgoing[]) => sendPackage(ctx, docs),

    async registeredAs(numprro, localNum, uid) {
      const held = await heldAt(ctx, numprro, localNum, uid, signerOf(ctx, numprro));
      return held.kind === 'ours' ? held.registration : held.kind === 'unknown' ? undefined : null;
    },

    async registrarState(numprro, session) {
      const a = await registrarStateOf(ctx, numprro, signerOf(ctx, numprro), session);
      return a.kind === 'answer' ? a.value : undefined;
    },

    async registerDevice(numprro, deviceId, forced) {
      if (!DEVICE_ID.test(deviceId)) throw new RangeError('a device id is 64 letters or digits (e.g. a SHA-256 in hex)');
      const a = await json(numprro, { Command: 'DeviceRegister', NumFiscal: numprro, DeviceId: deviceId, Forced: forced }, (v) =>
        String(v.DeviceId ?? ''),
      );
      if (a.kind === 'answer') return a.value === deviceId ? { kind: 'ours' } : { kind: 'other', deviceId: a.value };
      if (a.kind === 'absent')
        return { kind: 'rejected', code: 204, text: 'Податковий сервер не зареєстрував пристрій (HTTP 204)' };
      return a;
    },

    serverState,

    documentInfo: (numprro, localNum) => documentInfo(ctx, numprro, localNum, signerOf(ctx, numprro)),

    check: (numprro, which, original = false) => documentBack(ctx, 'Check', numprro, which, undefined, original),

    zReport: (numprro, which, original = false) => documentBack(ctx, 'ZRep', numprro, which, signerOf(ctx, numprro), original),

    shifts: (numprro, range) =>
      json(
        numprro,
        {
          Command: 'Shifts',
          NumFiscal: numprro,
          ...('shiftId' in range ? { ShiftId: range.shiftId } : { From: range.from.toISOString(), To: range.to.toISOString() }),
        },
        (v) => (Array.isArray(v.Shifts) ? (v.Shifts as ShiftInfo[]) : []),
      ),

    documents: (numprro, shift) =>
      json(
        numprro,
        {
          Command: 'Documents',
          NumFiscal: numprro,
          ...('shiftId' in shift ? { ShiftId: shift.shiftId } : { OpenShiftFiscalNum: shift.openShiftFiscalNum }),
        },
        (v) => (Array.isArray(v.Documents) ? (v.Documents as ShiftDocument[]) : []),
      ),

    lastShiftTotals: (numprro) =>
      json(numprro, { Command: 'LastShiftTotals', NumFiscal: numprro }, (v) => v as unknown as LastShiftTotals),

    close: () => transport.close(),
  };
}
