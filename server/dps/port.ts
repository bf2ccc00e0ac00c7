/**
 * The tax service's fiscal server as the back office sees it. Behind this port: the exchange with
 * the DPS's server (exchange/: documents signed with the register's КЕП, sent to fs.tax.gov.ua or
 * to the HTTP simulator on loopback), and, for the back office's own unit tests only, the simulator
 * answering in process. Calls may be asynchronous; the back office applies each answer in its own
 * transaction.
 */
import type { Signer } from './signing/cms.js';

export interface Outgoing {
  readonly id: number;
  readonly numprro: string;
  readonly docType: string;
  /** ORDERNUM: the register's local number of the document, by which the server can be asked about it. */
  readonly localNum: number;
  /**
   * The document as sent: CMS SignedData of its windows-1251 XML where the server needs signatures
   * (`requiresSignature`), the XML itself for the in-process simulator.
   */
  readonly body: Buffer;
}

export interface OfflineCredentials {
  readonly id: number;
  readonly seed: string;
}

/** What the server's ticket says of an accepted document. */
export interface Registration {
  readonly fiscalNumber: string;
  /** When the server registered it, as its ticket says (ddMMyyyy and HHmmss, Kyiv time); absent where unknown. */
  readonly serverDate?: string;
  readonly serverTime?: string;
  /** A new offline session's id and seed, handed out with a shift's opening. */
  readonly next?: OfflineCredentials;
}

export type SendOutcome =
  | ({ readonly kind: 'accepted' } & Registration)
  /**
   * The server refused the document: `code` is the DPS's error code (1–13), or the HTTP status
   * where the request itself was refused (401, 404, 415, 416, 204); `text` is what a manager reads.
   * For error 7, `expected` is the local number the server expects next.
   */
  | { readonly kind: 'rejected'; readonly code: number; readonly text: string; readonly expected?: number }
  /** Nothing reached the server, or the server says it has not registered it: the register may go offline. */
  | { readonly kind: 'unreachable'; readonly reason: string }
  /**
   * The document went out and no answer came back, and the server could not be asked whether it
   * registered it. The register may go offline, but must ask again when it returns (REVOKELASTONLINEDOC).
   */
  | { readonly kind: 'uncertain'; readonly reason: string };

export type PackageOutcome =
  | { readonly kind: 'accepted'; readonly next?: OfflineCredentials }
  /** The server took the documents before `index` and refused that one (and so the rest). */
  | { readonly kind: 'rejected'; readonly index: number; readonly code: number; readonly text: string }
  | { readonly kind: 'unreachable'; readonly reason: string };

/** The server's view of a register (TransactionsRegistrarState). */
export interface RegistrarState {
  readonly shiftOpen: boolean;
  readonly zRepPresent: boolean;
  /** The local number the server expects next. */
  readonly nextLocalNum: number;
  readonly testing: boolean;
  /** Offline credentials, where the server hands them to the signer (the shift's opener or a chief cashier). */
  readonly offline?: OfflineCredentials;
  /** The next number in the offline session, where given. */
  readonly offlineNextLocalNum?: number;
}

/** The register's device at the server (DeviceRegister): ours, or another device's. */
export type DeviceOutcome =
  | { readonly kind: 'ours' }
  | { readonly kind: 'other'; readonly deviceId: string }
  | { readonly kind: 'unreachable'; readonly reason: string }
  | { readonly kind: 'rejected'; readonly code: number; readonly text: string };

export interface FiscalServer {
  readonly name: string;
  /** Whether documents must be signed (the DPS's server and its HTTP simulator) before they are sent. */
  readonly requiresSignature: boolean;
  /** A state query: whether the server answers at all. */
  reachable(numprro: string): boolean | Promise<boolean>;
  /** One online document. */
  sendDocument(doc: Outgoing): SendOutcome | Promise<SendOutcome>;
  /** One package of an offline session, in chain order (at most 100 documents). */
  sendPackage(docs: readonly Outgoing[]): PackageOutcome | Promise<PackageOutcome>;
  /**
   * Whether the server registered the document of this UID at this local number: its
   * registration; null when the server holds none there, or another document (another device, an
   * older copy of the books); undefined when it could not be asked.
   */
  registeredAs?(numprro: string, localNum: number, uid: string): Promise<Registration | null | undefined>;
  /** The server's state of a register; `session` are the offline credentials a returning register still holds. */
  registrarState?(numprro: string, session?: OfflineCredentials): Promise<RegistrarState | undefined>;
  /** Registers this installation as the register's device (`forced` takes it over from another device). */
  registerDevice?(numprro: string, deviceId: string, forced: boolean): Promise<DeviceOutcome>;
}

/** Who signs for a register: its unlocked key, kept in the service's memory. */
export interface KeyProvider {
  signerFor(numprro: string): Signer | undefined;
}
