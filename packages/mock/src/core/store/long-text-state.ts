// The records of the named state `long-text`: every name and description exactly as long as the document
// allows (contract.maxLengths, in code points, as JSON Schema's maxLength and the mock's validators count),
// in scripts and forms that break layouts: right-to-left Arabic and Hebrew, bidirectional mixes, combining
// marks, emoji (ZWJ sequences and flags count several code points), CJK, and a word with no break in it.
import { contract } from "../generated/contract.js";
import { createRandom, type DemoRecords, pick, shipDate } from "./demo-records.js";
import type { InventoryItem, Pet, StoredOrder } from "./records.js";

const codePoints = (text: string) => [...text].length;

/**
 * `pieces` one after another, from the first, as many whole ones as fit in `length` code points, then
 * `pad` (one code point, not white space) up to exactly `length`: no emoji or mark is ever cut in two.
 */
export function fit(pieces: readonly string[], length: number, pad: string): string {
  let text = "";
  let count = 0;
  for (let index = 0; ; index = (index + 1) % pieces.length) {
    const size = codePoints(pieces[index]!);
    if (count + size > length) {
      break;
    }
    text += pieces[index];
    count += size;
  }
  return text + pad.repeat(length - count);
}

/** A text of each kind: the pieces it repeats and its padding, which is not white space. */
const TEXTS = {
  latin: [["Sir Bartholomew ", "Wagglesworth ", "the Magnificent, ", "Keeper of the Garden Gate, "], "."],
  arabic: [["القط ", "الصغير ", "الذي ", "يحب ", "النوم ", "في ", "الشمس ", "كل ", "يوم "], "ـ"],
  hebrew: [["החתול ", "הקטן ", "שאוהב ", "לישון ", "בשמש ", "כל ", "היום "], "׳"],
  bidi: [["Rex ", "ركس ", "רקס ", "(42) ", "“Good boy” ", "ولد طيب ", "ילד טוב "], "!"],
  // Decomposed: each letter and its marks are two to four code points.
  marks: [
    ["Zo\u0308e\u0308 ", "Se\u0301n\u0303or ", "A\u030Angstro\u0308m ", "Z\u0335\u0358a\u0336l\u0337g\u0338o "],
    "é",
  ],
  emoji: [["🐕", "🐈‍⬛", "🐕‍🦺", "🦜", "🐠", "🦎", "👩🏽‍🦰", "🇯🇵", "🏳️‍🌈", "❤️", " "], "🐾"],
  cjk: [["小白", "は", "とても", "かわいい", "猫", "です", "。", "초코는 ", "강아지"], "。"],
  cyrillic: [["Кузя ", "Барсик ", "Мурка ", "Ёжик-в-тумане ", "Щенок "], "ъ"],
  unbroken: [["Supercalifragilisticexpialidocious", "Pneumonoultramicroscopicsilicovolcanoconiosis"], "s"],
} as const satisfies Record<string, readonly [readonly string[], string]>;

type Kind = keyof typeof TEXTS;

/** A text of `kind` exactly `length` code points long; `shift` starts it at a later piece (to tell them apart). */
const text = (kind: Kind, length: number, shift = 0) => {
  const [pieces, pad] = TEXTS[kind];
  return fit([...pieces.slice(shift % pieces.length), ...pieces.slice(0, shift % pieces.length)], length, pad);
};

/** The categories: each name in its own script, so no two compare equal, each with a description at the maximum. */
const CATEGORY_KINDS: readonly Kind[] = ["latin", "arabic", "hebrew", "bidi", "marks", "emoji", "cjk", "cyrillic"];
const PET_KINDS = Object.keys(TEXTS) as Kind[];

/** Two pets of every kind of text in each category, a mix of statuses, and orders open and complete. */
export function longTextRecords(seed: number): DemoRecords {
  const { name: nameLength, categoryDescription: descriptionLength } = contract.maxLengths;
  const random = createRandom(seed);
  const categories = CATEGORY_KINDS.map((kind, index) => ({
    id: index + 1,
    name: text(kind, nameLength),
    description: text(CATEGORY_KINDS[(index + 1) % CATEGORY_KINDS.length]!, descriptionLength, index),
  }));
  const pets: Pet[] = [];
  const orders: StoredOrder[] = [];
  const inventory: InventoryItem[] = [];
  for (const [index, kind] of [...PET_KINDS, ...PET_KINDS].entries()) {
    const id = index + 1;
    const status = index % 5 === 4 ? "sold" : index % 5 === 3 ? "pending" : "available";
    pets.push({
      id,
      name: text(kind, nameLength, 1 + Math.floor(index / PET_KINDS.length)),
      categoryId: 1 + (index % categories.length),
      status,
    });
    if (status !== "available") {
      const complete = status === "sold";
      const days = complete ? -1 - pick(random, 60) : 1 + pick(random, 14);
      orders.push({
        id: orders.length + 1,
        petId: id,
        quantity: 1 + pick(random, 3),
        shipDate: shipDate(days),
        complete,
      });
    }
    inventory.push({ petId: id, quantity: status === "available" ? 1 + pick(random, 9) : 0, status });
  }
  return { categories, pets, orders, inventory };
}
