// Serves the built renderer's static files, for the Electron app:// protocol and the
// loopback HTTP host alike: one path check, one MIME table, one Content-Security-Policy.

import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

/** Same policy as the meta tag in src-renderer/index.html: no eval, no inline script, no remote. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

export interface StaticFile {
  body: Buffer;
  mimeType: string;
}

/**
 * Reads `urlPath` (e.g. "/assets/index-abc.js") from `rootDir`; "/" is index.html.
 * Returns null for anything outside rootDir or missing.
 */
export async function readRendererFile(rootDir: string, urlPath: string): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0].split('#')[0]);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const root = normalize(rootDir + sep);
  const file = normalize(join(root, relative));
  if (!file.startsWith(root)) return null;
  try {
    const body = await readFile(file);
    return { body, mimeType: MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream' };
  } catch {
    return null;
  }
}
