// A set as a Cockatrice custom set: its card database XML, version 4 (Cockatrice's
// doc/carddatabase_v4/cards.xsd), and the name Cockatrice looks a card's picture up by.
// What a card's properties are comes from the game's system.json (`exports.cockatrice`, see
// docs/game-systems.md); without it every game still gets type, maintype, cmc and colors.

import type { CardDocument, CockatriceExport, GameSystem } from '../system/format';
import { own } from '../own-keys';

export interface CockatriceCard {
  name: string;
  text: string;
  /** `<prop>` children in order: type, maintype, manacost, cmc, colors, pt, … */
  props: [string, string][];
  tablerow: number;
}

export interface CockatriceSet {
  /** The short name cards refer to their set by ("OSS"). */
  code: string;
  name: string;
}

/** Cockatrice's four table rows; a card type the game does not place goes to the permanents' row. */
const DEFAULT_TABLE_ROW = 1;
/** Element names Cockatrice reads as card properties: XML names without a colon. */
const PROP_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** The card as Cockatrice reads it, its properties mapped by the game's `exports.cockatrice`. */
export function cockatriceCard(system: GameSystem, doc: CardDocument): CockatriceCard {
  const mapping: CockatriceExport = system.exports?.cockatrice ?? {};
  const typeLabel = system.cardTypes.find((type) => type.id === doc.type)?.label ?? doc.type;
  const props = new Map<string, string>([
    ['type', typeLabel],
    ['maintype', typeLabel],
  ]);
  const costField = system.deck.builder?.costField;
  const cost = costField === undefined ? undefined : own(doc, costField);
  if (typeof cost === 'number') props.set('cmc', String(cost));
  if (system.identity) {
    const values = own(doc, system.identity.field);
    if (Array.isArray(values)) {
      const letters = system.identity.values
        .filter((value) => values.includes(value.id) && !value.neutral)
        .map((value) => own(mapping.colors ?? {}, value.id) ?? value.label.slice(0, 1).toUpperCase())
        .join('');
      if (letters) {
        props.set('colors', letters);
        props.set('coloridentity', letters);
      }
    }
  }
  for (const [name, template] of Object.entries(mapping.props ?? {})) {
    if (!PROP_NAME.test(name)) continue;
    const value = fillTemplate(template, doc);
    if (value === undefined) props.delete(name);
    else props.set(name, value);
  }
  const row = own(mapping.tableRows ?? {}, doc.type);
  return {
    name: doc.name,
    text: typeof doc.text === 'string' ? doc.text : '',
    props: [...props],
    tablerow: typeof row === 'number' ? row : DEFAULT_TABLE_ROW,
  };
}

/**
 * "{atk}/{hp}" with the card's fields; lists are joined with ", ". Undefined when a field it
 * names is absent or not text, a number or a list of them (a spell has no "{atk}/{hp}").
 */
export function fillTemplate(template: string, doc: CardDocument): string | undefined {
  let missing = false;
  const text = template.replace(/\{([^{}]+)\}/g, (_whole, field: string) => {
    const value = own(doc, field);
    const shown = showValue(value);
    if (shown === undefined) missing = true;
    return shown ?? '';
  });
  return missing ? undefined : text;
}

function showValue(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const items = value.map(showValue);
    return items.every((item) => item !== undefined) ? items.join(', ') : undefined;
  }
  return undefined;
}

/**
 * The file name (without extension) Cockatrice finds a card's picture by in pics/CUSTOM:
 * its name without the characters it removes, "/" and tabs as spaces (CardInfo::getCorrectedName).
 */
export function cockatricePictureName(name: string): string {
  // eslint-disable-next-line no-control-regex
  return name.replace(/ \/\/ |[*<>:"\\?\x00-\x08\x10-\x1f]/g, '').replace(/[/\x09-\x0f]/g, ' ');
}

/** A short set code from its name: the initials of its words, upper case ("Ember Coast" → "EC"). */
export function cockatriceSetCode(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9\s]/g, '')
    .split(/\s+/)
    .filter((word) => word !== '');
  const initials = words.map((word) => word[0].toUpperCase()).join('');
  const code = initials.length >= 2 ? initials : (words[0] ?? '').toUpperCase();
  return code.slice(0, 6) || 'CUSTOM';
}

/** The card database XML (version 4) of one set. */
export function cockatriceDatabaseXml(set: CockatriceSet, cards: readonly CockatriceCard[], createdAt: string): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<cockatrice_carddatabase version="4">',
    '  <info>',
    '    <author>Cardwright</author>',
    `    <createdAt>${xml(createdAt)}</createdAt>`,
    '  </info>',
    '  <sets>',
    '    <set>',
    `      <name>${xml(set.code)}</name>`,
    `      <longname>${xml(set.name)}</longname>`,
    '      <settype>Custom</settype>',
    '    </set>',
    '  </sets>',
    '  <cards>',
  ];
  for (const card of cards) {
    lines.push('    <card>', `      <name>${xml(card.name)}</name>`, `      <text>${xml(card.text)}</text>`, '      <prop>');
    for (const [name, value] of card.props) lines.push(`        <${name}>${xml(value)}</${name}>`);
    lines.push(
      '      </prop>',
      `      <set>${xml(set.code)}</set>`,
      `      <tablerow>${card.tablerow}</tablerow>`,
      '    </card>',
    );
  }
  lines.push('  </cards>', '</cockatrice_carddatabase>');
  return `${lines.join('\n')}\n`;
}

/** Text for XML 1.0: escaped, and without the characters XML cannot hold at all. */
function xml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (ch) => ESCAPES[ch]);
}

/** Control characters but tab and newlines, U+FFFE/U+FFFF, and halves of surrogate pairs. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
