/**
 * Every widget, one entry each: the tag lessons write, its `data-widget` id, its name, the
 * height its placeholder reserves, and how its code loads (lazily, in its own chunk). Lessons
 * reach widgets only through this list, by way of the components map; state schemas are listed
 * apart (schemas.ts) so this list stays free of widget code.
 */
import type { ComponentType } from 'react';
import { lazyWidget } from '../ui/frame/lazyWidget';

/** One widget as lessons place it. */
export interface WidgetEntry {
  /** The MDX tag (`<Race />`). */
  tag: string;
  /** The `data-widget` id, also its state schema's id and URL prefix. */
  id: string;
  /** Human name for the placeholder and error messages. */
  label: string;
  /** Height reserved while its code loads, so the text does not jump (measured at 1280 px). */
  placeholderHeightPx: number;
  /** The same at phone width (measured at 375 px), where the widget stacks taller. */
  narrowPlaceholderHeightPx: number;
  // Each widget has its own props; the components map passes what the lesson wrote.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  load: () => Promise<{ default: ComponentType<any> }>;
}

/** The widgets, in course order of first appearance. */
export const WIDGETS = [
  {
    tag: 'Race',
    id: 'race',
    label: 'CPU vs GPU race',
    placeholderHeightPx: 1000,
    narrowPlaceholderHeightPx: 1520,
    load: () => import('./race/RaceWidget'),
  },
  {
    tag: 'AmdahlPlot',
    id: 'amdahl',
    label: "Amdahl's law plot",
    placeholderHeightPx: 930,
    narrowPlaceholderHeightPx: 1010,
    load: () => import('./amdahl/AmdahlPlot'),
  },
  {
    tag: 'Explorer',
    id: 'explorer',
    label: 'SM and core explorer',
    placeholderHeightPx: 1730,
    narrowPlaceholderHeightPx: 2460,
    load: () => import('./explorer/ExplorerWidget'),
  },
  {
    tag: 'SpecTable',
    id: 'spec-table',
    label: 'GPU spec comparison table',
    placeholderHeightPx: 1990,
    narrowPlaceholderHeightPx: 3650,
    load: () => import('./spec-table/SpecTable'),
  },
  {
    tag: 'DeviceCard',
    id: 'device',
    label: 'Your GPU',
    placeholderHeightPx: 1560,
    narrowPlaceholderHeightPx: 2390,
    load: () => import('./device-card/DeviceCardWidget'),
  },
  {
    tag: 'TorchConsole',
    id: 'console',
    label: 'PyTorch console',
    placeholderHeightPx: 430,
    narrowPlaceholderHeightPx: 620,
    load: () => import('./console/TorchConsole'),
  },
  {
    tag: 'TransferSimulator',
    id: 'transfer',
    label: 'Transfer simulator',
    placeholderHeightPx: 2290,
    narrowPlaceholderHeightPx: 3300,
    load: () => import('./transfer/TransferSimulator'),
  },
  {
    tag: 'MemorySimulator',
    id: 'memory',
    label: 'GPU memory simulator',
    placeholderHeightPx: 4440,
    narrowPlaceholderHeightPx: 6930,
    load: () => import('./memory/MemorySimulator'),
  },
  {
    tag: 'MemorySnapshot',
    id: 'memory-snapshot',
    label: 'Memory snapshot viewer',
    placeholderHeightPx: 310,
    narrowPlaceholderHeightPx: 380,
    load: () => import('./memory-snapshot/MemorySnapshot'),
  },
  {
    tag: 'PrecisionExplorer',
    id: 'precision',
    label: 'Precision explorer',
    placeholderHeightPx: 1240,
    narrowPlaceholderHeightPx: 1970,
    load: () => import('./precision/PrecisionExplorerWidget'),
  },
  {
    tag: 'KernelLab',
    id: 'kernel-lab',
    label: 'Kernel lab',
    placeholderHeightPx: 990,
    narrowPlaceholderHeightPx: 1230,
    load: () => import('./kernel-lab/KernelLabWidget'),
  },
  {
    tag: 'Crossover',
    id: 'crossover',
    label: 'Crossover plot',
    placeholderHeightPx: 1660,
    narrowPlaceholderHeightPx: 2160,
    load: () => import('./crossover/CrossoverWidget'),
  },
  {
    tag: 'NetworkProfile',
    id: 'network-profile',
    label: 'Where the time goes: a network profile',
    placeholderHeightPx: 1680,
    narrowPlaceholderHeightPx: 2380,
    load: () => import('./network-profile/NetworkProfile'),
  },
  {
    tag: 'AsyncTiming',
    id: 'async-timing',
    label: 'Async timing demo',
    placeholderHeightPx: 2020,
    narrowPlaceholderHeightPx: 2890,
    load: () => import('./async-timing/AsyncTimingWidget'),
  },
  {
    tag: 'DataParallel',
    id: 'data-parallel',
    label: 'Data-parallel simulator',
    placeholderHeightPx: 2870,
    narrowPlaceholderHeightPx: 4100,
    load: () => import('./data-parallel/DataParallel'),
  },
] as const satisfies readonly WidgetEntry[];

/** A widget's MDX tag. */
export type WidgetTag = (typeof WIDGETS)[number]['tag'];

/** The lazily loaded component of every widget, by tag, for the lessons' components map. */
export function lessonWidgetTags(): Record<WidgetTag, ComponentType<Record<string, unknown>>> {
  const entries: readonly WidgetEntry[] = WIDGETS;
  return Object.fromEntries(
    entries.map((w) => [
      w.tag,
      lazyWidget<Record<string, unknown>>(w.load, {
        id: w.id,
        label: w.label,
        placeholderHeightPx: w.placeholderHeightPx,
        narrowPlaceholderHeightPx: w.narrowPlaceholderHeightPx,
      }),
    ]),
  ) as Record<WidgetTag, ComponentType<Record<string, unknown>>>;
}
