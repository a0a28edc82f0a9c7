// A strict reader of the XML the JUnit renderer writes: it builds the element tree and throws on anything
// not well-formed (an unclosed or mismatched tag, a raw `<` or `&`, an unknown entity, an unquoted
// attribute, a character XML 1.0 cannot hold, more than one root).

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const isNameChar = (char: string) => /[A-Za-z0-9_:.-]/.test(char);

export function parseXml(source: string): XmlElement {
  let at = 0;
  const fail = (why: string): never => {
    throw new Error(`${why} at offset ${at}: ${JSON.stringify(source.slice(at, at + 40))}`);
  };
  for (const char of source) {
    const code = char.codePointAt(0)!;
    if ((code < 0x20 && char !== "\n" && char !== "\r" && char !== "\t") || code === 0xfffe || code === 0xffff) {
      fail(`character U+${code.toString(16)} is not allowed in XML`);
    }
  }
  const skipSpace = () => {
    while (at < source.length && " \n\r\t".includes(source[at]!)) {
      at++;
    }
  };
  const name = () => {
    const start = at;
    while (at < source.length && isNameChar(source[at]!)) {
      at++;
    }
    return start === at ? fail("a name expected") : source.slice(start, at);
  };
  const characters = (end: string) => {
    let text = "";
    while (at < source.length && !end.includes(source[at]!)) {
      const char = source[at]!;
      if (char === "&") {
        const close = source.indexOf(";", at);
        const entity = close < 0 ? fail("an unterminated entity") : source.slice(at + 1, close);
        const numeric = entity.startsWith("#x")
          ? Number.parseInt(entity.slice(2), 16)
          : entity.startsWith("#")
            ? Number.parseInt(entity.slice(1), 10)
            : undefined;
        text +=
          numeric !== undefined
            ? String.fromCodePoint(numeric)
            : (ENTITIES[entity] ?? fail(`unknown entity &${entity};`));
        at = close + 1;
      } else if (char === "<") {
        fail("a raw < in text");
      } else {
        text += char;
        at++;
      }
    }
    return text;
  };
  const element = (): XmlElement => {
    at++; // <
    const node: XmlElement = { name: name(), attributes: {}, children: [], text: "" };
    for (;;) {
      skipSpace();
      if (source.startsWith("/>", at)) {
        at += 2;
        return node;
      }
      if (source[at] === ">") {
        at++;
        break;
      }
      const attribute = name();
      skipSpace();
      if (source[at] !== "=") {
        fail(`= expected after attribute ${attribute}`);
      }
      at++;
      skipSpace();
      if (source[at] !== '"' && source[at] !== "'") {
        fail(`attribute ${attribute} is not quoted`);
      }
      const quote = source[at++]!;
      if (attribute in node.attributes) {
        fail(`attribute ${attribute} repeated`);
      }
      node.attributes[attribute] = characters(`${quote}<`);
      if (source[at++] !== quote) {
        fail(`attribute ${attribute} is not closed`);
      }
    }
    for (;;) {
      node.text += characters("<");
      if (at >= source.length) {
        fail(`<${node.name}> is never closed`);
      }
      if (source.startsWith("</", at)) {
        at += 2;
        const closing = name();
        skipSpace();
        if (closing !== node.name || source[at++] !== ">") {
          fail(`</${closing}> closes <${node.name}>`);
        }
        return node;
      }
      node.children.push(element());
    }
  };
  if (source.startsWith("<?xml")) {
    at = source.indexOf("?>") + 2;
  }
  skipSpace();
  if (source[at] !== "<") {
    fail("the root element expected");
  }
  const root = element();
  skipSpace();
  if (at < source.length) {
    fail("content after the root element");
  }
  return root;
}
