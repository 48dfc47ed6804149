// Checks XML as `xmllint --schema` and `xmllint --xpath` do, with libxml2 itself compiled to
// WebAssembly (libxml2-wasm): no system xmllint needed.

import { readFileSync } from 'node:fs';
import { XmlDocument, XsdValidator } from 'libxml2-wasm';

/** Throws, naming the file and each schema error, unless the XML file is valid against the XSD file. */
export function validateXmlFile(xmlFile: string, xsdFile: string): void {
  const schemaDoc = XmlDocument.fromBuffer(readFileSync(xsdFile));
  const validator = XsdValidator.fromDoc(schemaDoc);
  const doc = XmlDocument.fromBuffer(readFileSync(xmlFile));
  try {
    validator.validate(doc);
  } catch (error) {
    throw new Error(`${xmlFile} is not valid against ${xsdFile}: ${(error as Error).message}`, { cause: error });
  } finally {
    doc.dispose();
    validator.dispose();
    schemaDoc.dispose();
  }
}

/** The value of an XPath expression over the XML file, printed as `xmllint --xpath` prints it. */
export function xpathValue(xmlFile: string, expression: string): string {
  const doc = XmlDocument.fromBuffer(readFileSync(xmlFile));
  try {
    const value = doc.eval(expression);
    if (Array.isArray(value)) throw new Error(`xpathValue wants a string, number or boolean expression: ${expression}`);
    return String(value);
  } finally {
    doc.dispose();
  }
}
