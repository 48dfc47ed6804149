// An inline symbol's SVG path as PDF path operators, made once per path: pdfkit's doc.path()
// parses the SVG text again at every call and writes each segment as its own content chunk,
// which made symbols a tenth of a text card's export. The operators are pdfkit's own (its parser
// and path methods run against a recorder), so the path is exactly the one doc.path() draws.

import PDFDocument from 'pdfkit';

const recorded = new Map<string, string>();
const MAX_RECORDED = 1_000;

/** pdfkit's vector methods with addContent collecting what they write. */
interface PathRecorder {
  path(svg: string): unknown;
  addContent(operator: string): PathRecorder;
}

export function svgPathOperators(svg: string): string {
  let operators = recorded.get(svg);
  if (operators === undefined) {
    const written: string[] = [];
    const recorder = Object.create(PDFDocument.prototype as object) as PathRecorder;
    recorder.addContent = (operator) => {
      written.push(operator);
      return recorder;
    };
    recorder.path(svg);
    operators = written.join('\n');
    if (recorded.size >= MAX_RECORDED) recorded.clear();
    recorded.set(svg, operators);
  }
  return operators;
}
