import type { SettingsPatch } from '../../state/useWidgetState';
import type { ProfileResult } from './analysis';
import { ChangesTable } from './ChangesTable';
import { HostInputs } from './HostInputs';
import { idleSentence } from './lane-text';
import { OPTIMIZER_CLASSES } from './labels';
import type { NetworkProfileSettings } from './settings';
import { StepLanes } from './StepLanes';
import '../../ui/panel.css';

/** Props of the host and GPU panel. */
export interface HostPanelProps {
  result: ProfileResult | null;
  settings: NetworkProfileSettings;
  set(patch: SettingsPatch<NetworkProfileSettings>): void;
  idBase: string;
}

/**
 * Where an eager step's time goes between the host (Python and the dispatcher) and the GPU: how
 * PyTorch runs the step and how fast the host is, who waits for whom in words, the two lanes, and
 * what compiling, CUDA graphs or a fused optimizer would buy. All modeled.
 */
export function HostPanel({ result, settings, set, idBase }: HostPanelProps) {
  const headingId = `${idBase}-host`;
  return (
    <section className="ui-panel np-host" aria-labelledby={headingId} data-host-panel>
      <h4 id={headingId}>
        Host and GPU: who waits for whom <span className="tag-modeled">modeled</span>
      </h4>
      <HostInputs settings={settings} set={set} idBase={idBase} />
      {result && (
        <>
          <p className="np-idle-sentence" data-idle-sentence>
            {idleSentence(result.lanes)}
          </p>
          <StepLanes lanes={result.lanes} idBase={idBase} />
          <p className="np-hint">
            A slow host leaves the GPU idle between short bursts of kernels, the white gaps of a
            profiler trace (drawn here evenly spread). A step ends when both lanes are done.
          </p>
          <ChangesTable
            rows={result.changes}
            optimizerClass={OPTIMIZER_CLASSES[result.request.optimizer]}
            idBase={idBase}
          />
        </>
      )}
    </section>
  );
}
