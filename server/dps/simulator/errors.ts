/**
 * The fiscal server's error codes and the text it answers with: "Код помилки: <n> <Name>" and a
 * description on the next line (DPS API description, "Коди помилок" and "Коди HTTP").
 */
export const FS_ERRORS = {
  1: 'TransactionsRegistrarAbsent',
  2: 'OperatorAccessToTransactionsRegistrarNotGranted',
  3: 'InvalidTin',
  4: 'ShiftAlreadyOpened',
  5: 'ShiftNotOpened',
  6: 'LastDocumentMustBeZRep',
  7: 'CheckLocalNumberInvalid',
  8: 'ZRepAlreadyRegistered',
  9: 'DocumentValidationError',
  10: 'PackageValidationError',
  11: 'InvalidQueryParameter',
  12: 'CryptographyError',
  // Since 2025: what a command in resultAsJson mode answers where the plain one answers HTTP 204.
  13: 'NoContent',
} as const;

export type FsErrorCode = keyof typeof FS_ERRORS;

/** The answer's text. The API separates the line with \r\n; the in-process double keeps the \n its tests were written with. */
export const fsErrorText = (code: FsErrorCode, description: string, lineBreak = '\n'): string =>
  `Код помилки: ${code} ${FS_ERRORS[code]}${lineBreak}${description}`;

export class FsError extends Error {
  constructor(
    readonly code: FsErrorCode,
    readonly description: string,
    /** For error 7: the local number the server expects next. */
    readonly expected?: number,
  ) {
    super(fsErrorText(code, description));
    this.name = 'FsError';
  }

  /** As the HTTP server writes it. */
  get wireText(): string {
    return fsErrorText(this.code, this.description, '\r\n');
  }
}

/**
 * Error 7 in the real server's words (as clients in the field parse it): the number sent, the
 * register, and "Номер документа повинен дорівнювати N", from which a client resynchronises.
 */
export const localNumberError = (sent: string, numprro: string, expected: number): FsError =>
  new FsError(
    7,
    `Некоректний локальний номер документа ${sent} для ПРРО з фіскальним номером ${numprro}. Номер документа повинен дорівнювати ${expected}`,
    expected,
  );
