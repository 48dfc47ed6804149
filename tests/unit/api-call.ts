// Calls a Cardwright the way the renderer does (through dispatch, so inputs are parsed by the
// contract), plus the long operations as the renderer runs them: start a job, wait for it,
// and fetch the file it wrote. A failed call or job throws a CallError with the API's code.

import type { Deck } from '../../card-schema/deck/format';
import type {
  ApiInput,
  ApiMethod,
  ApiOutput,
  CsvImportReport,
  FileBlob,
  ImportSetResult,
  ImportSystemResult,
  JobResults,
  JobSpecInput,
  JobStatus,
  PrintWarnings,
} from '../../src-main/api/contract';
import { dispatch } from '../../src-main/api/dispatch';
import type { Cardwright } from '../../src-main/api/service';
import type { ApiErrorCode } from '../../src-main/api/wire';

export class CallError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
  }
}

type Without<T, K extends string> = T extends unknown ? Omit<T, K> : never;
type JobInput<K extends JobSpecInput['kind']> = Without<Extract<JobSpecInput, { kind: K }>, 'kind'>;

/** The long operations, named as they were before they became jobs. */
export interface JobCalls {
  exportPdf: { input: JobInput<'exportPdf'>; output: FileBlob & { pages: number; cards: number; warnings?: PrintWarnings } };
  exportSet: { input: JobInput<'exportSet'>; output: FileBlob };
  exportSystem: { input: JobInput<'exportSystem'>; output: FileBlob };
  importSet: { input: JobInput<'importSet'>; output: ImportSetResult };
  importSystem: { input: JobInput<'importSystem'>; output: ImportSystemResult };
  generateDeck: { input: JobInput<'generateDeck'>; output: Deck };
  importCsv: { input: JobInput<'importCsv'>; output: CsvImportReport };
  exportCsv: { input: JobInput<'exportCsv'>; output: FileBlob & { cards: number } };
}

export type Call = {
  <M extends ApiMethod>(method: M, input: ApiInput<M>): Promise<ApiOutput<M>>;
  <K extends keyof JobCalls>(kind: K, input: JobCalls[K]['input']): Promise<JobCalls[K]['output']>;
};

const JOB_KINDS = new Set<string>([
  'exportPdf',
  'exportSet',
  'exportSystem',
  'importSet',
  'importSystem',
  'generateDeck',
  'importCsv',
  'exportCsv',
] satisfies (keyof JobCalls)[]);

export function apiCaller(app: Cardwright): Call {
  const call = async (method: string, input: unknown): Promise<unknown> => {
    const envelope = await dispatch(app.handlers, method, input);
    if (!envelope.ok) throw new CallError(envelope.error.code, envelope.error.message);
    return envelope.value;
  };
  const runJob = async (kind: string, input: object): Promise<unknown> => {
    const started = (await call('startJob', { job: { kind, ...input } })) as JobStatus;
    const status = await app.jobs.wait(started.id);
    if (status.state === 'failed') throw new CallError(status.error!.code, status.error!.message);
    if (status.state !== 'done') throw new Error(`job ${kind} ended ${status.state}`);
    const result = status.result as JobResults[keyof JobResults];
    if (result === null || !('file' in result)) return result;
    const blob = (await call('jobOutput', { jobId: status.id })) as FileBlob;
    return { ...blob, ...result, file: undefined };
  };
  return ((method: string, input: object) => (JOB_KINDS.has(method) ? runJob(method, input) : call(method, input))) as Call;
}

export async function failure(promise: Promise<unknown>): Promise<CallError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CallError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}
