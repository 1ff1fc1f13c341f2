// @vitest-environment happy-dom
// Dates typed as India reads them: DD/MM/YYYY and a 24-hour time, read the same on any browser.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { IndiaDateTime, valueOf } from './IndiaDateTime.tsx';

afterEach(cleanup);

describe('IndiaDateTime', () => {
  it('reads DD/MM/YYYY and HH:MM (24-hour) into the datetime-local form; anything else stays as typed', () => {
    expect(valueOf('03/04/2026', '18:05', false)).toBe('2026-04-03T18:05');
    expect(valueOf('3.4.2026', '7:30', false)).toBe('2026-04-03T07:30');
    expect(valueOf('31/12/2026', '', true)).toBe('2026-12-31');
    expect(valueOf('', '', false)).toBe('');
    // Not a real day, a 12-hour time, a US order: never read as some other date, never as "empty".
    expect(valueOf('31/02/2026', '10:00', false)).toBe('31/02/2026 10:00');
    expect(valueOf('12/13/2026', '', true)).toBe('12/13/2026');
    expect(valueOf('03/04/2026', '6 pm', false)).toBe('03/04/2026 6 pm');
  });

  it('shows a value as DD/MM/YYYY and HH:MM, gives back what is typed, and says how when it is wrong', () => {
    function Host() {
      const [value, setValue] = useState('2026-12-01T06:00');
      return (
        <form>
          <label htmlFor="at">Publish at</label>
          <IndiaDateTime id="at" name="publishAt" value={value} onChange={setValue} />
          <output data-testid="value">{value}</output>
          <button type="button" onClick={() => setValue('2027-01-15T09:45')}>
            Reset
          </button>
        </form>
      );
    }
    const { container } = render(<Host />);
    const date = screen.getByLabelText('Publish at') as HTMLInputElement;
    const time = screen.getByLabelText('Time (24-hour, HH:MM)') as HTMLInputElement;
    expect([date.value, time.value]).toEqual(['01/12/2026', '06:00']);
    fireEvent.change(date, { target: { value: '05/01/2027' } });
    fireEvent.change(time, { target: { value: '21:15' } });
    expect(screen.getByTestId('value').textContent).toBe('2027-01-05T21:15');
    expect((container.querySelector('input[name="publishAt"]') as HTMLInputElement).value).toBe('2027-01-05T21:15');
    fireEvent.change(date, { target: { value: '05/13/2027' } });
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(container.textContent).toContain('Type the date as DD/MM/YYYY and the time as HH:MM, 24-hour.');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect([date.value, time.value]).toEqual(['15/01/2027', '09:45']);
  });
});
