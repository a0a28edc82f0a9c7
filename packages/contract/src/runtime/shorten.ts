// The echo of a value or a name the sender chose, in at most 40 characters: the validation messages
// (describe-validation-error.ts) and the mock's other Error messages quote through it. Apart from the messages'
// module, so code that only quotes does not carry them. Document-independent; it imports nothing, and
// `pnpm generate` copies it beside describe-validation-error.ts into the SDK and the mock.

const ECHO_LIMIT = 40;

/**
 * The first 40 characters (code points) of `text` and `…` if there are more, so a huge value is not sent
 * back whole. It reads no further than that: a value of millions of characters costs no more than a short
 * one (no copy of it, no array of its characters), and the result is a new string that keeps no part of it.
 */
export function shorten(text: string): string {
  const codePoints: number[] = [];
  let index = 0;
  while (index < text.length && codePoints.length < ECHO_LIMIT) {
    const codePoint = text.codePointAt(index)!;
    codePoints.push(codePoint);
    index += codePoint > 0xffff ? 2 : 1;
  }
  return index < text.length ? `${String.fromCodePoint(...codePoints)}…` : text;
}
