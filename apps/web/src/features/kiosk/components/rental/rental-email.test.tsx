import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KioskTextProvider } from '../../kiosk-text';
import { RentalEmail } from './rental-email';

/** The wall's optional e-mail for the PIN and QR (docs/adr/0221): checked before it is used. */
describe('RentalEmail', () => {
  afterEach(cleanup);
  const open = (onEmail: (e: string) => void) => {
    render(
      <KioskTextProvider>
        <RentalEmail email="" onEmail={onEmail} />
      </KioskTextProvider>,
    );
    fireEvent.click(screen.getByTestId('rental-email-open'));
  };

  it('refuses an address without a domain, in words, and keeps it to correct', () => {
    const onEmail = vi.fn();
    open(onEmail);
    fireEvent.change(screen.getByTestId('rental-email-input'), { target: { value: 'ana@mail' } });
    fireEvent.click(screen.getByTestId('rental-email-use'));
    expect(screen.getByTestId('rental-email-invalid').textContent).toBe('Este e-mail não parece válido.');
    expect(onEmail).not.toHaveBeenCalled();
  });

  it('takes an address typed on the on-screen keys', () => {
    const onEmail = vi.fn();
    open(onEmail);
    for (const k of 'a@b.pt') fireEvent.click(screen.getByRole('button', { name: k }));
    fireEvent.click(screen.getByTestId('rental-email-use'));
    expect(onEmail).toHaveBeenCalledWith('a@b.pt');
  });
});
