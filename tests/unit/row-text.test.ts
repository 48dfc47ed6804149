// A library row's marked text is one escaped HTML string: the matched words in <mark>, and no
// character of the card's own text able to start markup, whatever it holds.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml, markedHtml } from '../../src-renderer/src/library/row-text';
import type { TextTerm } from '../../card-schema/search/query';
import { searchTokens } from '../../card-schema/search/tokens';

const term = (text: string, prefix = true): TextTerm => ({ tokens: searchTokens(text), prefix });

/** The text a browser shows for `html` (marks dropped, entities read back). */
const shownText = (html: string): string =>
  html
    .replace(/<\/?mark>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('markedHtml', () => {
  it('marks the words the terms start, the rest as text', () => {
    expect(markedHtml('Ember Hound of the embers', [term('ember')])).toBe('<mark>Ember</mark> Hound of the <mark>embers</mark>');
    expect(markedHtml('Ember Hound', [term('tide')])).toBe('Ember Hound');
    expect(markedHtml('', [term('tide')])).toBe('');
  });

  it("escapes the card's text, inside marks and out", () => {
    expect(markedHtml('<b>Ember</b> & "Tide\'s"', [term('ember')])).toBe(
      '&lt;b&gt;<mark>Ember</mark>&lt;/b&gt; &amp; &quot;Tide&#39;s&quot;',
    );
    expect(escapeHtml('<img src=x onerror="alert(1)">')).toBe('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  });

  it('shows exactly the text it was given, with no tag but <mark>, for any text and terms', () => {
    const alphabet = [...'ab <>&"\'/é-', 'mark', '🔥'];
    const text = fc.array(fc.constantFrom(...alphabet), { maxLength: 30 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(text, fc.array(text, { maxLength: 3 }), (shown, typed) => {
        const terms = typed.map((one) => term(one)).filter((one) => one.tokens.length > 0);
        const html = markedHtml(shown, terms);
        expect(html.replace(/<\/?mark>/g, '')).not.toMatch(/[<>"']/);
        expect(shownText(html)).toBe(shown);
      }),
    );
  });
});
