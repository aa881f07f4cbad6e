import { useId } from 'react';
import { PresetButtons } from '../../ui/PresetButtons';
import { CancelButton } from '../../ui/RunControls';
import { LAB_KERNEL_IDS, LAB_KERNELS, type LabKernelId, type LabSize } from '../../gpu';
import { draftOf, type SizeDraft } from './draft';
import { kernelLabSchema, SIZE_PRESETS } from './settings';
import { FieldLabel } from '../../ui/field';
import '../../ui/field.css';

/** Props of the form that picks a kernel, a size and the GPU to compare with. */
export interface KernelFormProps {
  kernel: LabKernelId;
  draft: SizeDraft;
  catalogGpu: string;
  catalog: Array<{ id: string; name: string }>;
  running: boolean;
  onKernel(kernel: LabKernelId): void;
  onDraft(draft: SizeDraft): void;
  onCatalogGpu(id: string): void;
  onRun(): void;
  onRoofs(): void;
  /** Runs naive, tiled, register-blocked and tuned at the typed shape (matmul kernels only). */
  onSteps?(): void;
  onCancel(): void;
}

/** The lab's controls: every one labelled, the form submits (runs) on Enter. */
export function KernelForm(props: KernelFormProps) {
  const id = useId();
  const { kernel, draft, running } = props;
  const kind = LAB_KERNELS[kernel].sizeKind;
  const setField = (field: keyof SizeDraft, value: string) =>
    props.onDraft({ ...draft, [field]: value });
  const pickPreset = (size: LabSize) => props.onDraft(draftOf(size));
  return (
    <form
      className="kl-form"
      onSubmit={(event) => {
        event.preventDefault();
        props.onRun();
      }}
    >
      <fieldset className="kl-fields" disabled={running}>
        <legend className="visually-hidden">Kernel, size and comparison</legend>
        <div className="kl-field">
          <FieldLabel field={kernelLabSchema.fields.kernel} htmlFor={`${id}-kernel`} />
          <select
            className="ui-field"
            id={`${id}-kernel`}
            value={kernel}
            onChange={(e) => props.onKernel(e.target.value as LabKernelId)}
          >
            {LAB_KERNEL_IDS.map((k) => (
              <option key={k} value={k}>
                {LAB_KERNELS[k].label}
              </option>
            ))}
          </select>
        </div>
        {kind === 'matmul' ? (
          <div className="kl-field kl-shape" role="group" aria-labelledby={`${id}-shape`}>
            <span id={`${id}-shape`} className="kl-field-label">
              Shape: C (m × n) = A (m × k) · B (k × n)
            </span>
            <div className="kl-shape-inputs">
              {(['m', 'n', 'k'] as const).map((d) => (
                <label key={d} className="kl-dim">
                  <span>{d}</span>
                  <input
                    className="ui-field"
                    type="text"
                    inputMode="numeric"
                    value={draft[d]}
                    onChange={(e) => setField(d, e.target.value)}
                  />
                </label>
              ))}
            </div>
          </div>
        ) : (
          <div className="kl-field">
            <label htmlFor={`${id}-elements`}>{kind === 'threads' ? 'Threads' : 'Elements'}</label>
            <input
              className="ui-field"
              id={`${id}-elements`}
              type="text"
              inputMode="numeric"
              value={draft.elements}
              onChange={(e) => setField('elements', e.target.value)}
            />
          </div>
        )}
        <div className="kl-field">
          <FieldLabel field={kernelLabSchema.fields.gpu} htmlFor={`${id}-gpu`} />
          <select
            className="ui-field"
            id={`${id}-gpu`}
            value={props.catalogGpu}
            onChange={(e) => props.onCatalogGpu(e.target.value)}
          >
            {props.catalog.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <PresetButtons
        className="kl-presets"
        label="Size presets"
        lead="Sizes:"
        disabled={running}
        presets={SIZE_PRESETS[kind].map((p) => ({
          key: p.label,
          label: p.label,
          onPick: () => pickPreset(p.size),
        }))}
      />
      <div className="kl-actions">
        <button type="submit" className="primary" disabled={running} data-action="run">
          Run on this GPU
        </button>
        {kind === 'matmul' && props.onSteps && (
          <button type="button" disabled={running} onClick={props.onSteps} data-action="steps">
            Run the four matmul steps
          </button>
        )}
        <button type="button" disabled={running} onClick={props.onRoofs} data-action="roofs">
          Measure this GPU’s roofs
        </button>
        <CancelButton running={running} onCancel={props.onCancel} />
      </div>
    </form>
  );
}
