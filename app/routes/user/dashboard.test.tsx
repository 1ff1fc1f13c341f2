// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoutesStub } from 'react-router';
import UserDashboard, { type clientAction } from './dashboard.tsx';
import { AuthProvider } from '../../lib/auth.tsx';
import { RecoveryCodes, recoveryText } from '../../components/account/RecoveryCodes.tsx';
import { STAFF_PASSWORD_MESSAGES } from '../../../contract/staff-password.ts';
import type { Me } from '../../../contract/auth.ts';

afterEach(cleanup);

const me: Me = {
  id: 7,
  username: 'ravi',
  email: 'ravi@example.com',
  role: 'REPORTER',
  totpEnabled: false,
  totpSetupRequired: false,
  emailVerified: true,
  mailAvailable: true,
};

// The auth check and the saved list the page's parts ask for on their own.
vi.stubGlobal(
  'fetch',
  vi.fn(async (url: string) => {
    const body = String(url).includes('check-auth')
      ? { authenticated: true, role: 'ADMIN' }
      : { content: [], totalPages: 0, totalElements: 0, number: 0, size: 10 };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }),
);

function renderPage(action: (form: FormData) => Awaited<ReturnType<typeof clientAction>>) {
  const submissions: FormData[] = [];
  const Stub = createRoutesStub([
    {
      path: '/user-dashboard',
      Component: () => (
        <AuthProvider>
          {/* The route module's component, with the loader's data as the route gives it. */}
          <UserDashboard
            {...({
              loaderData: { role: 'ADMIN', me: { ...me, role: 'ADMIN' } },
              params: {},
              matches: [],
            } as unknown as Parameters<typeof UserDashboard>[0])}
          />
        </AuthProvider>
      ),
      action: async ({ request }) => {
        const form = await request.formData();
        submissions.push(form);
        return action(form);
      },
    },
  ]);
  render(<Stub initialEntries={['/user-dashboard']} />);
  return submissions;
}

describe('account page', () => {
  it('changes the password through its action and shows the server’s reason on the field', async () => {
    const problem = STAFF_PASSWORD_MESSAGES.tooShort;
    const submissions = renderPage(() => ({
      intent: 'change-password',
      ok: false,
      text: problem,
      errors: { newPassword: problem },
    }));
    fireEvent.change(await screen.findByLabelText('ప్రస్తుత పాస్‌వర్డ్'), { target: { value: 'old-one' } });
    fireEvent.change(screen.getByLabelText('కొత్త పాస్‌వర్డ్'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'పాస్‌వర్డ్ మార్చండి' }));
    await waitFor(() => expect(submissions).toHaveLength(1));
    expect(Object.fromEntries(submissions[0])).toEqual({
      intent: 'change-password',
      currentPassword: 'old-one',
      newPassword: 'short',
    });
    expect((await screen.findAllByText(problem, {}, { timeout: 5000 })).length).toBeGreaterThan(0);
    expect(screen.getByLabelText('కొత్త పాస్‌వర్డ్').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/రిపోర్టర్లు, అడ్మిన్‌లు: కనీసం 10 అక్షరాలు/)).toBeTruthy();
  });

  it('signs out everywhere else through its action', async () => {
    const submissions = renderPage(() => ({
      intent: 'logout-others',
      ok: true,
      text: 'మిగతా అన్ని బ్రౌజర్లు, పరికరాల నుంచి లాగౌట్ అయ్యారు.',
    }));
    fireEvent.click(await screen.findByRole('button', { name: 'మిగతా అన్ని చోట్ల లాగౌట్ చేయండి' }));
    expect(await screen.findByText('మిగతా అన్ని బ్రౌజర్లు, పరికరాల నుంచి లాగౌట్ అయ్యారు.')).toBeTruthy();
    expect(submissions[0].get('intent')).toBe('logout-others');
  });
});

describe('recovery codes', () => {
  it('are copied to the clipboard and offered as a .txt download', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const codes = ['aaaa-bbbb', 'cccc-dddd'];
    render(<RecoveryCodes codes={codes} username="ravi" />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy codes' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('aaaa-bbbb\ncccc-dddd'));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();
    const download = await screen.findByRole('link', { name: 'Download (.txt)' });
    expect(download.getAttribute('download')).toBe('recovery-codes.txt');
    expect(recoveryText(codes, 'ravi')).toContain('aaaa-bbbb\ncccc-dddd');
  });
});
