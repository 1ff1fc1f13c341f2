// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createRoutesStub } from 'react-router';
import Activity from './activity.tsx';

afterEach(cleanup);

describe('Activity', () => {
  it('shows each entry with its time to the minute in India time, a profile change as the other acts', async () => {
    const Stub = createRoutesStub([
      {
        path: '/',
        Component: Activity as never,
        loader: () => ({
          filters: { actor: '', action: '', from: '', to: '' },
          page: 0,
          error: null,
          data: {
            totalPages: 1,
            totalElements: 2,
            content: [
              {
                id: 1,
                at: '2026-11-28T12:35:00.000Z',
                actorId: 1,
                actorName: 'chief',
                action: 'ad.update',
                objectType: 'ad',
                objectId: '3',
                summary: 'ad #3',
                details: null,
                ip: '127.0.0.1',
              },
              {
                id: 2,
                at: '2026-11-28T12:40:00.000Z',
                actorId: 4,
                actorName: 'sita',
                action: 'user.profile_update',
                objectType: 'user',
                objectId: '4',
                summary: 'display name → సీత, bio, photo added',
                details: { displayName: { from: null, to: 'సీత' }, bio: { from: null, to: 'క్రీడలు' }, photo: 'added' },
                ip: '127.0.0.1',
              },
            ],
          },
        }),
      },
    ]);
    render(<Stub />);
    await screen.findByText('28/11/2026 18:05 IST');
    expect(screen.getByRole('cell', { name: 'Edited an ad' })).toBeTruthy();
    expect(screen.getByText('chief')).toBeTruthy();
    // A profile change reads as the other acts do: its label, the account, what changed.
    expect(screen.getByRole('cell', { name: 'Changed own profile' })).toBeTruthy();
    expect(screen.getByText('display name → సీత, bio, photo added')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Changed own profile' })).toBeTruthy();
  });
});
