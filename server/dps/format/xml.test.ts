import { describe, expect, it } from 'vitest';
import { at, childrenNamed, el, parseXml, writeXml } from './xml.js';

describe('PRRO XML', () => {
  it('reads back what it writes, text escaped', () => {
    const xml = writeXml(el('CHECK', [el('NAME', 'Горілка "Козацька" <0,5> & Co'), el('ROW', [], { ROWNUM: '1' })]));
    const root = parseXml(xml);
    expect(at(root, 'NAME')?.text).toBe('Горілка "Козацька" <0,5> & Co');
    expect(childrenNamed(root, 'ROW')[0]?.attrs).toEqual({ ROWNUM: '1' });
  });

  it('reads comments, CDATA, character references and attributes in either quotes', () => {
    const root = parseXml(`<?xml version="1.0"?>\n<!-- c --><A x='1' y = "2"><B><![CDATA[<raw>]]>&#1043;&#x0456;</B></A>`);
    expect(root.attrs).toEqual({ x: '1', y: '2' });
    expect(at(root, 'B')?.text).toBe('<raw>Гі');
  });

  it.each([
    ['<A><B></A>', 'закриваючий тег </A> не відповідає елементу <B>'],
    ['<A>', 'незакритий елемент <A>'],
    ['<A/><B/>', 'другий кореневий елемент <B>: документ має мати один корінь'],
    ['<A>&nbsp;</A>', 'невідома сутність &nbsp;'],
    ['<A x=1/>', 'атрибут x елемента <A> без значення в лапках'],
    ['<!DOCTYPE a><A/>', 'оголошення DOCTYPE та інструкції обробки не допускаються'],
    ['', 'документ не містить жодного елемента'],
    ['hello', 'текст «hello» поза кореневим елементом'],
  ])('tells why %j is not well-formed', (src, problem) => {
    expect(() => parseXml(src)).toThrow(problem);
  });
});
