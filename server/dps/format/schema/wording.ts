/**
 * What the schema check says, in Ukrainian, to the store manager who has to fix a rejected
 * document: short, naming the element and what it should look like, never a regular expression
 * when the type is one of the DPS's own.
 */
import type { Builtin } from './model.js';

/** How a value of each DPS simple type must look, said instead of its pattern. */
const FORMATS: Readonly<Record<string, string>> = {
  DGDrfo: 'не є кодом ЄДРПОУ/ДРФО (5–10 цифр) чи серією й номером паспорта (дві великі літери й 6 цифр)',
  DGHIPN0: 'не є податковим номером (0, від 6 до 12 цифр чи серія й номер паспорта)',
  DGUKTZED: 'не є кодом УКТЗЕД (10, 8, 6 або 4 цифри)',
  DGDKPP: 'не є кодом ДКПП (як-от 11.22, 11.22.33 чи 11.22.33-44.55)',
  DGDate: 'не є коректною датою у форматі ддммрррр',
  DGTime: 'не є коректним часом у форматі ггххсс',
  DGDateTime: 'не є коректними датою й часом у форматі ддммррррггххсс',
  DGDecimal0: 'не є цілим числом (допускається .0 чи .00)',
  DGDecimal2: 'не відповідає формату суми (дві цифри після крапки)',
  DGDecimal3: 'не є числом із трьома цифрами після крапки',
  DGDecimal3_R: 'не є числом із не більше ніж трьома цифрами після крапки',
  DGDecimal8_R: 'не є числом із не більше ніж вісьмома цифрами після крапки',
};

const BUILTIN_FORMATS: Readonly<Record<Exclude<Builtin, 'string'>, string>> = {
  boolean: 'не є логічним значенням (true, false, 1 чи 0)',
  decimal: 'не є числом',
  integer: 'не є цілим числом',
  int: 'не є цілим числом',
  nonNegativeInteger: "не є цілим невід'ємним числом",
  positiveInteger: 'не є цілим додатним числом',
};

/** A value as quoted in a message, cut short so a long text does not drown the message. */
export function quote(value: string): string {
  const chars = [...value];
  return `«${chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : value}»`;
}

function characters(n: number): string {
  const last = n % 10;
  const teen = n % 100 >= 11 && n % 100 <= 14;
  if (last === 1 && !teen) return `${n} символ`;
  if (last >= 2 && last <= 4 && !teen) return `${n} символи`;
  return `${n} символів`;
}

/** The value is not a lexical form of its built-in base type. */
export const badLexical = (value: string, typeName: string, base: Exclude<Builtin, 'string'>) =>
  `${quote(value)} ${FORMATS[typeName] ?? BUILTIN_FORMATS[base]}`;

export function badPattern(value: string, typeName: string, pattern: string): string {
  const known = FORMATS[typeName];
  // A type the wording does not know yet (a newer schema): the pattern is all there is to say.
  return known ? `${quote(value)} ${known}` : `${quote(value)} не відповідає формату ${typeName} (шаблон ${pattern})`;
}

export const tooLong = (n: number, max: number) => `задовгий текст: ${characters(n)}, допускається не більше ${max}`;
export const tooShort = (n: number, min: number) => `закороткий текст: ${characters(n)}, потрібно щонайменше ${min}`;
export const wrongLength = (value: string, n: number, length: number) =>
  `${quote(value)} має містити рівно ${characters(length)}, а містить ${n}`;
export const belowMin = (value: string, min: string) => `${quote(value)} менше за найменше допустиме значення ${min}`;
export const aboveMax = (value: string, max: string) => `${quote(value)} більше за найбільше допустиме значення ${max}`;
export const badCharacter = (code: number) =>
  `містить недопустимий у XML символ U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

export const notXml = (why: string) => `документ не є коректним XML: ${why}`;
export const wrongRoot = (expected: string, actual: string) => `очікується документ ${expected}, а це ${actual}`;

export const unknownElement = (name: string, parent: string) => `елемент ${name} не передбачений у ${parent}`;
export const outOfOrder = (name: string, before: string) => `${name} стоїть не на своєму місці: перед ним має бути ${before}`;
export const repeated = (name: string, max: number) =>
  max === 1
    ? `елемент ${name} повторюється: допускається лише один`
    : `забагато елементів ${name}: допускається не більше ${max}`;

export function missingElements(names: readonly string[], before?: string): string {
  const what = names.length === 1 ? `обов'язкового елемента ${names[0]}` : `обов'язкових елементів ${names.join(', ')}`;
  return `бракує ${what}${before ? ` (перед ${before})` : ''}`;
}

/** An element that cannot come at this point; `expected` lists what can, `canEnd` whether the parent may end here. */
export function notHere(name: string, parent: string, expected: readonly string[], canEnd: boolean): string {
  const shown = expected.length > 6 ? [...expected.slice(0, 6), '…'] : [...expected];
  if (canEnd) shown.push(`кінець ${parent}`);
  return `елемент ${name} тут не допускається; тут може бути: ${shown.join(', ')}`;
}

export const textNotAllowed = (text: string, parent: string) =>
  `текст ${quote(text.trim())} не допускається: ${parent} містить лише вкладені елементи`;
export const childNotAllowed = (name: string, parent: string) =>
  `елемент ${name} не допускається: ${parent} містить лише значення, без вкладених елементів`;

export const unknownAttribute = (name: string) => `атрибут ${name} не передбачений`;
export const missingAttribute = (name: string) => `бракує обов'язкового атрибута ${name}`;
