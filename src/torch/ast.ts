/** The syntax tree of the console's Python subset. */

/** Binary operators the evaluator knows. */
export type BinaryOp = '+' | '-' | '*' | '/' | '//' | '%' | '**' | '@';
/** Comparison operators. */
export type CompareOp = '==' | '!=' | '<' | '>' | '<=' | '>=' | 'is' | 'is not' | 'in' | 'not in';

/** A keyword argument in a call: `device="cuda"`. */
export interface Keyword {
  name: string;
  value: Expr;
}

/** An expression. */
export type Expr =
  | { kind: 'number'; value: number; isFloat: boolean }
  | { kind: 'string'; value: string }
  | { kind: 'const'; value: boolean | null }
  | { kind: 'name'; id: string }
  | { kind: 'tuple'; items: Expr[] }
  | { kind: 'list'; items: Expr[] }
  | { kind: 'attribute'; object: Expr; name: string }
  | { kind: 'call'; func: Expr; args: Expr[]; keywords: Keyword[] }
  | { kind: 'subscript'; object: Expr; index: Expr }
  | { kind: 'slice'; lower: Expr | null; upper: Expr | null }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr }
  | { kind: 'unary'; op: '-' | '+' | 'not'; operand: Expr }
  | { kind: 'bool'; op: 'and' | 'or'; left: Expr; right: Expr }
  | { kind: 'compare'; op: CompareOp; left: Expr; right: Expr }
  | { kind: 'ifexp'; test: Expr; body: Expr; orelse: Expr };

/** What an assignment may write to: a name, or a tuple of names (`a, b = x.shape`). */
export type Target = { kind: 'name'; id: string } | { kind: 'tuple'; items: Target[] };

/** One imported name: `torch.nn as nn` or, in a from-import, `nn`. */
export interface ImportName {
  /** Dotted module or member name. */
  name: string;
  alias: string | null;
}

/** A statement. */
export type Stmt =
  | { kind: 'expr'; expr: Expr }
  | { kind: 'assign'; targets: Target[]; value: Expr }
  | { kind: 'augassign'; target: Target; op: BinaryOp; value: Expr }
  | { kind: 'import'; names: ImportName[] }
  | { kind: 'from'; module: string; names: ImportName[] }
  | { kind: 'del'; targets: Target[] }
  | { kind: 'pass' };
