/**
 * The syntax tree of the Python a Triton kernel and its launch are written in. Every node
 * carries its 1-based source line, so errors found later (while lowering or running) can name
 * it.
 */

/** Binary operators. */
export type BinaryOp =
  '+' | '-' | '*' | '/' | '//' | '%' | '**' | '@' | '&' | '|' | '^' | '<<' | '>>';

/** Comparison operators. */
export type CompareOp = '==' | '!=' | '<' | '>' | '<=' | '>=' | 'is' | 'is not' | 'in' | 'not in';

/** A keyword argument: `mask=offsets < n`. */
export interface Keyword {
  name: string;
  value: Expr;
}

/** An expression, with the line it starts on. */
export type Expr = { line: number } & (
  | { kind: 'number'; value: number; isFloat: boolean }
  | { kind: 'string'; value: string }
  | { kind: 'const'; value: boolean | null }
  | { kind: 'name'; id: string }
  | { kind: 'tuple'; items: Expr[] }
  | { kind: 'list'; items: Expr[] }
  | { kind: 'attribute'; object: Expr; name: string }
  | { kind: 'call'; func: Expr; args: Expr[]; keywords: Keyword[] }
  | { kind: 'subscript'; object: Expr; index: Expr }
  | { kind: 'slice'; lower: Expr | null; upper: Expr | null; step: Expr | null }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr }
  | { kind: 'unary'; op: '-' | '+' | 'not' | '~'; operand: Expr }
  | { kind: 'bool'; op: 'and' | 'or'; left: Expr; right: Expr }
  | { kind: 'compare'; op: CompareOp; left: Expr; right: Expr }
  | { kind: 'ifexp'; test: Expr; body: Expr; orelse: Expr }
  | { kind: 'lambda'; params: string[]; body: Expr }
);

/** What an assignment writes to. */
export type Target =
  | { kind: 'name'; id: string; line: number }
  | { kind: 'tuple'; items: Target[]; line: number }
  | { kind: 'subscript'; object: Expr; index: Expr; line: number }
  | { kind: 'attribute'; object: Expr; name: string; line: number };

/** A function parameter: `BLOCK_SIZE: tl.constexpr = 128`. */
export interface Param {
  name: string;
  annotation: Expr | null;
  default: Expr | null;
  line: number;
}

/** One imported name. */
export interface ImportName {
  name: string;
  alias: string | null;
}

/** A `def`, with its decorators. */
export interface FunctionDef {
  kind: 'def';
  name: string;
  params: Param[];
  decorators: Expr[];
  body: Stmt[];
  line: number;
}

/** A statement, with its line. */
export type Stmt =
  | FunctionDef
  | ({ line: number } & (
      | { kind: 'expr'; expr: Expr }
      | { kind: 'assign'; targets: Target[]; value: Expr }
      | { kind: 'annassign'; target: Target; annotation: Expr; value: Expr | null }
      | { kind: 'augassign'; target: Target; op: BinaryOp; value: Expr }
      | { kind: 'for'; target: Target; iter: Expr; body: Stmt[] }
      | { kind: 'if'; test: Expr; body: Stmt[]; orelse: Stmt[] }
      | { kind: 'return'; value: Expr | null }
      | { kind: 'import'; names: ImportName[] }
      | { kind: 'from'; module: string; names: ImportName[] }
      | { kind: 'pass' }
    ));
