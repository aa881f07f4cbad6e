import { useEffect, useRef } from 'react';

/** What a file-reading widget's controller opens. */
export interface FileOpener {
  openFile(file: File): Promise<void>;
  openExample(): Promise<void>;
}

/** The drop zone's two handlers. */
export interface FileOrExample {
  /** Opens the learner's file, and takes the example out of the link. */
  onFile(file: File): void;
  /** Opens the bundled example, and puts it in the link. */
  onExample(): void;
}

/**
 * A file reader's "open a file, or the example" with the link's `example` setting: the example
 * opens once at first when the link (or the lesson) asks for it, and the setting then follows
 * what the learner opens, so a share link reopens the example but never asks for a file.
 */
export function useFileOrExample(
  controller: FileOpener,
  wantsExample: boolean,
  setExample: (example: boolean) => void,
): FileOrExample {
  const exampleOpened = useRef(false);
  useEffect(() => {
    if (!wantsExample || exampleOpened.current) return;
    exampleOpened.current = true;
    void controller.openExample();
  }, [wantsExample, controller]);
  return {
    onFile: (file) => {
      setExample(false);
      void controller.openFile(file);
    },
    onExample: () => {
      exampleOpened.current = true;
      setExample(true);
      void controller.openExample();
    },
  };
}
