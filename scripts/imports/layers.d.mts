/** One layer of src/: a folder, what it holds, and what it may import. */
export interface Layer {
  /** Its name in the table (`gpu`, `engine/models`). */
  name: string;
  /** Its folder, relative to the repository root (`src` for the files at the top of src/). */
  path: string;
  /** What it holds, in a few words (shown in docs/architecture.md). */
  what: string;
  /** The layers it may import besides itself, all listed before it. */
  mayImport: string[];
  /** Where present, the only files other layers may import from it. */
  faces?: string[];
  /** 'pure': no React, stores, DOM or WebGPU globals; 'no-react': no React or stores. */
  runs?: 'pure' | 'no-react';
}

/** The layers, bottom first. */
export const LAYERS: Layer[];
/** Whether a path is a test or a test helper (outside the layers). */
export function isTestPath(path: string): boolean;
/** The layer a file under src/ belongs to, or null. */
export function layerOf(path: string): Layer | null;
/** Why `from` may not import `to`, or null when it may. */
export function importProblem(from: string, to: string): string | null;
/** The layer with this name, or null. */
export function layerNamed(name: string): Layer | null;
/** Packages a layer that runs this way may not import. */
export const FORBIDDEN_PACKAGES: Record<'pure' | 'no-react', string[]>;
/** Globals a 'pure' layer may not touch. */
export const FORBIDDEN_PURE_GLOBALS: string[];
