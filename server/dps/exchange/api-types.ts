/**
 * The answers of the fiscal server's commands, as the DPS API description names their fields
 * ("Команди"). Kept in the API's own spelling, so a reader can hold them against the document;
 * only the fields this back office reads are typed, the rest pass through untouched.
 */

/** DocumentInfoByLocalNum. */
export interface DocumentInfo {
  readonly NumFiscal: string;
  readonly DocClass: 'Check' | 'ZRep' | string;
  readonly CheckDocType: string | null;
  readonly CheckDocSubType: string | null;
  readonly Revoked: boolean;
  readonly Storned: boolean;
}

/** ServerState. */
export interface ServerStateInfo {
  /** ISO 8601 with offset, e.g. 2018-10-17T01:23:00+03:00. */
  readonly Timestamp: string;
}

/** One shift of Shifts. */
export interface ShiftInfo {
  readonly ShiftId: number;
  readonly OpenShiftFiscalNum: string;
  readonly CloseShiftFiscalNum: string | null;
  readonly Testing: boolean;
  readonly Opened: string | null;
  readonly OpenName: string | null;
  readonly OpenSubjectKeyId: string | null;
  readonly Closed: string | null;
  readonly CloseName: string | null;
  readonly CloseSubjectKeyId: string | null;
  readonly ZRepFiscalNum: string | null;
}

/** One document of Documents. */
export interface ShiftDocument extends DocumentInfo {
  readonly NumLocal: number | string;
  readonly DocDateTime: string;
}

export interface ShiftTotalsOrderType {
  readonly Sum: number;
  readonly RndSum: number;
  readonly NoRndSum: number;
  readonly OrdersCount: number;
  readonly PayForm: readonly { readonly PayFormCode: number; readonly PayFormName: string; readonly Sum: number }[];
  readonly Tax: readonly {
    readonly Type: number;
    readonly Name: string;
    readonly Letter: string;
    readonly Prc: number;
    readonly Turnover: number;
    readonly SourceSum: number;
    readonly Sum: number;
  }[];
}

/** LastShiftTotals. */
export interface LastShiftTotals {
  readonly ShiftState: number | string;
  readonly ZRepPresent: boolean | string;
  readonly Testing: boolean | string;
  readonly Opened: string | null;
  readonly OpenName: string | null;
  readonly Closed: string | null;
  readonly ZRepFiscalNum: string | null;
  readonly Totals: {
    readonly Real: ShiftTotalsOrderType | null;
    readonly Ret: ShiftTotalsOrderType | null;
    readonly ServiceInput: number;
    readonly ServiceOutput: number;
  } | null;
}
