import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import './file-drop.css';

/** Props of the file drop zone. */
export interface FileDropZoneProps {
  /** The line above the buttons ("Drop a snapshot.pickle here, or"). */
  title: ReactNode;
  /** The file button's words ("Choose a snapshot file…"). */
  chooseLabel: string;
  /** The hidden file input's accessible name. */
  inputLabel: string;
  /** The input's `accept` list. */
  accept: string;
  /** Prefix of the test ids: `<prefix>-drop-zone`, `<prefix>-file-input`. */
  testIdPrefix: string;
  /** Called with the file the learner dropped or chose. */
  onFile(file: File): void;
  /** Called when the learner asks for the bundled example; none: no example button. */
  onExample?: () => void;
  /** The privacy line under the buttons (the default says the file never leaves the machine). */
  privacy?: ReactNode;
  /** Shown under the buttons: the chosen file's name, say. */
  children?: ReactNode;
  /** Marks the zone for a page's own tests and styles (`data-<name>=""` on the zone). */
  dataAttribute?: string;
}

const DEFAULT_PRIVACY =
  'The file is read by this page, in your browser: it is never uploaded, and nothing in it leaves your machine.';

/** Whether a drag carries files (not text or a link). */
function carriesFiles(event: DragEvent): boolean {
  return [...event.dataTransfer.types].includes('Files');
}

/**
 * Where a learner's file comes in: a drop area, a file button (the keyboard way in) and the
 * example button, with the plain note that the file never leaves the learner's machine.
 */
export function FileDropZone(props: FileDropZoneProps) {
  const { title, chooseLabel, inputLabel, accept, testIdPrefix, onFile, onExample } = props;
  const { privacy = DEFAULT_PRIVACY, children, dataAttribute } = props;
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
      className={`file-drop${dragging ? ' file-drop--over' : ''}`}
      data-testid={`${testIdPrefix}-drop-zone`}
      {...(dataAttribute ? { [`data-${dataAttribute}`]: '' } : {})}
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
      <p className="file-drop-title">{title}</p>
      <div className="file-drop-actions">
        <button type="button" className="primary" onClick={() => input.current?.click()}>
          {chooseLabel}
        </button>
        {onExample ? (
          <button type="button" onClick={onExample}>
            Open the example
          </button>
        ) : null}
      </div>
      {children}
      <input
        ref={input}
        type="file"
        accept={accept}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={inputLabel}
        data-testid={`${testIdPrefix}-file-input`}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = ''; // so choosing the same file again reloads it
          if (file) onFile(file);
        }}
      />
      <p className="file-drop-privacy">{privacy}</p>
    </div>
  );
}
