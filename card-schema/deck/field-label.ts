// What a card field is called in messages: the title its card type's schema gives it ("collector
// number"), else its name. Pure; reads only the system's card-type schemas.

import type { GameSystem } from '../system/format';
import { own } from '../own-keys';

export function fieldLabel(system: GameSystem, field: string): string {
  if (field === 'id') return 'card id';
  for (const cardType of system.cardTypes) {
    const property = own(cardType.schema.properties ?? {}, field);
    const title = typeof property === 'object' && property !== null ? property.title : undefined;
    if (typeof title === 'string' && title !== '') return title.charAt(0).toLowerCase() + title.slice(1);
  }
  return field;
}
