// One Ajv configuration for everything Cardwright validates with JSON Schema (cards, game-system
// files): draft 2020-12, all errors, formats, and Cardwright's display-only keywords. Game files
// are untrusted, so patterns run on a linear-time engine and uniqueItems is linear too.

import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { CARD_REF_KEYWORD } from '../../card-schema/system/card-ref';
import { linearRegExp } from './linear-regexp';
import { useLinearUniqueItems } from './linear-unique-items';

/** Annotations Cardwright reads for forms and layouts; they never affect validity. */
export const CARDWRIGHT_KEYWORDS = ['x-display', 'x-reminder', 'x-multiline', 'x-kind', 'x-search'] as const;

/** `standalone`: keep each validator's source, so it can be written out (compiled-schemas.ts). */
export function createAjv(options: { standalone?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    allowUnionTypes: true,
    code: { regExp: linearRegExp, source: options.standalone === true },
  });
  addFormats.default(ajv);
  useLinearUniqueItems(ajv);
  for (const keyword of CARDWRIGHT_KEYWORDS) ajv.addKeyword({ keyword, schemaType: ['string', 'boolean'] });
  // A card reference's options (card-schema/system/card-ref.ts); checked by the loader, never by ajv.
  ajv.addKeyword({ keyword: CARD_REF_KEYWORD, schemaType: 'object' });
  return ajv;
}
