import { useRef, useState, type DragEvent } from 'react';

/** Props of the drop zone. */
export interface DropZoneProps {
  /** Called with the file the learner dropped or chose. */
  onFile(file: File): void;
  /** Called when the learner asks for the bundled example. */
  onExample(): void;
}

/** Whether a drag carries files (not text or a link). */
function carriesFiles(event: DragEvent): boolean {
  return [...event.dataTransfer.types].includes('Files');
}

/**
 * Where a snapshot comes in: a drop area, a file button (the keyboard way in) and the example
 * button, with the plain note that the file never leaves the learner's machine.
 */
export function DropZone({ onFile, onExample }: DropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <div
      className={`snap-drop${dragging ? ' snap-drop--over' : ''}`}
      data-testid="snapshot-drop-zone"
      onDragEnter={(e) => carriesFiles(e) && setDragging(true)}
      onDragOver={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <p className="snap-drop-title">
        Drop a <code>snapshot.pickle</code> here, or
      </p>
      <div className="snap-drop-actions">
        <button type="button" className="primary" onClick={() => input.current?.click()}>
          Choose a snapshot file…
        </button>
        <button type="button" onClick={onExample}>
          Open the example
        </button>
      </div>
      <input
        ref={input}
        type="file"
        accept=".pickle,.pkl,application/octet-stream"
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Snapshot file"
        data-testid="snapshot-file-input"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = ''; // so choosing the same file again reloads it
          if (file) onFile(file);
        }}
      />
      <p className="snap-privacy">
        The file is read by this page, in your browser: it is never uploaded, and nothing in it
        leaves your machine.
      </p>
    </div>
  );
}
