// The checks the export tests rely on (tests/support: zip reading, XSD and XPath, qpdf --check)
// fail on broken files, so a broken export cannot pass them.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import PDFDocument from 'pdfkit';
import { afterAll, describe, expect, it } from 'vitest';
import { zipStore } from '../../src-main/tts/zip-store';
import { qpdfCheck } from '../support/pdf-check';
import { validateXmlFile, xpathValue } from '../support/xml-check';
import { extractZip, listZip } from '../support/zip-files';

const XSD = resolve(import.meta.dirname, '../fixtures/cockatrice/cards.xsd');
const dir = mkdtempSync(join(tmpdir(), 'cw-file-checks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('zip files', () => {
  const zip = zipStore([
    { name: 'a/one.txt', bytes: Buffer.from('one') },
    { name: 'two.txt', bytes: Buffer.from('two') },
  ]);

  it('lists and extracts what the archive holds', async () => {
    writeFileSync(join(dir, 'good.zip'), zip);
    expect(await listZip(join(dir, 'good.zip'))).toEqual(['a/one.txt', 'two.txt']);
    await extractZip(join(dir, 'good.zip'), join(dir, 'out'));
    expect(readFileSync(join(dir, 'out', 'a', 'one.txt'), 'utf8')).toBe('one');
  });

  it('refuses an entry whose bytes do not match its CRC, and a cut archive', async () => {
    const flipped = Buffer.from(zip);
    flipped[flipped.indexOf('one', flipped.indexOf('a/one.txt') + 'a/one.txt'.length) + 1] ^= 0xff; // the data, not the name
    writeFileSync(join(dir, 'crc.zip'), flipped);
    await expect(listZip(join(dir, 'crc.zip'))).rejects.toThrow(/CRC-32/);
    writeFileSync(join(dir, 'cut.zip'), zip.subarray(0, zip.length - 10));
    await expect(listZip(join(dir, 'cut.zip'))).rejects.toThrow();
  });
});

describe('Cockatrice XML', () => {
  const xml = (extra: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><cockatrice_carddatabase version="4"><sets><set><name>T</name><longname>Test</longname><settype>Custom</settype><releasedate>2026-01-01</releasedate></set></sets><cards><card><name>A</name><text/><prop><type>x</type></prop><set>T</set>${extra}</card></cards></cockatrice_carddatabase>`;

  it('accepts a valid file and reads it by XPath as xmllint prints it', () => {
    writeFileSync(join(dir, 'good.xml'), xml('<tablerow>1</tablerow>'));
    validateXmlFile(join(dir, 'good.xml'), XSD);
    expect(xpathValue(join(dir, 'good.xml'), 'count(//cards/card)')).toBe('1');
    expect(xpathValue(join(dir, 'good.xml'), 'string(//card[name="A"]/set)')).toBe('T');
  });

  it('refuses an element cards.xsd does not allow, naming it', () => {
    writeFileSync(join(dir, 'bad.xml'), xml('<bogus/>'));
    expect(() => validateXmlFile(join(dir, 'bad.xml'), XSD)).toThrow(/bogus/);
  });
});

describe('qpdf --check', () => {
  const pdf = () =>
    new Promise<Buffer>((done) => {
      const doc = new PDFDocument({ compress: true });
      const chunks: Buffer[] = [];
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => done(Buffer.concat(chunks)));
      doc.text('Checked by qpdf');
      doc.end();
    });

  it('finds a well-formed PDF clean', async () => {
    writeFileSync(join(dir, 'good.pdf'), await pdf());
    const check = await qpdfCheck(join(dir, 'good.pdf'));
    expect(check.code, check.output).toBe(0);
    expect(check.output).toMatch(/No syntax or stream encoding errors/);
  });

  it('fails on a broken xref and on a damaged stream', async () => {
    const good = await pdf();
    const xref = good.lastIndexOf('startxref');
    writeFileSync(join(dir, 'xref.pdf'), Buffer.concat([good.subarray(0, xref), Buffer.from('startxref\n123\n%%EOF\n')]));
    expect((await qpdfCheck(join(dir, 'xref.pdf'))).code).not.toBe(0);

    const damaged = Buffer.from(good);
    const stream = damaged.indexOf('stream\n') + 'stream\n'.length;
    damaged.fill(0x41, stream, stream + 8); // the deflated page content no longer inflates
    writeFileSync(join(dir, 'stream.pdf'), damaged);
    const check = await qpdfCheck(join(dir, 'stream.pdf'));
    expect(check.code).not.toBe(0);
    expect(check.output).not.toMatch(/No syntax or stream encoding errors/);
  });
});
