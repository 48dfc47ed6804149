// The preview strip's cards: of the edited layout's card type, the library's card with the
// longest name, the one with the longest rules text and one with an optional field empty,
// asked of the backend (found in SQL) whenever the type or the tested fields change.

import type { ApiClient, LayoutSampleCard } from '../../../../src-main/api/contract';
import { api, errorMessage } from '../../api/client';

export const REASON_LABELS: Record<LayoutSampleCard['reason'], string> = {
  'longest-name': 'Longest name',
  'longest-text': 'Longest rules text',
  'empty-field': 'Empty field',
};

export interface SampleRequest {
  systemId: string;
  typeId: string;
  textField?: string;
  emptyField?: string;
}

export class PreviewStripModel {
  samples = $state.raw<LayoutSampleCard[] | null>(null);
  error = $state<string | null>(null);
  private key = '';
  private seq = 0;

  constructor(private readonly client: Pick<ApiClient, 'layoutSampleCards'> = api) {}

  /** Asks for the cards of `request` unless they are the ones shown already. */
  async load(request: SampleRequest): Promise<void> {
    const key = JSON.stringify(request);
    if (key === this.key) return;
    this.key = key;
    const seq = ++this.seq;
    this.error = null;
    try {
      const samples = await this.client.layoutSampleCards(request);
      if (seq === this.seq) this.samples = samples;
    } catch (error) {
      if (seq === this.seq) {
        this.samples = [];
        this.error = errorMessage(error);
      }
    }
  }
}
