/**
 * What the `tl.*` builtins need from the lowering that calls them: the IR builder, a way to
 * evaluate argument expressions, and the names of the kernel's runtime parameters (so a message
 * can say "declare it as BLOCK: tl.constexpr"). A separate interface keeps the builtins and the
 * statement lowering from importing each other.
 */
import type { Expr } from './ast';
import type { Builder } from './builder';
import type { Limits } from './limits';
import type { CValue } from './values';

/** The lowering, as the builtins see it. */
export interface LowerContext {
  readonly b: Builder;
  readonly limits: Limits;
  /** Names of the kernel's runtime (not constexpr) parameters. */
  readonly runtimeParams: ReadonlySet<string>;
  /** Evaluates an expression. */
  expr(e: Expr): CValue;
}

/** The source text of a simple expression, for messages (a name or a dotted name). */
export function exprText(e: Expr | undefined): string | null {
  if (!e) return null;
  if (e.kind === 'name') return e.id;
  if (e.kind === 'attribute') {
    const inner = exprText(e.object);
    return inner === null ? null : `${inner}.${e.name}`;
  }
  return null;
}
