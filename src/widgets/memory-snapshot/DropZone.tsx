import { FileDropZone } from '../../ui/file-drop/FileDropZone';

/** Props of the drop zone. */
export interface DropZoneProps {
  /** Called with the file the learner dropped or chose. */
  onFile(file: File): void;
  /** Called when the learner asks for the bundled example. */
  onExample(): void;
}

/** Where a snapshot comes in: the shared drop zone, worded for snapshots. */
export function DropZone({ onFile, onExample }: DropZoneProps) {
  return (
    <FileDropZone
      title={
        <>
          Drop a <code>snapshot.pickle</code> here, or
        </>
      }
      chooseLabel="Choose a snapshot file…"
      inputLabel="Snapshot file"
      accept=".pickle,.pkl,application/octet-stream"
      testIdPrefix="snapshot"
      onFile={onFile}
      onExample={onExample}
    />
  );
}
