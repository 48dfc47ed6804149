// Our bundled Markdown docs to HTML for the Help view. The files are our own, but links and
// images are still made safe: raw HTML is shown as text, only http(s) links leave the app (in a
// new window, which the desktop shell hands to the system browser), links to other bundled docs
// stay inside Help, and images load only from the bundled screenshots (in the light and the dark
// version where both exist).

import { Marked, type Tokens } from 'marked';

export interface DocSources {
  /** Repository-relative paths of the docs Help can show ("docs/game-systems.md"). */
  docs: ReadonlySet<string>;
  /** Repository-relative image path -> URL the app can load. */
  images: Readonly<Record<string, string>>;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** `href` as written in `fromDoc`, as a repository-relative path (and its #anchor). */
export function resolveDocPath(fromDoc: string, href: string): { path: string; anchor: string } {
  const url = new URL(href, `file:///${fromDoc}`);
  return { path: decodeURIComponent(url.pathname.slice(1)), anchor: decodeURIComponent(url.hash.slice(1)) };
}

/** GitHub-style heading ids, so "#tutorial" anchors written for GitHub work here too. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function plainText(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

export function renderMarkdown(source: string, docPath: string, sources: DocSources): string {
  const usedIds = new Map<string, number>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      html({ text }: Tokens.HTML | Tokens.Tag): string {
        return escapeHtml(text);
      },
      heading({ tokens, depth }: Tokens.Heading): string {
        const inner = this.parser.parseInline(tokens);
        const base = slugify(plainText(inner));
        const seen = usedIds.get(base) ?? 0;
        usedIds.set(base, seen + 1);
        const id = seen === 0 ? base : `${base}-${seen}`;
        return `<h${depth} id="${escapeHtml(id)}">${inner}</h${depth}>\n`;
      },
      link({ href, title, tokens }: Tokens.Link): string {
        const inner = this.parser.parseInline(tokens);
        const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
        if (/^https?:\/\//i.test(href)) {
          return `<a href="${escapeHtml(href)}"${titleAttr} target="_blank" rel="noopener noreferrer">${inner}</a>`;
        }
        if (href.startsWith('#')) {
          return `<a href="${escapeHtml(href)}" data-anchor="${escapeHtml(decodeURIComponent(href.slice(1)))}"${titleAttr}>${inner}</a>`;
        }
        if (/^[a-z][a-z\d+.-]*:/i.test(href)) return `<span>${inner}</span>`; // mailto:, javascript:, file: …
        const target = resolveDocPath(docPath, href);
        if (sources.docs.has(target.path)) {
          return `<a href="#" data-doc="${escapeHtml(target.path)}" data-anchor="${escapeHtml(target.anchor)}"${titleAttr}>${inner}</a>`;
        }
        // A file of the repository that is not bundled (a JSON example, a source file): name it.
        return `<span class="doc-file" title="${escapeHtml(`${target.path} (in the Cardwright source, not bundled in the app)`)}">${inner}</span>`;
      },
      image({ href, title, text }: Tokens.Image): string {
        const path = /^[a-z][a-z\d+.-]*:/i.test(href) ? undefined : resolveDocPath(docPath, href).path;
        const url = path === undefined ? undefined : sources.images[path];
        if (!path || !url) return `<span class="doc-missing-image">[${escapeHtml(text)}]</span>`;
        const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
        const img = (src: string, theme?: string) =>
          `<img src="${escapeHtml(src)}" alt="${escapeHtml(text)}"${titleAttr}${theme ? ` data-theme-image="${theme}"` : ''} loading="lazy" />`;
        // A picture taken in both themes ("x-light.png" and "x-dark.png"): both are written and
        // Help's CSS shows the one matching the theme on screen, so switching needs no re-render.
        const themed = /^(.*)-(light|dark)\.png$/.exec(path);
        const light = themed && sources.images[`${themed[1]}-light.png`];
        const dark = themed && sources.images[`${themed[1]}-dark.png`];
        if (light && dark) return img(light, 'light') + img(dark, 'dark');
        return img(url);
      },
    },
  });
  return marked.parse(source, { async: false });
}
