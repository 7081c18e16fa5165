/**
 * Runs a probe's plan: each write in order, the scratch merchant's summary read between the steps
 * that make its binding and those that remove it, and, when a step fails or a signal arrives, the
 * removal of what was made, in reverse, instead of the steps left. A ledger of what the run made
 * (and which write is in flight) is kept as each answer arrives, so that a stop at once (a second
 * Ctrl-C) can name what is left.
 */
import { ApiError } from '../api/errors.js';
import type { ApiClient } from '../api/client.js';
import type { BindingWrite, Merchant } from '../api/wire-types.js';
import { PaycfgError } from '../errors.js';
import { ProbeError } from '../service-record/errors.js';
import type { ServiceRecord, SummaryLists } from '../service-record/types.js';
import { serviceRecordOf } from './evidence.js';
import { bindingRecordLists, summaryItemLists } from './lists.js';
import { bindingWords, stepRequest, stepText, type ProbePlan, type ProbeStep } from './plan.js';
import { bindingOfItem, type BindingRef } from './read-group.js';
import { verdictOf, type ScratchReading } from './verdict.js';

/** Something the run made that is still there, as far as it knows. */
export type Made =
  | { readonly kind: 'scratch-merchant'; readonly mchId: string; readonly providerReference: string }
  | { readonly kind: 'scratch-binding'; readonly mchId: string; readonly binding: BindingRef };

/** One write as it went: its number in the plan (none for a removal the plan could not foresee), its words, how it ended. */
export interface SentWrite {
  readonly number: number | undefined;
  /** "METHOD /path: what", the scratch merchant's id filled in. */
  readonly text: string;
  /** "METHOD /path" alone. */
  readonly request: string;
  readonly outcome: 'done' | 'failed' | 'not-needed';
  /** Why it was not needed, or how it failed. */
  readonly note?: string;
}

export type ProbeEvent =
  | { readonly type: 'started'; readonly number: number | undefined; readonly text: string }
  | { readonly type: 'ended'; readonly write: SentWrite }
  /** The scratch merchant's summary item and binding record were read (`requests`: the two GETs). */
  | { readonly type: 'read'; readonly binding: BindingRef; readonly requests: readonly string[] }
  /** The run stops sending the plan's steps and removes what it made. */
  | { readonly type: 'stopping'; readonly because: string };

export type ProbeRunResult =
  /** The reading is established, everything made is removed and checked gone (a probe by scratch merchant). */
  | { readonly kind: 'established'; readonly record: ServiceRecord; readonly writes: readonly SentWrite[] }
  /** Every step done (`probe --cleanup`). */
  | { readonly kind: 'done'; readonly writes: readonly SentWrite[] }
  /** A signal stopped it: what was made is removed, unless `left` says otherwise (and `removalError` why). */
  | {
      readonly kind: 'interrupted';
      readonly signal: string;
      readonly writes: readonly SentWrite[];
      readonly left: readonly Made[];
      readonly removalError?: PaycfgError;
    };

export interface ProbeRunOptions {
  /** Resolves when the user asks to stop (SIGINT, SIGTERM): no new step is sent, what was made is removed. */
  readonly interrupted?: Promise<string>;
  readonly onEvent?: (event: ProbeEvent) => void;
  /** When the summary was read (the record's `at`); default the clock. */
  readonly now?: () => Date;
  /** The command that removes what a probe left, as messages name it (default `paycfg probe --cleanup`). */
  readonly cleanupCommand?: string;
}

/** A run of a plan; `left()` and `inFlight()` answer at any moment, for the words of a stop at once. */
export interface ProbeRun {
  readonly result: Promise<ProbeRunResult>;
  /** What the run made and has not removed, as far as it knows. */
  left(): readonly Made[];
  /** The write sent and not yet answered, in words. */
  inFlight(): string | undefined;
}

export function startProbeRun(client: ApiClient, plan: ProbePlan, options: ProbeRunOptions = {}): ProbeRun {
  const runner = new Runner(client, plan, options);
  return { result: runner.run(), left: () => [...runner.made], inFlight: () => runner.inFlight };
}

/** "scratch merchant M1 (paycfg-probe-1a2b3c) with its binding to host-a USD", one phrase per merchant. */
export function describeMade(made: readonly Made[], references: ReadonlyMap<string, string> = new Map()): string {
  const merchants = new Map<string, { reference: string | undefined; whole: boolean; bindings: string[] }>();
  for (const item of made) {
    const entry = merchants.get(item.mchId) ?? { reference: references.get(item.mchId), whole: false, bindings: [] };
    merchants.set(item.mchId, entry);
    if (item.kind === 'scratch-merchant') {
      entry.whole = true;
      entry.reference = item.providerReference;
    } else entry.bindings.push(bindingWords(item.binding));
  }
  return [...merchants.entries()]
    .map(([mchId, e]) => {
      const name = `scratch merchant ${mchId}${e.reference !== undefined && e.reference !== '' ? ` (${e.reference})` : ''}`;
      const bindings = e.bindings.length === 0 ? '' : `${e.bindings.length === 1 ? 'binding' : 'bindings'} to ${e.bindings.join(', ')}`;
      if (!e.whole) return `the ${bindings} of ${name}`;
      return bindings === '' ? name : `${name} with its ${bindings}`;
    })
    .join('; ');
}

class Runner {
  readonly made: Made[] = [];
  inFlight: string | undefined;
  private readonly sent: SentWrite[] = [];
  private readonly done = new Set<number>();
  private signal: string | undefined;
  /** The scratch merchant's id, once the service gave it. */
  private scratchId: string | undefined;
  private createTried = false;
  /** The service was asked what it holds of the scratch merchant after a failure or a signal, and answered. */
  private reconciled = false;
  /** Where the removal's writes start in `sent`, for the words of a failure. */
  private removalFrom = 0;

  constructor(
    private readonly client: ApiClient,
    private readonly plan: ProbePlan,
    private readonly options: ProbeRunOptions,
  ) {
    void options.interrupted?.then((signal) => {
      this.signal ??= signal;
    });
  }

  private get cleanupCommand(): string {
    return this.options.cleanupCommand ?? 'paycfg probe --cleanup';
  }

  async run(): Promise<ProbeRunResult> {
    const { steps, scratch } = this.plan;
    const setupEnd = scratch?.readAt ?? steps.length;
    let failure: unknown;
    for (let index = 0; index < setupEnd && failure === undefined; index += 1) {
      if (this.signal !== undefined) break;
      try {
        await this.send(steps[index]!, index);
      } catch (error) {
        failure = error;
      }
    }
    // A failure before the scratch merchant's create: only what earlier probes left was written to.
    if (scratch === undefined || (failure !== undefined && !this.createTried)) {
      if (failure !== undefined) throw this.leftoverFailure(failure);
      if (this.signal !== undefined) return { kind: 'interrupted', signal: this.signal, writes: this.sent, left: [] };
      return { kind: 'done', writes: this.sent };
    }
    let reading: { read: ScratchReading; at: Date } | undefined;
    if (failure === undefined && this.signal === undefined && this.scratchId !== undefined) {
      try {
        reading = await this.readScratch(this.scratchId);
      } catch (error) {
        failure = error;
      }
    }
    let verdict: ReturnType<typeof verdictOf> | undefined;
    if (reading !== undefined) {
      try {
        verdict = verdictOf(scratch.part, reading.read, this.scratchId!);
      } catch (error) {
        failure = error;
      }
    }
    const stopped = failure !== undefined || this.signal !== undefined;
    if (stopped) {
      this.options.onEvent?.({ type: 'stopping', because: failure !== undefined ? 'a step failed' : `${this.signal} received` });
      // What the service holds may be more than the answers said (an answer lost after the write).
      await this.reconcile().catch(() => undefined);
    }
    const removalError = await this.removeMade();
    if (failure !== undefined) throw this.scratchFailure(failure, removalError);
    if (this.signal !== undefined) {
      return { kind: 'interrupted', signal: this.signal, writes: this.sent, left: [...this.made], ...(removalError !== undefined ? { removalError } : {}) };
    }
    if (removalError !== undefined) throw this.scratchFailure(undefined, removalError, verdict);
    const read = reading!;
    const part = scratch.part;
    return {
      kind: 'established',
      writes: this.sent,
      record: serviceRecordOf({
        summaryLists: verdict!,
        method: 'scratch-merchant',
        baseUrl: this.plan.baseUrl,
        group: this.plan.groupId,
        at: read.at,
        merchant: { mchId: this.scratchIdOrThrow(), providerReference: scratch.merchant.providerReference },
        binding: part.binding,
        lists: { binding: read.read.bindingLists!, profile: part.whole, summary: read.read.summaryLists! },
        writes: this.sent.filter((w) => w.outcome === 'done').map((w) => w.text),
      }),
    };
  }

  private scratchIdOrThrow(): string {
    if (this.scratchId === undefined) throw new ProbeError('the scratch merchant has no id');
    return this.scratchId;
  }

  /** Sends one step and keeps the ledger. `index` is its place in the plan; undefined for a removal the plan did not foresee. */
  private async send(step: ProbeStep, index: number | undefined): Promise<void> {
    const number = index === undefined ? undefined : index + 1;
    const text = stepText(step, this.scratchId);
    const request = stepRequest(step, this.scratchId);
    if (step.kind === 'unbind' && step.merchant.mchId === undefined && !this.holds(step.binding)) {
      // The automatic binding the plan foresaw, which the service did not make.
      this.ended({ number, text, request, outcome: 'not-needed', note: 'the service made no such binding' }, index);
      return;
    }
    this.options.onEvent?.({ type: 'started', number, text });
    this.inFlight = text;
    try {
      await this.write(step);
    } catch (error) {
      if (!(removal(step) && error instanceof ApiError && error.afterUncertainAttempt)) {
        this.ended({ number, text, request, outcome: 'failed', note: error instanceof Error ? error.message : String(error) }, index);
        throw error;
      }
      // A retried DELETE answered "not found": its first attempt removed it. Checked gone at the end.
      this.forget(step);
    } finally {
      this.inFlight = undefined;
    }
    const created = step.kind === 'create-merchant' && this.scratchId !== undefined ? { note: `the service gave it id ${this.scratchId}` } : {};
    this.ended({ number, text: stepText(step, this.scratchId), request: stepRequest(step, this.scratchId), outcome: 'done', ...created }, index);
  }

  private ended(write: SentWrite, index: number | undefined): void {
    this.sent.push(write);
    if (index !== undefined) this.done.add(index);
    this.options.onEvent?.({ type: 'ended', write });
  }

  private async write(step: ProbeStep): Promise<void> {
    const mchId = step.merchant.mchId ?? this.scratchId;
    switch (step.kind) {
      case 'create-merchant': {
        this.createTried = true;
        this.noteCreated(await this.client.merchants.create(step.body));
        return;
      }
      case 'bind': {
        const body: BindingWrite = {
          acquirerProfileId: String(step.binding.profileId),
          currency: step.binding.currency,
          paymentMethods: Object.entries(step.lists).map(([code, ids]) => ({ paymentMethodCode: code, emvs: ids.map((emvId) => ({ emvId })) })),
        };
        if (step.method === 'PUT') {
          if (!this.holds(step.binding)) {
            throw new ProbeError(
              `the service did not bind the new merchant to the default card profile ${bindingWords(step.binding)}, as 01 §4.3 says it does, so there is no binding to narrow`,
            );
          }
          await this.client.bindings.replace(this.need(mchId), body);
          return;
        }
        await this.client.bindings.create(this.need(mchId), body);
        this.made.push({ kind: 'scratch-binding', mchId: this.need(mchId), binding: step.binding });
        return;
      }
      case 'unbind':
        await this.client.bindings.delete(this.need(mchId), { acquirerProfileId: String(step.binding.profileId), currency: step.binding.currency });
        this.forget(step);
        return;
      case 'delete-merchant':
        await this.client.merchants.delete(this.need(mchId));
        this.forget(step);
        return;
    }
  }

  private need(mchId: string | undefined): string {
    if (mchId === undefined) throw new ProbeError('a step on the scratch merchant came before its create');
    return mchId;
  }

  /** The created merchant, and the bindings the service made with it (its summary; without one, the automatic binding the plan foresaw). */
  private noteCreated(merchant: Merchant): void {
    this.scratchId = merchant.mchId;
    this.made.push({ kind: 'scratch-merchant', mchId: merchant.mchId, providerReference: this.plan.scratch!.merchant.providerReference });
    const automatic = this.plan.scratch?.automaticBinding;
    const bindings =
      merchant.acquirers === undefined || merchant.acquirers === null
        ? automatic === undefined
          ? []
          : [automatic]
        : merchant.acquirers.map((item) => bindingOfItem(item, this.profileNames()));
    for (const binding of bindings) this.made.push({ kind: 'scratch-binding', mchId: merchant.mchId, binding });
  }

  private profileNames(): Map<number, string> {
    const names = new Map<number, string>();
    const scratch = this.plan.scratch;
    if (scratch?.automaticBinding !== undefined) names.set(scratch.automaticBinding.profileId, scratch.automaticBinding.profileName);
    if (scratch !== undefined) names.set(scratch.part.binding.profileId, scratch.part.binding.profileName);
    return names;
  }

  private holds(binding: BindingRef): boolean {
    return this.made.some((m) => m.kind === 'scratch-binding' && m.mchId === this.scratchId && sameKey(m.binding, binding));
  }

  private forget(step: ProbeStep): void {
    const mchId = step.merchant.mchId ?? this.scratchId;
    const at = this.made.findIndex((m) =>
      step.kind === 'unbind' ? m.kind === 'scratch-binding' && m.mchId === mchId && sameKey(m.binding, step.binding) : step.kind === 'delete-merchant' && m.mchId === mchId,
    );
    if (step.kind === 'delete-merchant') {
      // The service removes a merchant only without bindings: none of its own is left either.
      for (let i = this.made.length - 1; i >= 0; i -= 1) if (this.made[i]!.mchId === mchId) this.made.splice(i, 1);
    } else if (at >= 0) this.made.splice(at, 1);
  }

  /** The scratch merchant's summary item and binding record for the bound profile, and when they were read. */
  private async readScratch(mchId: string): Promise<{ read: ScratchReading; at: Date }> {
    const { binding } = this.plan.scratch!.part;
    const [merchant, records] = await Promise.all([this.client.merchants.get(mchId), this.client.bindings.listAll(mchId)]);
    const at = (this.options.now ?? (() => new Date()))();
    if (merchant === null) throw new ProbeError(`scratch merchant ${mchId} is gone: the service answers no merchant of that id`, { mchId });
    const item = (merchant.acquirers ?? []).find((i) => Number(i.profileId) === binding.profileId && i.currency === binding.currency);
    const record = records.find((r) => Number(r.acquirerProfileId) === binding.profileId && r.currency === binding.currency);
    this.syncBindings(mchId, records.map((r) => ({ profileId: Number(r.acquirerProfileId), profileName: r.acquirerProfileName ?? `#${r.acquirerProfileId}`, currency: r.currency })));
    const read: ScratchReading = {
      summaryLists: item === undefined ? undefined : summaryItemLists(item, mchId),
      bindingLists: record === undefined ? undefined : bindingRecordLists(record),
    };
    this.options.onEvent?.({ type: 'read', binding, requests: [`GET /api/openapi/v1/mchInfo/${mchId}`, `GET /api/openapi/v1/mchInfo/payment/${mchId}`] });
    return { read, at };
  }

  /** The ledger's bindings of the merchant, as its binding records list them. */
  private syncBindings(mchId: string, bindings: readonly BindingRef[]): void {
    const names = this.profileNames();
    for (let i = this.made.length - 1; i >= 0; i -= 1) {
      const m = this.made[i]!;
      if (m.kind === 'scratch-binding' && m.mchId === mchId && !bindings.some((b) => sameKey(b, m.binding))) this.made.splice(i, 1);
    }
    for (const binding of bindings) {
      if (!this.made.some((m) => m.kind === 'scratch-binding' && m.mchId === mchId && sameKey(m.binding, binding))) {
        this.made.push({ kind: 'scratch-binding', mchId, binding: { ...binding, profileName: names.get(binding.profileId) ?? binding.profileName } });
      }
    }
  }

  /** After a failure or a signal: what the service holds of the scratch merchant, an answer lost or not. */
  private async reconcile(): Promise<void> {
    const scratch = this.plan.scratch!;
    if (this.scratchId === undefined) {
      if (!this.createTried) return;
      const found = (await this.client.merchants.listAll()).find((m) => m.providerReference === scratch.merchant.providerReference);
      if (found !== undefined) this.noteCreated(found);
    }
    this.reconciled = true;
    if (this.scratchId === undefined) return;
    const mchId = this.scratchId;
    const records = await this.client.bindings.listAll(mchId);
    this.syncBindings(mchId, records.map((r) => ({ profileId: Number(r.acquirerProfileId), profileName: r.acquirerProfileName ?? `#${r.acquirerProfileId}`, currency: r.currency })));
  }

  /**
   * Removes what the run made, bindings first (newest first), then the merchant, each by the
   * plan's own step where it has one, and checks the merchant is gone. Returns the first error
   * (the removal stops there: what it could not remove is left in the ledger).
   */
  private async removeMade(): Promise<PaycfgError | undefined> {
    this.removalFrom = this.sent.length;
    const mchId = this.scratchId;
    if (mchId === undefined) return undefined;
    const merchantRef = this.plan.scratch!.merchant;
    try {
      for (const made of [...this.made].reverse()) {
        if (made.kind !== 'scratch-binding' || made.mchId !== mchId) continue;
        const index = this.plannedIndex((s) => s.kind === 'unbind' && s.merchant.mchId === undefined && sameKey(s.binding, made.binding));
        const step: ProbeStep =
          index === undefined
            ? { kind: 'unbind', merchant: merchantRef, binding: made.binding, what: 'remove a binding the service made with the merchant (not in the list above)' }
            : this.plan.steps[index]!;
        await this.send(step, index);
      }
      if (this.made.some((m) => m.kind === 'scratch-merchant' && m.mchId === mchId)) {
        const index = this.plannedIndex((s) => s.kind === 'delete-merchant' && s.merchant.mchId === undefined);
        await this.send(index === undefined ? { kind: 'delete-merchant', merchant: merchantRef, what: 'remove the scratch merchant' } : this.plan.steps[index]!, index);
      }
      if ((await this.client.merchants.get(mchId)) !== null) {
        this.made.push({ kind: 'scratch-merchant', mchId, providerReference: merchantRef.providerReference });
        throw new ProbeError(`scratch merchant ${mchId} is still there after its removal was answered`, { mchId });
      }
      return undefined;
    } catch (error) {
      return error instanceof PaycfgError ? error : new ProbeError(String(error), {}, { cause: error });
    }
  }

  /** The first step of the plan that `matches` and has not been sent, from the scratch merchant's create on. */
  private plannedIndex(matches: (step: ProbeStep) => boolean): number | undefined {
    const index = this.plan.steps.findIndex((step, i) => !this.done.has(i) && matches(step));
    return index === -1 ? undefined : index;
  }

  private leftWords(): string {
    const references = new Map<string, string>();
    if (this.scratchId !== undefined) references.set(this.scratchId, this.plan.scratch?.merchant.providerReference ?? '');
    return describeMade(this.made, references);
  }

  private scratchFailure(failure: unknown, removalError: PaycfgError | undefined, verdict?: SummaryLists): ProbeError {
    const cause = failure === undefined ? removalError : failure;
    const [before, removal] = [this.sent.slice(0, this.removalFrom), this.sent.slice(this.removalFrom)];
    const what = failure === undefined ? `removing what it made failed: ${failedStepWords(removal, removalError)}` : failedStepWords(before, failure);
    const unsure = this.createTried && this.scratchId === undefined && !this.reconciled;
    const after =
      this.made.length === 0 && !unsure
        ? this.scratchId === undefined
          ? 'Nothing was made.'
          : 'What it made is removed.'
        : `${failure !== undefined && removalError !== undefined ? `Removing what it made failed too: ${failedStepWords(removal, removalError)}. ` : ''}` +
          `Left in group ${this.plan.groupId}: ${this.made.length > 0 ? this.leftWords() : `scratch merchant ${this.plan.scratch!.merchant.providerReference}, if its create was carried out`}; ` +
          `remove it with \`${this.cleanupCommand}\`.`;
    const reading = verdict === undefined ? '' : ` Its summary showed summaryLists ${verdict}, which is recorded only once nothing the probe made is left.`;
    return new ProbeError(`${what}. ${after}${reading} No record was written.`, { left: this.made.map((m) => ({ ...m })) }, { cause });
  }

  private leftoverFailure(failure: unknown): ProbeError {
    return new ProbeError(
      `${failedStepWords(this.sent, failure)}. What earlier probes left and this run did not remove is still there: \`${this.cleanupCommand}\` removes it once the service accepts it.` +
        `${this.plan.scratch !== undefined ? ' Nothing of this probe was made. No record was written.' : ''}`,
      {},
      { cause: failure },
    );
  }
}

function failedStepWords(sent: readonly SentWrite[], failure: unknown): string {
  const step = [...sent].reverse().find((w) => w.outcome === 'failed');
  const message = failure instanceof Error ? failure.message : String(failure);
  if (step === undefined) return message;
  return `write${step.number === undefined ? '' : ` ${step.number}`} (${step.text}) failed: ${message}`;
}

function removal(step: ProbeStep): boolean {
  return step.kind === 'unbind' || step.kind === 'delete-merchant';
}

function sameKey(a: BindingRef, b: BindingRef): boolean {
  return a.profileId === b.profileId && a.currency === b.currency;
}
