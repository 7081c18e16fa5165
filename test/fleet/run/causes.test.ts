import { describe, expect, it } from 'vitest';
import { AuthenticationError, ApiError, OutcomeUnknownError, RateLimitedError, TransportError } from '../../../src/api/errors.js';
import { EnvironmentsError } from '../../../src/environments/errors.js';
import { ConfigError, InternalError } from '../../../src/errors.js';
import { causeOf, TargetTokenError } from '../../../src/fleet/run/index.js';
import { JournalError } from '../../../src/journal/errors.js';
import { GroupMismatchError, LiveStateError } from '../../../src/live/errors.js';
import { ManifestError } from '../../../src/manifest/diagnostics.js';
import { DeleteBudgetError } from '../../../src/plan/delete-budget.js';
import { SavedPlanError, SavedPlanStaleError } from '../../../src/plan/saved-plan.js';
import { PolicyBlockedError } from '../../../src/policy/errors.js';

const request = { method: 'GET', path: '/api/openapi/v1/mchInfo' };

describe('causeOf', () => {
  it('tells token problems apart', () => {
    expect(causeOf(new AuthenticationError({ ...request, httpStatus: 401, serviceMessage: 'expired' }, { problem: 'expired', said: '', body: 'empty' }))).toEqual({ id: 'token-expired', title: 'token expired' });
    expect(causeOf(new AuthenticationError({ ...request, httpStatus: 401, serviceMessage: '' }, { problem: 'refused', said: '', body: 'empty' })).id).toBe('token-rejected');
    expect(causeOf(new GroupMismatchError('token of G-00000002')).id).toBe('token-of-another-group');
    expect(causeOf(new TargetTokenError('not set')).id).toBe('token-missing');
  });

  it('groups the service, the manifest, saved plans, policy and limits by what the user does next', () => {
    expect(causeOf(new TransportError({ ...request, reason: 'ECONNREFUSED' })).id).toBe('unreachable');
    expect(causeOf(new RateLimitedError({ ...request, attempts: 5 })).id).toBe('rate-limited');
    expect(causeOf(new OutcomeUnknownError({ ...request, method: 'POST', reason: 'cut' })).id).toBe('outcome-unknown');
    expect(causeOf(new ApiError({ ...request, httpStatus: 200, serviceCode: 13001, serviceMessage: 'no' })).id).toBe('service-refused');
    expect(causeOf(new ManifestError([], [])).id).toBe('manifest-invalid');
    expect(causeOf(new EnvironmentsError('f.yaml', [])).id).toBe('values-missing');
    expect(causeOf(new SavedPlanStaleError(['merchant/a (changed since)'])).id).toBe('plan-stale');
    expect(causeOf(new SavedPlanError('edited')).id).toBe('saved-plan-refused');
    expect(causeOf(new PolicyBlockedError([], '')).id).toBe('policy-blocked');
    expect(causeOf(new DeleteBudgetError('over budget')).id).toBe('safety-limit');
    expect(causeOf(new JournalError('cannot write')).id).toBe('journal-unwritable');
    expect(causeOf(new ConfigError('refused base URL')).id).toBe('config');
  });

  it('names any other error of paycfg by its code, and anything else internal', () => {
    expect(causeOf(new LiveStateError('gone'))).toEqual({ id: 'live-state', title: 'live state' });
    expect(causeOf(new InternalError('oops')).id).toBe('internal');
    expect(causeOf(new Error('boom'))).toEqual({ id: 'internal', title: 'internal error' });
  });
});
