// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CalloutKind } from '../component-names';
import { Callout } from './Callout';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Callout', () => {
  it.each([
    ['best-practice', 'Best practice'],
    ['common-error', 'Common error'],
    ['pitfall', 'Pitfall'],
    ['note', 'Note'],
  ] as const)('renders kind %s with the visible label "%s"', (kind, label) => {
    render(<Callout kind={kind}>Body text</Callout>);
    const note = screen.getByRole('note');
    expect(note.tagName).toBe('ASIDE');
    expect(note.className).toContain(`callout-${kind}`);
    expect(note.dataset.kind).toBe(kind);
    expect(note.querySelector('.callout-label')?.textContent).toBe(label);
    expect(note).toHaveProperty('textContent', `${label}Body text`);
  });

  it('shows the title after the label and hides the icon from assistive technology', () => {
    render(
      <Callout kind="pitfall" title="Moving a tensor is not in place">
        <p>Keep the result.</p>
      </Callout>,
    );
    const note = screen.getByRole('note');
    expect(note.querySelector('.callout-head')?.textContent).toBe(
      'Pitfall: Moving a tensor is not in place',
    );
    const icon = note.querySelector('svg');
    expect(icon?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('Keep the result.').tagName).toBe('P');
  });

  it('shows an unknown kind as a note and warns, without crashing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Callout kind={'warning' as CalloutKind}>Still shown</Callout>);
    const note = screen.getByRole('note');
    expect(note.dataset.kind).toBe('note');
    expect(note.querySelector('.callout-label')?.textContent).toBe('Note');
    expect(note.textContent).toBe('NoteStill shown');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('warning'));
  });

  it('does not warn for known kinds', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Callout kind="note">Fine</Callout>);
    expect(warn).not.toHaveBeenCalled();
  });
});
