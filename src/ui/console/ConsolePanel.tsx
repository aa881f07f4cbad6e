import { memo, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import { ConsoleEntry } from './ConsoleEntry';
import { EMPTY_HISTORY, historyDown, historyUp, pushHistory } from './history';
import type { SessionStoreState } from '../../store/session';
import { useSession } from '../../store/usePageSession';
import '../field.css';
import './console-panel.css';

/** Props of the console panel. */
export interface ConsolePanelProps {
  store: StoreApi<SessionStoreState>;
  /** Accessible name of the input, unique on the page. */
  inputLabel: string;
  /** Show only the newest entries (the transfer simulator's short console). */
  maxEntries?: number;
  /** Placeholder of the input. */
  placeholder?: string;
}

/**
 * The transcript and the input line: Enter runs, ArrowUp/ArrowDown walk the history, Escape
 * clears the line. The transcript is a log region that follows new entries.
 */
export const ConsolePanel = memo(function ConsolePanel({
  store,
  inputLabel,
  maxEntries,
  placeholder,
}: ConsolePanelProps) {
  const transcript = useSession(store, (s) => s.transcript);
  const [text, setText] = useState('');
  const [history, setHistory] = useState(EMPTY_HISTORY);
  const logRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const shown = maxEntries ? transcript.slice(-maxEntries) : transcript;

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [shown.length]);

  const submit = () => {
    const line = text;
    if (line.trim() === '') return;
    setHistory((h) => pushHistory(h, line));
    setText('');
    void store.getState().run(line, 'console');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp') {
      event.preventDefault();
      const step = historyUp(history, text);
      setHistory(step.state);
      setText(step.text);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      const step = historyDown(history, text);
      setHistory(step.state);
      setText(step.text);
    } else if (event.key === 'Escape') {
      setText('');
    }
  };

  return (
    <div className="console-panel">
      <div
        className="console-log"
        ref={logRef}
        role="log"
        aria-label={`${inputLabel}: transcript`}
        tabIndex={0}
      >
        {shown.length === 0 ? (
          <p className="console-empty">Nothing run yet. Type a line below, e.g. import torch</p>
        ) : null}
        {shown.map((entry) => (
          <ConsoleEntry key={entry.id} entry={entry} />
        ))}
      </div>
      <form
        className="console-input-row"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={inputId} className="console-prompt">
          <span aria-hidden="true">{'>>>'}</span>
          <span className="visually-hidden">{inputLabel}</span>
        </label>
        <input
          id={inputId}
          className="ui-field console-input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={placeholder}
          aria-describedby={`${inputId}-keys`}
        />
        <button type="submit" className="primary">
          Run
        </button>
      </form>
      <p id={`${inputId}-keys`} className="console-keys">
        Enter runs the line; ↑ and ↓ bring back earlier lines; Esc clears.
      </p>
    </div>
  );
});
