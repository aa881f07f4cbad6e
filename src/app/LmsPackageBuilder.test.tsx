// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { buildPackage } from '../lms-package';
import { browserCatalog, LmsPackageBuilder } from './LmsPackageBuilder';
import { lessons } from '../lessons/registry';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the instructors’ package builder', () => {
  it('reads the whole course from the build: every lesson with its check, widgets, puzzles', () => {
    const catalog = browserCatalog();
    expect(catalog.lessons.map((l) => l.slug)).toEqual(lessons.map((l) => l.slug));
    expect(catalog.lessons.every((l) => l.hasCheck)).toBe(true);
    expect(catalog.widgets.some((w) => w.id === 'race')).toBe(true);
    expect(catalog.puzzles.some((p) => p.id === 'map')).toBe(true);
    const files = unzipSync(
      buildPackage(
        { baseUrl: 'https://x.edu/gpulab/', format: 'scorm12', items: 'lesson:serving' },
        catalog,
      ).zip,
    );
    expect(strFromU8(files['lesson-serving.html']!)).toContain('#/embed/check/serving');
  });

  it('downloads the zip, and names a bad item instead', () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:zip';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render(<LmsPackageBuilder />);
    fireEvent.change(screen.getByLabelText(/base URL/), {
      target: { value: 'https://x.edu/gpulab/' },
    });
    fireEvent.click(screen.getByLabelText(/cmi5/));
    fireEvent.change(screen.getByLabelText(/^Items/), {
      target: { value: 'lesson:why-gpus,check:why-gpus' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Build package' }));
    expect(screen.getByRole('status').textContent).toMatch(/Built gpulab-cmi5\.zip: 2 items/);
    expect(created).toHaveLength(1);

    fireEvent.change(screen.getByLabelText(/^Items/), { target: { value: 'widget:nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Build package' }));
    expect(screen.getByRole('alert').textContent).toMatch(/no widget “nope”/);
    expect(created).toHaveLength(1);
  });
});
