import type { ExplorerController, ExplorerState } from './controller';

/**
 * Props of the explorer's live panels (the canvas, playback, "run it on my GPU"): the state they
 * show, the controller they drive, and the widget's id prefix.
 */
export interface ExplorerPanelProps {
  state: ExplorerState;
  controller: ExplorerController;
  idBase: string;
}
