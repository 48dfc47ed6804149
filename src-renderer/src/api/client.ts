// The renderer's only way to reach the backend: a typed ApiClient over one of two transports.
// - Electron: the sandboxed preload exposes `window.cardwright.call(method, input)` (IPC).
// - Browser (`npm run web`): POST /api/<method> on the loopback host, or a message on its
//   WebSocket for small calls (api-socket.ts), authorized by the launch token that arrives once
//   in the URL fragment (#token=…).
// Either way the answer is an Envelope; `{ ok: false }` becomes a thrown ApiCallError.

import type { ApiClient, ApiInput, ApiMethod, ApiOutput } from '../../../src-main/api/contract';
import type { CardwrightBridge } from '../../../src-main/electron/bridge';
import {
  decodeWire,
  encodeWire,
  HTTP_API_PREFIX,
  HTTP_TOKEN_HEADER,
  type ApiErrorCode,
  type Envelope,
} from '../../../src-main/api/wire';
import { ApiSocket } from './api-socket';
import { userMessage } from '../lib/user-message';

/** A failed API call; `message` is the backend's explanation, ready to show. */
export class ApiCallError extends Error {
  constructor(
    message: string,
    readonly code: ApiErrorCode,
    readonly method: string,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}

type Bridge = Pick<CardwrightBridge, 'call'>;

type Transport = (method: ApiMethod, input: unknown) => Promise<Envelope<unknown>>;

const TOKEN_KEY = 'cardwright.token';

/** Takes the token from `#token=…` (then hides it from the address bar) or from this tab's storage. */
function takeLaunchToken(): string | null {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const fromUrl = fragment.get('token');
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    fragment.delete('token');
    const rest = fragment.toString();
    const clean = window.location.pathname + window.location.search + (rest ? `#${rest}` : '');
    window.history.replaceState(window.history.state, '', clean);
    return fromUrl;
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

function httpTransport(): Transport {
  const token = takeLaunchToken();
  // Small calls take the host's WebSocket once it is open (api-socket.ts).
  const socket = token ? new ApiSocket(token) : null;
  return async (method, input) => {
    // Encoded once for either way (an import's file is tens of megabytes).
    const body = encodeWire(input);
    const bySocket = socket?.call(method, body);
    if (bySocket) return bySocket;
    if (!token) {
      return {
        ok: false,
        error: {
          code: 'BAD_INPUT',
          message:
            'This page was opened without its access token. Open the full address (with #token=…) that the Cardwright web host printed.',
        },
      };
    }
    let response: Response;
    try {
      response = await fetch(`${HTTP_API_PREFIX}${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [HTTP_TOKEN_HEADER]: `Bearer ${token}` },
        // A big body (an import's file) as a Blob: Chromium sends a string body from the page's
        // main thread, which froze the page for 4.5 s on a 30 MB set file before its job showed.
        body: body.length > LARGE_BODY_CHARS ? new Blob([body]) : body,
      });
    } catch (error) {
      console.error(`[cardwright] ${method}: the host did not answer:`, error);
      return {
        ok: false,
        error: { code: 'INTERNAL', message: 'Cannot reach the Cardwright host. Is it still running?' },
      };
    }
    const text = await response.text();
    try {
      return decodeWire(text) as Envelope<unknown>;
    } catch {
      console.error(`[cardwright] ${method}: HTTP ${response.status} answer:`, text.slice(0, 2000));
      return {
        ok: false,
        error: {
          code: 'INTERNAL',
          message: `The Cardwright host sent an answer Cardwright cannot read (HTTP ${response.status}). Restart the host and try again.`,
        },
      };
    }
  };
}

/** Bodies longer than this go as a Blob (see httpTransport). */
const LARGE_BODY_CHARS = 1 << 16;

function bridgeTransport(bridge: Bridge): Transport {
  return (method, input) => bridge.call(method, input);
}

function pickTransport(): Transport {
  const bridge = (window as unknown as { cardwright?: Bridge }).cardwright;
  return bridge && typeof bridge.call === 'function' ? bridgeTransport(bridge) : httpTransport();
}

// Listing every method here (checked against the contract by the type) lets the client be a
// plain object without importing the contract's runtime code (zod) into the renderer.
const METHODS: Record<ApiMethod, true> = {
  appInfo: true,
  listSystems: true,
  getSystem: true,
  listSystemProblems: true,
  syncGameFolders: true,
  sampleCards: true,
  layoutSampleCards: true,
  listStarters: true,
  createGame: true,
  getGameFiles: true,
  checkGameEdit: true,
  saveGameEdit: true,
  stageGameFont: true,
  getGameFont: true,
  removeSystem: true,
  listSets: true,
  createSet: true,
  updateSet: true,
  readSetFolder: true,
  deleteSet: true,
  setStats: true,
  openPacks: true,
  searchCards: true,
  searchCardPages: true,
  getCards: true,
  listSavedSearches: true,
  saveSearch: true,
  deleteSavedSearch: true,
  searchDeckPool: true,
  previewPrint: true,
  printProblems: true,
  validateCard: true,
  saveCard: true,
  deleteCard: true,
  listCardRevisions: true,
  getCardRevision: true,
  restoreCardRevision: true,
  setChanges: true,
  exportSetChanges: true,
  moveCards: true,
  listDecks: true,
  getDeck: true,
  saveDeck: true,
  deleteDeck: true,
  duplicateDeck: true,
  listDeckSnapshots: true,
  getDeckSnapshot: true,
  keepDeckSnapshot: true,
  restoreDeckSnapshot: true,
  deleteDeckSnapshot: true,
  checkDeck: true,
  exportDeck: true,
  importDeck: true,
  parseDeckList: true,
  exportDeckList: true,
  convertDeckList: true,
  addImage: true,
  previewCsv: true,
  saveCsvMapping: true,
  getImage: true,
  listImageInfo: true,
  listTrash: true,
  restoreFromTrash: true,
  deleteFromTrash: true,
  emptyTrash: true,
  listBackups: true,
  backupNow: true,
  restoreBackup: true,
  startJob: true,
  jobStatus: true,
  listJobs: true,
  cancelJob: true,
  jobOutput: true,
  jobDownloadUrl: true,
  openJobOutput: true,
};

function createApiClient(transport: Transport): ApiClient {
  const call = async <M extends ApiMethod>(method: M, input: ApiInput<M>): Promise<ApiOutput<M>> => {
    const envelope = await transport(method, input);
    if (!envelope.ok) throw new ApiCallError(envelope.error.message, envelope.error.code, method);
    return envelope.value as ApiOutput<M>;
  };
  const client: Partial<Record<ApiMethod, unknown>> = {};
  for (const method of Object.keys(METHODS) as ApiMethod[]) {
    client[method] = (input: ApiInput<typeof method>) => call(method, input);
  }
  return client as ApiClient;
}

export const api: ApiClient = createApiClient(pickTransport());

/** The message to show for anything a call (or our own code) threw: a sentence in the app's words. */
export function errorMessage(error: unknown): string {
  return userMessage(error);
}
