import { useEffect, useState } from 'react';
import {
  ACTIVATION_CHOICES,
  BUILDER_KINDS,
  draftsToLayerList,
  KIND_FIELDS,
  MAX_BUILDER_LAYERS,
  type BuilderCheck,
  type BuilderKind,
  type LayerDraft,
} from './builder';
import '../../ui/panel.css';
import './memory-builder.css';

/** What the builder asks of the controller. */
export interface BuilderActions {
  addLayer(kind: BuilderKind): void;
  removeLayer(id: number): void;
  moveLayer(id: number, delta: number): void;
  editLayer(id: number, field: string, value: string | boolean): void;
}

/** Props of the layer builder. */
export interface LayerBuilderProps {
  drafts: readonly LayerDraft[];
  check: BuilderCheck;
  actions: BuilderActions;
  idBase: string;
}

/** Where focus goes after a change that moves or removes the focused button. */
type FocusTarget = { id: number; action: string } | { add: true };

/** One layer's fields. */
function LayerFields(props: {
  draft: LayerDraft;
  row: number;
  invalidField: string | null;
  errorId: string;
  idBase: string;
  onEdit(field: string, value: string | boolean): void;
}) {
  const { draft, row, idBase } = props;
  return (
    <div className="memory-layer-fields">
      {KIND_FIELDS[draft.kind].map((field) => {
        const id = `${idBase}-l${draft.id}-${field.name}`;
        const value = draft.values[field.name] ?? field.default;
        const invalid = props.invalidField === field.name;
        const label = <label htmlFor={id}>{field.label}</label>;
        const common = {
          id,
          'aria-invalid': invalid || undefined,
          'aria-describedby': invalid ? props.errorId : undefined,
        };
        if (field.input === 'flag') {
          return (
            <span key={field.name} className="memory-layer-field memory-layer-flag">
              <input
                {...common}
                type="checkbox"
                checked={value === true}
                onChange={(e) => props.onEdit(field.name, e.target.checked)}
              />
              {label}
            </span>
          );
        }
        return (
          <span key={field.name} className="memory-layer-field">
            {label}
            {field.input === 'fn' ? (
              <select
                {...common}
                className="ui-field"
                value={String(value)}
                onChange={(e) => props.onEdit(field.name, e.target.value)}
              >
                {ACTIVATION_CHOICES.map((fn) => (
                  <option key={fn} value={fn}>
                    {fn}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                className="ui-field"
                type="text"
                inputMode="numeric"
                size={7}
                value={String(value)}
                data-row={row}
                onChange={(e) => props.onEdit(field.name, e.target.value)}
              />
            )}
          </span>
        );
      })}
    </div>
  );
}

/**
 * The learner's own network: a list of layers to add, remove, reorder and size, checked by the
 * engine's parser as it changes, with the parser's message next to the list.
 */
export function LayerBuilder({ drafts, check, actions, idBase }: LayerBuilderProps) {
  const [kind, setKind] = useState<BuilderKind>('linear');
  const [focus, setFocus] = useState<FocusTarget | null>(null);
  const errorId = `${idBase}-builder-error`;

  useEffect(() => {
    if (focus === null) return;
    const selector =
      'add' in focus
        ? `#${idBase}-add`
        : `[data-layer-id="${focus.id}"] [data-action="${focus.action}"]`;
    document.querySelector<HTMLElement>(selector)?.focus();
    setFocus(null);
  }, [focus, drafts, idBase]);

  const invalidRow = check.ok ? null : check.row;
  const message = check.ok ? null : check.message;
  return (
    <section className="ui-panel" aria-labelledby={`${idBase}-builder-title`}>
      <h4 id={`${idBase}-builder-title`}>Your own network</h4>
      <p className="memory-hint">
        Sizes are per sample, in the engine’s layer format; the batch multiplies them. The builder
        does not check that one layer’s output matches the next one’s input. Your layers stay on
        this page: a share link opens the starter network.
      </p>
      <ol className="memory-layers">
        {drafts.map((draft, row) => {
          const move = (delta: number, action: string) => {
            actions.moveLayer(draft.id, delta);
            setFocus({ id: draft.id, action });
          };
          const invalidField =
            row === invalidRow && message
              ? (KIND_FIELDS[draft.kind].find((f) => message.includes(`${f.name} `))?.name ?? null)
              : null;
          return (
            <li
              key={draft.id}
              data-layer-id={draft.id}
              className={row === invalidRow ? 'memory-layer memory-layer-invalid' : 'memory-layer'}
            >
              <span className="memory-layer-name">
                {row + 1}. {draft.kind}
              </span>
              <LayerFields
                draft={draft}
                row={row}
                invalidField={invalidField}
                errorId={errorId}
                idBase={idBase}
                onEdit={(field, value) => actions.editLayer(draft.id, field, value)}
              />
              <span className="memory-layer-actions">
                <button
                  type="button"
                  data-action="up"
                  disabled={row === 0}
                  aria-label={`Move layer ${row + 1} (${draft.kind}) up`}
                  onClick={() => move(-1, 'up')}
                >
                  ↑
                </button>
                <button
                  type="button"
                  data-action="down"
                  disabled={row === drafts.length - 1}
                  aria-label={`Move layer ${row + 1} (${draft.kind}) down`}
                  onClick={() => move(1, 'down')}
                >
                  ↓
                </button>
                <button
                  type="button"
                  data-action="remove"
                  disabled={drafts.length === 1}
                  aria-label={`Remove layer ${row + 1} (${draft.kind})`}
                  onClick={() => {
                    const next = drafts[row + 1] ?? drafts[row - 1];
                    actions.removeLayer(draft.id);
                    setFocus(next ? { id: next.id, action: 'remove' } : { add: true });
                  }}
                >
                  Remove
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      <div className="memory-builder-add">
        <label htmlFor={`${idBase}-kind`}>New layer</label>
        <select
          id={`${idBase}-kind`}
          className="ui-field"
          value={kind}
          onChange={(e) => setKind(e.target.value as BuilderKind)}
        >
          {BUILDER_KINDS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
        <button
          type="button"
          id={`${idBase}-add`}
          disabled={drafts.length >= MAX_BUILDER_LAYERS}
          onClick={() => actions.addLayer(kind)}
        >
          Add layer
        </button>
        {drafts.length >= MAX_BUILDER_LAYERS && (
          <span className="memory-hint">at most {MAX_BUILDER_LAYERS} layers here</span>
        )}
      </div>
      <p id={errorId} className="memory-builder-error" aria-live="polite" data-builder-error>
        {message}
      </p>
      <details className="memory-json">
        <summary>The layer list the engine gets (JSON)</summary>
        <pre>{JSON.stringify(draftsToLayerList(drafts), null, 1)}</pre>
      </details>
    </section>
  );
}
