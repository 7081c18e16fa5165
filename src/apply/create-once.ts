import { ApiError, OutcomeUnknownError } from '../api/index.js';
import { ConcurrentCreateError } from './concurrent-create.js';
import { didOnly, type OperationResult } from './operation-result.js';

/**
 * The service says "not found" only in its message (code 10000 covers every refusal), so a delete
 * whose target is already gone is recognised by the text. Gone is what a delete wants.
 */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && /not (be )?found|not exist|does not exist/i.test(error.serviceMessage);
}

/** A create refused because its key is taken: `name exist` (EMV, profile), `payment config exists`, `providerReference … is already used`. */
export function isAlreadyExists(error: unknown): boolean {
  return error instanceof ApiError && /exist|already used/i.test(error.serviceMessage) && !isNotFound(error);
}

export async function deleteTolerant(action: () => Promise<void>): Promise<OperationResult> {
  try {
    await action();
    return didOnly('deleted');
  } catch (error) {
    if (isNotFound(error)) return didOnly('already gone');
    throw error;
  }
}

/** Rounds of "create, and on an unknown outcome read back" before a create gives up. */
const CREATE_ROUNDS = 4;

/** A create, and how to find the record it would make when the outcome is unknown or the key is taken. */
export interface CreateSteps<T> {
  readonly address: string;
  /** False where a taken key is handled by the caller (a binding that exists is written over with PUT). */
  readonly adoptTaken?: false;
  create(): Promise<T>;
  /** The live record under the create's key: as the create's value, its id, and whether its fields are the plan's. */
  find(): Promise<{ value: T; id: string | number; matches: boolean } | undefined>;
}

/** What a create ended with. */
export interface Created<T> {
  readonly value: T;
  /** Found under the key rather than answered by this run's create. */
  readonly adopted: boolean;
  /**
   * Adopted after a create whose outcome is unknown: the record may be this run's own (its answer
   * lost) or another run's, and the run cannot tell which.
   */
  readonly unsure: boolean;
}

/**
 * A POST is never repeated blindly (its outcome may be unknown after a cut connection or a
 * gateway error): read back by identity; adopt what exists, create again only when nothing does.
 * What is found then is most likely this run's own record, whose answer was lost, so it is adopted
 * whatever its fields: a service that normalises a field would otherwise fail the change and skip
 * what depends on it, and the next plan shows any difference. A create refused because the key is
 * taken, with no earlier attempt of unknown outcome, met another run's record: it reads back the
 * same way, and adopts the record only when its fields are what the plan wanted.
 */
export async function createOnce<T>(steps: CreateSteps<T>): Promise<Created<T>> {
  let unsure = false;
  for (let round = 1; ; round += 1) {
    try {
      return { value: await steps.create(), adopted: false, unsure: false };
    } catch (error) {
      const taken = steps.adoptTaken !== false && isAlreadyExists(error);
      if (!taken && (!(error instanceof OutcomeUnknownError) || round >= CREATE_ROUNDS)) throw error;
      // A record found after a refusal that followed an unknown outcome may still be this run's own.
      unsure ||= !taken;
      const existing = await steps.find();
      if (existing === undefined) {
        if (taken) throw error;
        continue;
      }
      if (!unsure && !existing.matches) throw new ConcurrentCreateError(steps.address, existing.id);
      return { value: existing.value, adopted: true, unsure };
    }
  }
}

/** How a change's words tell what a create ended with. */
export function createdOrAdopted(adopted: boolean): string {
  return adopted ? 'adopted' : 'created';
}
