/**
 * What the PRRO queue says, in Ukrainian, of a document that waits: the manager reads these in the
 * queue and the till shows them beside the register's state.
 */
import type { PrroDocRow } from '../../kernel/register/statements.js';

export const WORDS = {
  blockedBy: (b: PrroDocRow) => `очікує на документ №${b.local_num} (id ${b.id}), відхилений податковим сервером`,
  waitsForSale: (checkNumber: number) =>
    `очікує на фіскальний номер чека №${checkNumber}, борг за яким сплачено: податкова ще не прийняла його документ`,
  noKey: 'очікує на підпис: для ПРРО не завантажено ключ КЕП — керівник завантажує його в Налаштуваннях (F9 → Ключ КЕП)',
  keyLocked:
    'очікує на підпис: ключ КЕП каси заблоковано — старший касир або керівник вводить його пароль (при відкритті зміни або в Налаштуваннях → Ключ КЕП)',
  otherDevice: (id: string) =>
    `очікує: податкова каже, що цей ПРРО працює на іншому пристрої (${id.slice(0, 12)}…). Якщо це та сама каса, керівник переносить ПРРО сюди (Налаштування → Ключ КЕП)`,
  deviceRefused: (text: string) => `очікує: податкова не зареєструвала пристрій каси: ${text}`,
} as const;
