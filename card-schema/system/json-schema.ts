// The subset of JSON Schema (2020-12) vocabulary that forms, layouts and search read.
// Validation itself uses ajv in src-main, which understands the full vocabulary.

export type JsonSchemaType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

export interface JsonSchema {
  $id?: string;
  $schema?: string;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: JsonSchemaType | JsonSchemaType[];
  title?: string;
  description?: string;
  default?: unknown;
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  /** Cardwright extension: how a value renders in text, e.g. "Ranged({dmg}, {range}\")". */
  'x-display'?: string;
  /**
   * Cardwright extension: a keyword's reminder text, e.g. "Deals {dmg} damage up to {range}\" away.",
   * from the keyword's own parameters; printed after the keyword, in italic parentheses, by
   * text elements with `reminders`.
   */
  'x-reminder'?: string;
  /** Cardwright extension: render a string field as a multi-line text area. */
  'x-multiline'?: boolean;
  /** Cardwright extension: a field of a special kind; "image" holds an image reference (image-field.ts). */
  'x-kind'?: 'image';
  /** Cardwright extension: the field names another card of the game (card-ref.ts). */
  'x-card-ref'?: { types?: string[] };
  /** Cardwright extension: whether free-text search covers the field (search/searched-fields.ts). */
  'x-search'?: boolean;
  [keyword: string]: unknown;
}
