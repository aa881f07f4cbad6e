import { useEffect, useRef, useState, type Ref } from 'react';
import { useImperativeHandle } from 'react';
import type { MountedEditor } from './codemirror';

/** What the page may ask of the editor. */
export interface CodeEditorHandle {
  /** Moves the cursor to a 1-based line and column and focuses the editor. */
  goTo(line: number, column: number): void;
}

/** Props of the editor. */
export interface CodeEditorProps {
  text: string;
  /** The accessible name of the text area. */
  label: string;
  onChange(text: string): void;
  /** Lines (1-based) to mark as having errors. */
  errorLines: readonly number[];
  handle?: Ref<CodeEditorHandle>;
  /** The language highlighted: WGSL (the default) or Python (the Triton puzzles). */
  language?: 'wgsl' | 'python';
}

/**
 * The code editor (WGSL, or Python for the Triton puzzles), CodeMirror loaded on first use (its own chunk, so only the puzzle pages
 * fetch it). Until it arrives the code shows as plain text of the same height.
 */
export function CodeEditor({
  text,
  label,
  onChange,
  errorLines,
  handle,
  language = 'wgsl',
}: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<MountedEditor | null>(null);
  const [ready, setReady] = useState(false);
  const latest = useRef({ text, onChange, errorLines });
  latest.current = { text, onChange, errorLines };

  useEffect(() => {
    let live = true;
    void Promise.all([
      import('./codemirror'),
      language === 'python' ? import('./python-mode') : null,
    ]).then(([{ mountWgslEditor }, python]) => {
      if (!live || !host.current) return;
      editor.current = mountWgslEditor(host.current, {
        text: latest.current.text,
        label,
        onChange: (next) => latest.current.onChange(next),
        ...(python ? { language: python.pythonLanguage } : {}),
      });
      editor.current.markErrorLines(latest.current.errorLines);
      setReady(true);
    });
    return () => {
      live = false;
      editor.current?.destroy();
      editor.current = null;
    };
  }, [label, language]);

  useEffect(() => {
    editor.current?.setText(text);
  }, [text, ready]);

  useEffect(() => {
    editor.current?.markErrorLines(errorLines);
  }, [errorLines, ready]);

  useImperativeHandle(handle, () => ({
    goTo: (line, column) => editor.current?.goTo(line, column),
  }));

  return (
    <div className="pz-editor" data-editor={ready ? 'ready' : 'loading'}>
      <div ref={host} className="pz-editor-host" />
      {ready ? null : <pre className="pz-editor-fallback">{text}</pre>}
    </div>
  );
}
