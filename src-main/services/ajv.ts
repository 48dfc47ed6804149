// One Ajv configuration for everything Cardwright validates with JSON Schema (cards, game-system
// files): draft 2020-12, all errors, formats, and Cardwright's display-only keywords.

import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** Annotations Cardwright reads for forms and layouts; they never affect validity. */
export const CARDWRIGHT_KEYWORDS = ['x-display', 'x-multiline'] as const;

export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true });
  addFormats.default(ajv);
  for (const keyword of CARDWRIGHT_KEYWORDS) ajv.addKeyword({ keyword, schemaType: ['string', 'boolean'] });
  return ajv;
}
