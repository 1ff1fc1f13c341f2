import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api.ts';
import { saveOutcome } from '../article-form/save.ts';
import { withReason } from './failure.ts';
import { failed, outcome } from './outcome.ts';
import { AD_MESSAGES } from '../../../contract/ads.ts';
import { USER_MESSAGES } from '../../../contract/users.ts';

const refusal = (status: number, message: string, errors?: Record<string, string>) =>
  new ApiRequestError(status, `HTTP error! status: ${status}`, { message, ...(errors ? { errors } : {}) });

describe('the dashboard outcome', () => {
  it('words a refused call as each screen did, the server’s field messages beside it', async () => {
    expect(withReason(AD_MESSAGES.uploadFailed, refusal(413, 'File too large'))).toBe('Upload failed: File too large');
    expect(withReason(USER_MESSAGES.assignRoleError, refusal(409, 'Has articles.'))).toBe('Error assigning role. Has articles.');
    expect(withReason(AD_MESSAGES.uploadFailed, new TypeError('Failed to fetch'))).toBe('Upload failed');

    const saved = await saveOutcome(Promise.reject(refusal(400, 'Validation failed', { title: 'Too long' })));
    expect(saved).toEqual({
      ok: false,
      text: 'HTTP error! status: 400, message: Validation failed',
      errors: { title: 'Too long' },
    });
    expect(await saveOutcome(Promise.resolve())).toEqual({ ok: true, text: '' });
  });

  it('carries what the screen adds on success and on failure', async () => {
    expect(await outcome(Promise.resolve({ message: 'Done.' }), (a) => a.message, 'Failed.', { id: 3 })).toEqual({
      ok: true,
      text: 'Done.',
      id: 3,
    });
    expect(failed(refusal(500, ''), { failed: 'Failed to delete ad.' }, { id: 3 })).toEqual({
      ok: false,
      text: 'Failed to delete ad.',
      id: 3,
    });
  });
});
