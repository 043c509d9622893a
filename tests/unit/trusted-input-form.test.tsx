// @vitest-environment jsdom
// The Trusted input (Chrome) switch of Settings.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TrustedInputForm } from '../../sidebar/components/TrustedInputForm';

afterEach(cleanup);

const switchOf = () => screen.getByTestId('trusted-input-switch') as HTMLInputElement;

describe('TrustedInputForm', () => {
  it('is off by default, explains itself, and asks to turn on when clicked', () => {
    const onChange = vi.fn();
    render(<TrustedInputForm state={{ available: true, on: false }} note={null} onChange={onChange} />);
    expect(switchOf().checked).toBe(false);
    expect(switchOf().disabled).toBe(false);
    expect(screen.getByTestId('trusted-input').textContent).toContain('Bosun started debugging this browser');
    expect(screen.queryByTestId('trusted-input-unavailable')).toBeNull();
    fireEvent.click(switchOf());
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('shows why it stayed off when Chrome refused the permission', () => {
    render(
      <TrustedInputForm state={{ available: true, on: false }} note="Chrome did not give it" onChange={vi.fn()} />,
    );
    expect(switchOf().checked).toBe(false);
    expect(screen.getByTestId('trusted-input-note').textContent).toBe('Chrome did not give it');
  });

  it('is shown disabled as not available where the browser has no debugger', () => {
    render(<TrustedInputForm state={{ available: false, on: true }} note={null} onChange={vi.fn()} />);
    expect(switchOf().disabled).toBe(true);
    expect(switchOf().checked).toBe(false);
    expect(screen.getByTestId('trusted-input-unavailable').textContent).toMatch(/^Not available in Firefox/);
  });
});
