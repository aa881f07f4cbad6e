// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MachineCheckPage, type MachineCheckDeps } from './MachineCheckPage';
import { ClassReportPage, type ClassReader } from './class-report/ClassReportPage';
import { readClassInputs } from '../class-report/read';
import { inputFileOf } from '../class-report/reader';
import { classOf30, statementExport, TEST_COURSE } from '../class-report/testing/fixtures';

const env = () => ({
  secureContext: false,
  userAgent: 'jsdom',
  now: () => new Date('2026-03-02T10:00:00Z'),
});

/** Reads in this thread, as the worker would. */
const inline: ClassReader = async (files, onProgress) => ({
  ok: true,
  result: await readClassInputs(
    files.map((f) => inputFileOf(f, f.name)),
    { onProgress },
  ),
});

describe('the lab-machine check page', () => {
  it('says plainly that nothing will measure without WebGPU, and why', async () => {
    const deps: MachineCheckDeps = {
      acquire: async () => ({
        ok: false,
        reason: 'no-webgpu',
        message: 'This browser has no WebGPU (navigator.gpu is missing).',
      }),
      runKernel: () => Promise.reject(new Error('never run')),
      environment: env,
    };
    const { container } = render(<MachineCheckPage deps={deps} />);
    await screen.findByText(/^No WebGPU here/);
    expect(container.querySelector('[data-kernel]')?.getAttribute('data-kernel')).toBe('none');
    expect(screen.getByText(/no: This browser has no WebGPU/)).toBeTruthy();
    expect(screen.getByText(/WebGPU needs https or localhost/)).toBeTruthy();
    const kinds = [...container.querySelectorAll('[data-part]')].map((li) =>
      li.getAttribute('data-kind'),
    );
    expect(kinds.filter((k) => k === 'measures' || k === 'measures-cpu')).toEqual([]);
    const report = screen.getByLabelText<HTMLTextAreaElement>('The report as plain text').value;
    expect(report).toMatch(/^GPU Lab machine check\n/);
    expect(report).toContain('Test kernel: not run (no WebGPU)');
  });
});

describe('the class report page', () => {
  it('reads the files it is given and shows what could not be read, the duplicate and the tables', async () => {
    const files = [...classOf30(), { name: 'lrs.json', text: statementExport() }].map(
      (f) => new File([f.text], f.name, { type: 'application/json' }),
    );
    const { container } = render(<ClassReportPage read={inline} course={TEST_COURSE} />);
    fireEvent.change(screen.getByTestId('class-file-input'), { target: { files } });
    await waitFor(() =>
      expect(container.querySelector('[data-summary]')?.getAttribute('data-summary')).toBe(
        '30/31/2',
      ),
    );
    expect(container.querySelectorAll('[data-problem-file]')).toHaveLength(2);
    expect(container.querySelector('[data-duplicate]')?.getAttribute('data-duplicate')).toBe(
      'Learner 03',
    );
    const learners = container.querySelector<HTMLElement>('[data-table="learners"]')!;
    expect(within(learners).getAllByRole('row')).toHaveLength(31);
    // Markup in a name is text.
    expect(within(learners).getByText('<img src=x onerror="alert(1)">Mallory')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
    const lessons = container.querySelectorAll('[data-funnel]');
    expect(lessons).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(container.querySelector('[data-class-step]')?.getAttribute('data-class-step')).toBe(
      'empty',
    );
  });
});
