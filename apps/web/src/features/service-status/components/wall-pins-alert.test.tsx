import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { initI18n } from '@/lib/i18n';
import { WallPinsAlert } from './wall-pins-alert';

afterEach(cleanup);
beforeAll(async () => {
  await initI18n();
});

describe('WallPinsAlert (#32)', () => {
  it('names how many PINs only the server can check', () => {
    render(<WallPinsAlert pins={{ officeUsers: 3, couriers: 1 }} />);
    const alert = screen.getByTestId('wall-pins');
    expect(alert.textContent).toContain('3');
    expect(alert.textContent).toContain('1');
  });

  it('says nothing when every PIN has its wall hash, or the server does not count them', () => {
    const { container } = render(<WallPinsAlert pins={{ officeUsers: 0, couriers: 0 }} />);
    expect(container.textContent).toBe('');
    render(<WallPinsAlert pins={undefined} />);
    expect(screen.queryByTestId('wall-pins')).toBeNull();
  });
});
