import { useRef, useState, type DragEvent } from 'react';
import '../../ui/file-drop/file-drop.css';

/** Whether a drag carries files (not text or a link). */
const carriesFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

/**
 * Where the instructor's files come in: many at once, dropped or chosen (the button is the
 * keyboard's way in), progress files, zips of them and statement exports alike.
 */
export function ClassFileDrop({ onFiles, busy }: { onFiles(files: File[]): void; busy: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  return (
    <div
      className={`file-drop${dragging ? ' file-drop--over' : ''}`}
      data-testid="class-drop-zone"
      onDragEnter={(e) => carriesFiles(e) && setDragging(true)}
      onDragOver={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        setDragging(false);
        const files = [...e.dataTransfer.files];
        if (files.length > 0) onFiles(files);
      }}
    >
      <p className="file-drop-title">
        Drop progress files, a zip of them, or an xAPI statement export here, or
      </p>
      <div className="file-drop-actions">
        <button
          type="button"
          className="primary"
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          Choose files…
        </button>
      </div>
      <input
        ref={input}
        type="file"
        multiple
        accept=".json,.zip,application/json,application/zip"
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Progress files, zips or statement exports"
        data-testid="class-file-input"
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <p className="file-drop-privacy">
        The files are read by this page, in your browser: nothing is uploaded or sent anywhere, and
        nothing is kept once you leave or reload the page.
      </p>
    </div>
  );
}
