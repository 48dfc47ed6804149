// Single-use, short-lived tickets for downloading a finished job's file over the web host. A
// browser cannot put the API's bearer token on a plain link, so the API (which checks the token)
// mints a ticket naming one file, and the download route (http/download-route.ts) redeems it once.

import { randomBytes } from 'node:crypto';

/** A file on disk a ticket lets the browser download, under the name it is saved as. */
export interface DownloadFile {
  path: string;
  fileName: string;
  mimeType: string;
}

export type Redeemed = { ok: true; file: DownloadFile } | { ok: false; status: 404 | 410; message: string };

/** Where the web host serves downloads (http/download-route.ts). */
export const DOWNLOAD_PREFIX = '/download/';

/** The download's address for a ticket, relative to the host (same origin as the app). */
export function downloadUrl(ticket: string): string {
  return `${DOWNLOAD_PREFIX}${encodeURIComponent(ticket)}`;
}

/** How long a ticket is good for: the browser follows it at once. */
export const TICKET_TTL_MS = 60_000;
/** Tickets remembered at most (unredeemed ones of a script that never follows them are dropped oldest first). */
const MAX_TICKETS = 1_000;

interface Ticket {
  file: DownloadFile;
  expiresAt: number;
  used: boolean;
}

export class DownloadTickets {
  private readonly tickets = new Map<string, Ticket>();

  constructor(
    private readonly ttlMs = TICKET_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new unguessable ticket (256 random bits) for `file`. */
  mint(file: DownloadFile): string {
    this.prune();
    const ticket = randomBytes(32).toString('base64url');
    this.tickets.set(ticket, { file, expiresAt: this.now() + this.ttlMs, used: false });
    return ticket;
  }

  /** The ticket's file, once: a used or expired ticket is refused (410), an unknown one 404. */
  redeem(ticket: string): Redeemed {
    const entry = this.tickets.get(ticket);
    if (!entry)
      return {
        ok: false,
        status: 404,
        message: 'This download link is not known (links work once, for a minute): download the file again from the app.',
      };
    if (entry.used)
      return {
        ok: false,
        status: 410,
        message: 'This download link was used already (links work once): download the file again from the app.',
      };
    if (this.now() > entry.expiresAt) {
      this.tickets.delete(ticket);
      return {
        ok: false,
        status: 410,
        message: 'This download link has expired (links work for a minute): download the file again from the app.',
      };
    }
    entry.used = true;
    return { ok: true, file: entry.file };
  }

  /** Forgets expired tickets, and the oldest ones past MAX_TICKETS (a Map keeps insertion order). */
  private prune(): void {
    const now = this.now();
    for (const [key, entry] of this.tickets) if (now > entry.expiresAt) this.tickets.delete(key);
    for (const key of this.tickets.keys()) {
      if (this.tickets.size < MAX_TICKETS) break;
      this.tickets.delete(key);
    }
  }
}
