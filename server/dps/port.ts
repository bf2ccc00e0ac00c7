/**
 * The tax service's fiscal server as the back office sees it: a port with the simulator behind it
 * in demo mode and tests, and room for the real DPS server (fs.tax.gov.ua, documents signed with
 * a qualified signature) as a later adapter. Calls may be asynchronous; the back office applies
 * each answer in its own transaction.
 */

export interface Outgoing {
  readonly id: number;
  readonly numprro: string;
  readonly docType: string;
  /** The document as sent: its bytes (windows-1251 XML; a real adapter signs them). */
  readonly body: Buffer;
}

export interface OfflineCredentials {
  readonly id: number;
  readonly seed: string;
}

export type SendOutcome =
  | { readonly kind: 'accepted'; readonly fiscalNumber: string; readonly next?: OfflineCredentials }
  | { readonly kind: 'rejected'; readonly code: number; readonly text: string }
  /** Nothing reached the server: the register may go offline and make the document again. */
  | { readonly kind: 'unreachable'; readonly reason: string };

export type PackageOutcome =
  | { readonly kind: 'accepted'; readonly next?: OfflineCredentials }
  /** The server took the documents before `index` and refused that one (and so the rest). */
  | { readonly kind: 'rejected'; readonly index: number; readonly code: number; readonly text: string }
  | { readonly kind: 'unreachable'; readonly reason: string };

export interface FiscalServer {
  readonly name: string;
  /** A state query: whether the server answers at all. */
  reachable(numprro: string): boolean | Promise<boolean>;
  /** One online document. */
  sendDocument(doc: Outgoing): SendOutcome | Promise<SendOutcome>;
  /** One package of an offline session, in chain order (at most 100 documents). */
  sendPackage(docs: readonly Outgoing[]): PackageOutcome | Promise<PackageOutcome>;
}
