/**
 * Every form in which the fiscal server refuses, read into one: a DPS error code (1–13) and a
 * text a store manager reads. The server says it as text, "Код помилки: N Name\r\n<опис>", at
 * any 4xx or 5xx; as JSON {ErrorCode, ErrorMessage} in resultAsJson mode (the code a number or
 * its name); or with an HTTP status alone (401, 403, 404, 405, 415, 416, 204), for which the text
 * here says what it means. Error 7 names the local number the server expects next ("Номер
 * документа повинен дорівнювати N", as clients in the field read it), which becomes `expected`.
 */
import { decodeCp1251 } from '../../../shared/fiscal/cp1251.js';

export interface Refusal {
  /** The DPS's error code, or the HTTP status where the server gave none. */
  readonly code: number;
  readonly text: string;
  readonly expected?: number;
}

const NAMES: readonly string[] = [
  'Ok',
  'TransactionsRegistrarAbsent',
  'OperatorAccessToTransactionsRegistrarNotGranted',
  'InvalidTin',
  'ShiftAlreadyOpened',
  'ShiftNotOpened',
  'LastDocumentMustBeZRep',
  'CheckLocalNumberInvalid',
  'ZRepAlreadyRegistered',
  'DocumentValidationError',
  'PackageValidationError',
  'InvalidQueryParameter',
  'CryptographyError',
  'NoContent',
];

/** What an HTTP status alone means, for a manager. */
const HTTP_MEANING: Readonly<Record<number, string>> = {
  204: 'Податковий сервер не знайшов сертифіката ключа серед зареєстрованих (HTTP 204): перевірте в Електронному кабінеті, що ключ зареєстровано для цього ПРРО (форма 5-ПРРО); після подання форми потрібен час',
  401: 'Податковий сервер не дозволяє власнику ключа працювати з цим ПРРО (HTTP 401): документи має підписувати продавець або касир, зареєстрований для ПРРО (форма 5-ПРРО)',
  403: 'Податковий сервер не приймає запити за цією адресою (HTTP 403): перевірте адресу сервера в налаштуваннях',
  404: 'ПРРО не зареєстрований на податковому сервері (HTTP 404): перевірте фіскальний номер ПРРО',
  405: 'Податковий сервер не приймає запит у такому вигляді (HTTP 405)',
  413: 'Документ завеликий для податкового сервера (HTTP 413): понад 200 КБ',
  415: 'Податковий сервер не прийняв формат запиту (HTTP 415): документ має надсилатися підписаним (application/octet-stream)',
  416: 'Документ завеликий для податкового сервера (HTTP 416): понад 200 КБ без стиснення',
};

/** The server's own words, kept short: an answer may be a proxy's whole HTML page. */
const SERVER_TEXT_LIMIT = 500;

/** The body as text: UTF-8, or windows-1251 where it is not valid UTF-8. */
export function bodyText(body: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return decodeCp1251(body);
  }
}

const normalise = (s: string) => s.replace(/\r\n?/g, '\n').trim();
const shorten = (s: string) => (s.length > SERVER_TEXT_LIMIT ? `${s.slice(0, SERVER_TEXT_LIMIT)}…` : s);

/** The expected local number in error 7's text. */
export function expectedOf(text: string): number | undefined {
  const m = /повинен\s+дорівнювати\s+(\d+)/i.exec(text) ?? /очікується\s+(?:номер\s+)?(\d+)/i.exec(text);
  return m ? Number(m[1]) : undefined;
}

const withExpected = (code: number, text: string): Refusal => {
  const expected = code === 7 ? expectedOf(text) : undefined;
  return { code, text, ...(expected === undefined ? {} : { expected }) };
};

const CODED = /Код\s+помилки:\s*(\d+)(?:\s+([A-Za-z]+))?/;

/** A refusal in the text form, where the text carries "Код помилки: N". */
export function codedRefusal(text: string): Refusal | undefined {
  const t = normalise(text);
  const m = CODED.exec(t);
  if (!m) return undefined;
  return withExpected(Number(m[1]), shorten(t.slice(m.index)));
}

/** A refusal in the JSON form ({ErrorCode, ErrorMessage}); undefined for JSON without an error. */
export function jsonRefusal(value: unknown): Refusal | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { ErrorCode: raw, ErrorMessage: message } = value as { ErrorCode?: unknown; ErrorMessage?: unknown };
  if (raw === undefined || raw === null || raw === 0 || raw === '0' || raw === 'Ok' || raw === '') return undefined;
  const code =
    typeof raw === 'number'
      ? raw
      : /^\d+$/.test(String(raw))
        ? Number(raw)
        : NAMES.indexOf(String(raw)) >= 0
          ? NAMES.indexOf(String(raw))
          : 0;
  const said = normalise(typeof message === 'string' ? message : '');
  if (CODED.test(said)) return codedRefusal(said);
  const name = NAMES[code] ?? String(raw);
  return withExpected(code, shorten(`Код помилки: ${code} ${name}${said ? `\n${said}` : ''}`));
}

/** Parses a body as JSON where it looks like JSON. */
export function jsonOf(body: Buffer): unknown {
  const t = bodyText(body).trim();
  if (!t.startsWith('{')) return undefined;
  try {
    return JSON.parse(t);
  } catch {
    return undefined;
  }
}

/**
 * The refusal an answer carries, in whichever form; undefined where it carries none the server
 * could mean as one (a 2xx without an error, a 5xx without a code: the caller decides those).
 */
export function refusalOf(status: number, body: Buffer): Refusal | undefined {
  const text = bodyText(body);
  const coded = codedRefusal(text);
  if (coded) return coded;
  const json = jsonRefusal(jsonOf(body));
  if (json) return json;
  if (status >= 500 || (status >= 200 && status < 300 && status !== 204)) return undefined;
  const said = shorten(normalise(text));
  const meaning = HTTP_MEANING[status];
  if (meaning) return { code: status, text: said ? `${meaning}\n${said}` : meaning };
  return { code: status, text: `Податковий сервер відхилив запит (HTTP ${status})${said ? `: ${said}` : ''}` };
}
