/**
 * The WGSL editor: CodeMirror 6 mounted in a shadow root of its host element. CodeMirror styles
 * itself with generated CSS; in a shadow root it uses a constructed style sheet, which the
 * app's Content-Security-Policy (style-src 'self', no inline <style>) allows. Colors come from
 * the page's CSS custom properties, which reach into the shadow root, so both themes apply.
 * Tab indents (indentWithTab); Escape then Tab leaves the editor, as CodeMirror does by default.
 */
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import {
  bracketMatching,
  HighlightStyle,
  indentUnit,
  syntaxHighlighting,
} from '@codemirror/language';
import { EditorState, StateEffect, StateField, type Extension } from '@codemirror/state';
import {
  Decoration,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
  type DecorationSet,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { wgslLanguage } from './wgsl-mode';

/** An editor on the page. */
export interface MountedEditor {
  /** Replaces the whole text (when the page resets it or shows the solution). */
  setText(text: string): void;
  /** Marks lines with errors (1-based), clearing earlier marks. */
  markErrorLines(lines: readonly number[]): void;
  /** Moves the cursor to a line and column (1-based) and focuses the editor. */
  goTo(line: number, column: number): void;
  destroy(): void;
}

/** Options of an editor. */
export interface EditorOptions {
  text: string;
  /** The accessible name (ids do not cross the shadow root, so it is given as text). */
  label: string;
  onChange(text: string): void;
  /** The language (its highlighting); WGSL when not given. */
  language?: Extension;
}

const highlight = HighlightStyle.define([
  { tag: tags.keyword, color: 'var(--modeled)', fontWeight: '600' },
  { tag: tags.typeName, color: 'var(--measured)' },
  { tag: tags.number, color: 'var(--warn)' },
  { tag: tags.bool, color: 'var(--warn)' },
  { tag: tags.comment, color: 'var(--muted)', fontStyle: 'italic' },
  { tag: tags.meta, color: 'var(--accent)' },
  { tag: tags.standard(tags.variableName), color: 'var(--bad)' },
]);

const theme = EditorView.theme({
  '&': {
    color: 'var(--fg)',
    backgroundColor: 'var(--code-bg)',
    border: '1px solid var(--border)',
    borderRadius: 'var(--radius)',
    fontSize: '0.9rem',
  },
  '&.cm-focused': { outline: '3px solid var(--accent)', outlineOffset: '2px' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.5', minHeight: '12rem' },
  '.cm-content': { caretColor: 'var(--fg)' },
  '.cm-cursor': { borderLeftColor: 'var(--fg)' },
  '.cm-gutters': {
    backgroundColor: 'var(--surface)',
    color: 'var(--muted)',
    borderRight: '1px solid var(--border)',
  },
  '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--accent) 8%, transparent)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--surface-2)', color: 'var(--fg)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'color-mix(in srgb, var(--accent) 30%, transparent)',
  },
  '.cm-error-line': {
    backgroundColor: 'color-mix(in srgb, var(--bad) 14%, transparent)',
    boxShadow: 'inset 3px 0 0 var(--bad)',
  },
});

const setErrorLines = StateEffect.define<readonly number[]>();

/** Line decorations for the lines the compiler complained about. */
const errorLines = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(decorations, tr) {
    let next = decorations.map(tr.changes);
    for (const effect of tr.effects) {
      if (!effect.is(setErrorLines)) continue;
      const marks = [...new Set(effect.value)]
        .filter((line) => line >= 1 && line <= tr.state.doc.lines)
        .sort((a, b) => a - b)
        .map((line) =>
          Decoration.line({ class: 'cm-error-line' }).range(tr.state.doc.line(line).from),
        );
      next = Decoration.set(marks);
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/**
 * Typing over a selection goes through CodeMirror rather than the browser's own editing. Left to
 * Chromium, replacing a selection that starts in a highlighted token keeps that token's look by
 * writing a `style="color: …"` attribute on the new text, which the page's CSP (`style-src
 * 'self'`) refuses and reports as a violation. Typing at a caret (no such attribute) and input
 * method composition are left to the browser.
 */
const typeOverSelection = EditorView.domEventHandlers({
  beforeinput(event, view) {
    if (event.inputType !== 'insertText' || event.data === null || view.composing) return false;
    if (view.state.selection.ranges.every((range) => range.empty)) return false;
    event.preventDefault();
    view.dispatch(view.state.replaceSelection(event.data), {
      userEvent: 'input.type',
      scrollIntoView: true,
    });
    return true;
  },
});

/** The editor's extensions. */
function extensions(options: EditorOptions): Extension[] {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightActiveLine(),
    history(),
    bracketMatching(),
    indentUnit.of('  '),
    EditorState.tabSize.of(2),
    options.language ?? wgslLanguage,
    syntaxHighlighting(highlight),
    errorLines,
    keymap.of([indentWithTab, ...defaultKeymap, ...historyKeymap]),
    typeOverSelection,
    theme,
    // An explicit tabindex lets checkers see the scrolling editor as reachable by keyboard.
    EditorView.contentAttributes.of({
      'aria-label': options.label,
      spellcheck: 'false',
      tabindex: '0',
    }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) options.onChange(update.state.doc.toString());
    }),
  ];
}

/** Mounts an editor inside `host`'s shadow root (created if needed). */
export function mountWgslEditor(host: HTMLElement, options: EditorOptions): MountedEditor {
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const parent = document.createElement('div');
  shadow.append(parent);
  const view = new EditorView({
    state: EditorState.create({ doc: options.text, extensions: extensions(options) }),
    parent,
    root: shadow,
  });
  return {
    setText(text) {
      if (view.state.doc.toString() === text) return;
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        effects: setErrorLines.of([]),
      });
    },
    markErrorLines(lines) {
      view.dispatch({ effects: setErrorLines.of(lines) });
    },
    goTo(line, column) {
      const doc = view.state.doc;
      const target = doc.line(Math.min(Math.max(1, line), doc.lines));
      const anchor = Math.min(target.to, target.from + Math.max(0, column - 1));
      view.dispatch({ selection: { anchor }, scrollIntoView: true });
      view.focus();
    },
    destroy() {
      view.destroy();
      parent.remove();
    },
  };
}
