import { expect } from "vitest";

/**
 * A light XML well-formedness check (no DOMParser in Node): every tag is well-formed with quoted, unique
 * attributes, tags nest and close in order under one root, and text and attribute values carry only escaped `&`, `<`.
 */
export function expectWellFormedXml(xml: string): void {
  expect(xmlProblem(xml)).toBeNull();
}

/** What makes `xml` not well-formed, or null. */
function xmlProblem(xml: string): string | null {
  const tag = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/y;
  const entity = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi;
  const stack: string[] = [];
  let roots = 0;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf("<", i);
    const text = xml.slice(i, lt < 0 ? xml.length : lt);
    if (/[&>]/.test(text.replace(entity, ""))) return `unescaped text at ${i}`;
    if (text.trim() !== "" && stack.length === 0) return `text outside the root at ${i}`;
    if (lt < 0) break;
    tag.lastIndex = lt;
    const m = tag.exec(xml);
    if (!m) return `malformed tag at ${lt}: ${xml.slice(lt, lt + 60)}`;
    const [whole, close, name, attrs, selfClose] = m;
    const names: string[] = [];
    for (const [, attr, value] of attrs!.matchAll(/([\w:.-]+)="([^"]*)"/g)) {
      if (/[&<]/.test(value!.replace(entity, ""))) return `unescaped attribute ${attr} of <${name}>`;
      if (names.includes(attr!)) return `duplicate attribute ${attr} in <${name}>`;
      names.push(attr!);
    }
    if (close) {
      const open = stack.pop();
      if (open !== name) return `</${name}> closes <${open}>`;
    } else {
      if (stack.length === 0 && ++roots > 1) return "more than one root";
      if (!selfClose) stack.push(name!);
    }
    i = lt + whole!.length;
  }
  if (stack.length > 0) return `unclosed <${stack.join("><")}>`;
  return roots === 1 ? null : "no root";
}
