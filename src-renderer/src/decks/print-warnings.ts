// The message after a PDF export whose cards print with problems: how many, and the first few as
// the export names them ("“Mist Lance” (Core): …"); the print dialog listed every one before.

import type { PrintWarnings } from '../../../src-main/api/contract';

const SHOWN = 2;

export function printWarningsMessage(warnings: PrintWarnings): string {
  const head = `${warnings.cards} ${warnings.cards === 1 ? 'card prints' : 'cards print'} with warnings:`;
  const listed = warnings.messages.slice(0, SHOWN).join(' ');
  return warnings.cards > SHOWN ? `${head} ${listed} …` : `${head} ${listed}`;
}
