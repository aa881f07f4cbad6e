import type { MDXComponents } from 'mdx/types';
import type { LessonComponentName } from './component-names';
import { Callout } from './blocks/Callout';
import { AnnotatedCode } from './blocks/AnnotatedCode';
import { CodeBlock } from './blocks/CodeBlock';
import { QuickCheck, Choice } from './blocks/QuickCheck';
import { Practice, Task } from './blocks/Practice';
import { lazyWidget } from '../ui/frame/lazyWidget';

const Race = lazyWidget(() => import('../widgets/race/RaceWidget'), {
  id: 'race',
  label: 'CPU vs GPU race',
  placeholderHeightPx: 520,
});

const AmdahlPlot = lazyWidget(() => import('../widgets/amdahl/AmdahlPlot'), {
  id: 'amdahl',
  label: "Amdahl's law plot",
  placeholderHeightPx: 420,
});

const Explorer = lazyWidget(() => import('../widgets/explorer/ExplorerWidget'), {
  id: 'explorer',
  label: 'SM and core explorer',
  placeholderHeightPx: 1750,
});

const SpecTable = lazyWidget(() => import('../widgets/spec-table/SpecTable'), {
  id: 'spec-table',
  label: 'GPU spec comparison table',
  placeholderHeightPx: 1350,
});

const TorchConsole = lazyWidget(() => import('../widgets/console/TorchConsole'), {
  id: 'console',
  label: 'PyTorch console',
  placeholderHeightPx: 420,
});

const TransferSimulator = lazyWidget(() => import('../widgets/transfer/TransferSimulator'), {
  id: 'transfer',
  label: 'Transfer simulator',
  placeholderHeightPx: 900,
});

const DeviceCard = lazyWidget(() => import('../widgets/device-card/DeviceCardWidget'), {
  id: 'device',
  label: 'Your GPU',
  placeholderHeightPx: 720,
});

const KernelLab = lazyWidget(() => import('../widgets/kernel-lab/KernelLabWidget'), {
  id: 'kernel-lab',
  label: 'Kernel lab',
  placeholderHeightPx: 1100,
});

/** Every tag a lesson may use, by name (see component-names.ts for the list). */
export const lessonTags: Record<LessonComponentName, MDXComponents[string]> = {
  Callout,
  AnnotatedCode,
  QuickCheck,
  Choice,
  Race,
  AmdahlPlot,
  Explorer,
  SpecTable,
  Practice,
  Task,
  TorchConsole,
  TransferSimulator,
  DeviceCard,
  KernelLab,
};

/** The one components map given to every lesson: the tags plus HTML overrides. */
export const lessonComponents: MDXComponents = {
  ...lessonTags,
  pre: CodeBlock,
  table: (props) => (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Table">
      <table {...props} />
    </div>
  ),
};
