/**
 * What a WGSL puzzle is: its statement and picture, the bindings it fixes, the sizes it is
 * checked at, how its inputs are made and what a CPU computes from them, a starter that compiles
 * but is wrong, hints, a reference solution, and the work it does as the cost engine sees it.
 * Data and pure functions only: the page draws it, the GPU runtime runs it.
 */
import type { KernelDescriptor } from '../engine/models';

/** Element type of a storage array. */
export type ElementType = 'f32' | 'u32';

/** Sizes of one run, by the name the kernel reads them under (`size.n`, `size.rows`). */
export type PuzzleSizes = Readonly<Record<string, number>>;

/** One storage buffer the puzzle declares; the learner's kernel uses it by `name`. */
export interface PuzzleBuffer {
  /** Binding number in group 0. */
  binding: number;
  /** WGSL name (`a`, `out`). */
  name: string;
  element: ElementType;
  /** Declared as atomics (`array<atomic<u32>>`); only for u32 outputs. */
  atomic?: boolean;
  /** Inputs are read only; outputs read_write and checked. */
  role: 'input' | 'output';
  /** What it holds, in words, shown beside the declaration. */
  note: string;
  /** Elements it holds at a size. */
  length(size: PuzzleSizes): number;
  /** For outputs: what it is filled with before the run ('fill' is a marker the checker knows). */
  initial?: 'fill' | 'zero';
}

/** One size a puzzle is checked at, with why it is there. */
export interface PuzzleCase {
  size: PuzzleSizes;
  /** "n = 65: one past a workgroup". */
  label: string;
}

/** How close a float result must be: |got − expected| ≤ absolute + relative·|expected|. */
export interface Tolerance {
  absolute: number;
  relative: number;
}

/** Something the puzzle asks the kernel to use, checked in its text (comments left out). */
export interface RequiredConstruct {
  /** Matched against the learner's code with comments removed. */
  pattern: RegExp;
  /** Said when it is missing: "This puzzle asks for workgroup memory: declare a var<workgroup>." */
  message: string;
}

/** A row of cells in a puzzle's picture. */
export interface PictureRow {
  label: string;
  cells: readonly string[];
  /** Cells drawn as "past the end" (a thread with no data). */
  ghostFrom?: number;
}

/** A matrix in a puzzle's picture. */
export interface PictureGrid {
  label: string;
  rows: number;
  cols: number;
  /** Cell text by row and column; empty text leaves a cell blank. */
  cell(row: number, col: number): string;
  /** Cells to shade: one workgroup's tile, a row... */
  shade?(row: number, col: number): boolean;
}

/** A puzzle's picture: arrays one above the other, or matrices side by side. */
export type PuzzlePicture =
  | { kind: 'rows'; rows: readonly PictureRow[]; caption: string }
  | { kind: 'grids'; grids: readonly PictureGrid[]; operators: readonly string[]; caption: string };

/** One puzzle. */
export interface Puzzle {
  /** URL id (`map`, `tiled-matmul`). */
  id: string;
  title: string;
  /** The idea it teaches, a few words ("workgroup memory"). */
  idea: string;
  /** Paragraphs; text between backticks is code. */
  statement: readonly string[];
  picture: PuzzlePicture;
  /** Constants the header declares (`WG`, `TILE`); the kernel sizes its workgroup with them. */
  constants: Readonly<Record<string, number>>;
  /** Fields of the `Size` uniform, in order. */
  sizeFields: readonly string[];
  buffers: readonly PuzzleBuffer[];
  /** Workgroups to dispatch for a size. */
  grid(size: PuzzleSizes): readonly [number, number, number];
  /** Input arrays by buffer name, the same for the same size. */
  inputs(size: PuzzleSizes): Readonly<Record<string, Float32Array | Uint32Array>>;
  /** What each output should hold, by buffer name, computed on the CPU. */
  reference(
    size: PuzzleSizes,
    inputs: Readonly<Record<string, Float32Array | Uint32Array>>,
  ): Readonly<Record<string, Float32Array | Uint32Array>>;
  cases: readonly PuzzleCase[];
  /** A larger size, for timing after a pass. */
  benchSize: PuzzleSizes;
  tolerance: Tolerance;
  requires?: readonly RequiredConstruct[];
  /** Compiles, runs, and is wrong. */
  starter: string;
  /** Two or three, each opening after the one before. */
  hints: readonly string[];
  solution: string;
  /** The work at a size, for the cost engine's prediction. */
  descriptor(size: PuzzleSizes): KernelDescriptor;
}
