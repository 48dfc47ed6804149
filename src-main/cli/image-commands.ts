// The CLI's export-images command: every card of a deck, a set, a search or listed cards as PNG
// or JPEG files (the exportImages job, the same renderer as the PDF), into a folder or a zip.
// Each flag's value is checked here and refused in one sentence naming the flag.

import { CARD_IMAGE_DPIS, CARD_IMAGE_MAX_BLEED_MM, exportImagesJob } from '../api/contract';
import { DEFAULT_NAME_PATTERN, namePatternProblem, NAME_PLACEHOLDERS } from '../../card-schema/exports/card-image-names';
import {
  describePodPreset,
  POD_PRESET_IDS,
  POD_PRESETS,
  QUANTITIES_FILE,
  type PodPresetId,
} from '../../card-schema/exports/pod-presets';
import { textFlag, UsageError, type FlagValue } from './argv';
import { GLOBAL_OPTION_ROWS, optionTable, type CliCommand } from './command';
import { printResult, printSource, withApp, type JobSpec } from './export-commands';
import { runExportJob } from './run-export-job';

type ReadFlags = ReadonlyMap<string, FlagValue>;

const OPTIONS = ['deck', 'set', 'cards', 'search', 'preset', 'dpi', 'bleed', 'format', 'backs', 'name', 'zip', 'out', 'force'];
const SWITCHES = new Set(['backs', 'zip', 'force']);

export const exportImagesCommand: CliCommand = {
  name: 'export-images',
  summary: 'write each card of a deck, a set, a search or listed cards as a PNG or JPEG image',
  help: () => `Usage: cardwright export-images (--deck ID|NAME | --set ID|NAME | --cards ID,ID,… | --search [TEXT]) [options] --out DIR|FILE.zip

Writes each card once as an image, drawn as the PDF prints it (bleed included), into a folder or a zip. What to export (one of):
${optionTable([
  ['--deck ID|NAME', 'the cards of a deck (each once, however many copies it holds)'],
  ['--set ID|NAME', 'every card of a set'],
  ['--cards ID,ID,…', 'these cards, in this order'],
  ['--search [TEXT]', 'every card the library search finds (with --set: in that set)'],
])}
Options:
${optionTable([
  [
    '--preset NAME',
    `a print-on-demand service's card: its size (the cards laid out again at it), bleed, dpi and format, files named "001 Front - NAME" / "001 Back", and a ${QUANTITIES_FILE} of each card's count; NAME is one of the presets below`,
  ],
  ['--dpi 300|600', 'resolution (default 300); written into each file'],
  ['--bleed MM', `artwork past each cut line, 0 to ${CARD_IMAGE_MAX_BLEED_MM} mm (default 0)`],
  ['--format png|jpeg', 'image format (default png; JPEG at quality 92)'],
  ['--backs', 'also write each card’s back, as NAME-back'],
  [
    '--name PATTERN',
    `file names (default ${DEFAULT_NAME_PATTERN}); placeholders ${NAME_PLACEHOLDERS.map((p) => `{${p}}`).join(' ')}; {number} is the card's number field, else its place in the export`,
  ],
  ['--zip', 'write one zip file instead of a folder (implied by an --out ending in .zip)'],
  ['--out DIR|FILE.zip', 'the folder to write into (made when missing) or the zip (default: "<source> images" in this folder)'],
  ['--force', 'write into a folder that holds files, or replace the zip (default: keep them and stop)'],
  ...GLOBAL_OPTION_ROWS,
])}
Presets (--preset), each at 300 dpi:
${optionTable(POD_PRESET_IDS.map((id): [string, string] => [id, describePodPreset(id)]))}`,
  options: () => OPTIONS,
  switches: () => SWITCHES,
  run: async (words, flags, library) => {
    if (words.length > 0)
      throw new UsageError(
        `export-images takes no word "${words[0]}": name what to export with --deck, --set, --cards or --search (for example --set "Core Set")`,
      );
    // The command line is checked whole before the library opens.
    const out = textFlag(flags, 'out');
    const preset = presetOf(flags);
    const options = {
      ...(preset ? { preset } : {}),
      dpi: dpiOf(flags),
      bleedMm: bleedOf(flags),
      format: formatOf(flags) ?? (preset ? POD_PRESETS[preset].format : 'png'),
      faces: flags.get('backs') === true ? ('both' as const) : ('fronts' as const),
      namePattern: nameOf(flags),
      as: flags.get('zip') === true || out?.toLowerCase().endsWith('.zip') ? ('zip' as const) : ('folder' as const),
    };
    const app = library.open({ out, force: flags.get('force') === true });
    return withApp(app, async () => {
      const source = await printSource(app, flags, 'export-images');
      // Every value was checked above; the API's schema fills in the source's defaults.
      const job: JobSpec = exportImagesJob.parse({ kind: 'exportImages', source, ...options });
      return printResult(await runExportJob(app, job, (line) => process.stderr.write(`${line}\n`)), out);
    });
  },
};

function dpiOf(flags: ReadFlags): (typeof CARD_IMAGE_DPIS)[number] {
  const value = textFlag(flags, 'dpi');
  if (value === undefined) return 300;
  const dpi = CARD_IMAGE_DPIS.find((allowed) => String(allowed) === value.trim().replace(/dpi$/i, ''));
  if (dpi === undefined)
    throw new UsageError(`--dpi: "${value}" is not accepted; give ${CARD_IMAGE_DPIS.join(' or ')} (default 300)`);
  return dpi;
}

function bleedOf(flags: ReadFlags): number {
  const value = textFlag(flags, 'bleed');
  if (value === undefined) return 0;
  const text = value.trim().replace(/mm$/i, '');
  const bleed = text === '' ? NaN : Number(text);
  if (!Number.isFinite(bleed) || bleed < 0 || bleed > CARD_IMAGE_MAX_BLEED_MM)
    throw new UsageError(
      `--bleed: "${value}" is not accepted; give millimetres from 0 to ${CARD_IMAGE_MAX_BLEED_MM} (default 0)`,
    );
  return bleed;
}

/** The preset asked for; it sets the dpi, bleed and names, so those flags are refused beside it. */
function presetOf(flags: ReadFlags): PodPresetId | undefined {
  const value = textFlag(flags, 'preset');
  if (value === undefined) return undefined;
  const preset = POD_PRESET_IDS.find((id) => id === value.trim().toLowerCase());
  if (preset === undefined)
    throw new UsageError(`--preset: "${value}" is not a preset; give one of ${POD_PRESET_IDS.join(', ')}`);
  for (const flag of ['dpi', 'bleed', 'name'])
    if (flags.has(flag)) throw new UsageError(`--${flag}: the preset ${preset} sets its own; leave out --${flag} or --preset`);
  return preset;
}

/** The format asked for; undefined when not given (png, or the preset's). */
function formatOf(flags: ReadFlags): 'png' | 'jpeg' | undefined {
  const value = textFlag(flags, 'format');
  if (value === undefined) return undefined;
  const format = value.trim().toLowerCase();
  if (format === 'png') return 'png';
  if (format === 'jpeg' || format === 'jpg') return 'jpeg';
  throw new UsageError(`--format: "${value}" is not accepted; give png or jpeg (default png)`);
}

function nameOf(flags: ReadFlags): string {
  const value = textFlag(flags, 'name');
  if (value === undefined) return DEFAULT_NAME_PATTERN;
  const problem = namePatternProblem(value);
  if (problem) throw new UsageError(`--name: ${problem}`);
  return value.trim();
}
