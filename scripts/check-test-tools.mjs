// `npm test` runs this first: the tests need Chromium and poppler-utils from the system (XML,
// zips and qpdf's check come from npm packages). When one is missing it stops at once with the
// one apt-get line that installs them all, before minutes of lint and build are spent.
// This list is the only one: `.ci/run` installs `--apt-packages`, and the README names the line.

import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Each system program the tests run, and the Debian package that has it. */
const TOOLS = [
  // Playwright drives Debian's Chromium (playwright.config.ts), never a downloaded browser.
  { program: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', apt: 'chromium' },
  // The PDF tests read pages, boxes, fonts, text and images back, and rasterize them.
  ...['pdfinfo', 'pdftoppm', 'pdffonts', 'pdftotext', 'pdftohtml', 'pdfimages'].map((program) => ({
    program,
    apt: 'poppler-utils',
  })),
];

const APT_PACKAGES = [...new Set(TOOLS.map((tool) => tool.apt))];
const APT_LINE = `apt-get install ${APT_PACKAGES.join(' ')}`;

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function found(program) {
  if (program.includes('/')) return isExecutable(program);
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && isExecutable(join(dir, program)));
}

if (process.argv.includes('--apt-packages')) {
  console.log(APT_PACKAGES.join(' '));
} else {
  const missing = TOOLS.filter((tool) => !found(tool.program)).map((tool) => tool.program);
  if (missing.length > 0) {
    console.error(`The tests need ${missing.join(', ')}, which this machine lacks: run \`${APT_LINE}\` (as root, or with sudo).`);
    process.exit(1);
  }
}
