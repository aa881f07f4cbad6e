import { memo, useId, useState } from 'react';
import { DTYPES, type DTypeName } from '../../torch';
import { createLine, type MoveTarget } from './moves';
import '../../ui/field.css';

const DTYPE_CHOICES: readonly DTypeName[] = [
  'float32',
  'float16',
  'bfloat16',
  'float64',
  'int64',
  'int32',
  'int8',
  'uint8',
  'bool',
];

/** Props of the create-tensor form. */
export interface CreateTensorFormProps {
  busy: boolean;
  onCreate(line: string): void;
}

/** A small form that creates a tensor of a chosen name, shape, dtype and place. */
export const CreateTensorForm = memo(function CreateTensorForm({
  busy,
  onCreate,
}: CreateTensorFormProps) {
  const id = useId();
  const [name, setName] = useState('x');
  const [shape, setShape] = useState('1024, 1024');
  const [dtype, setDtype] = useState<DTypeName>('float32');
  const [place, setPlace] = useState<MoveTarget>('cpu');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="create-form"
      aria-label="Create a tensor"
      onSubmit={(e) => {
        e.preventDefault();
        const made = createLine({ name, shape, dtype, place });
        if ('problem' in made) {
          setProblem(made.problem);
          return;
        }
        setProblem(null);
        onCreate(made.line);
      }}
    >
      <fieldset disabled={busy}>
        <legend>Create a tensor</legend>
        <div className="create-fields">
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            className="ui-field"
            id={`${id}-name`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            size={8}
            autoComplete="off"
            spellCheck={false}
          />
          <label htmlFor={`${id}-shape`}>Shape</label>
          <input
            className="ui-field"
            id={`${id}-shape`}
            value={shape}
            onChange={(e) => setShape(e.target.value)}
            size={14}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={`${id}-hint`}
          />
          <label htmlFor={`${id}-dtype`}>dtype</label>
          <select
            className="ui-field"
            id={`${id}-dtype`}
            value={dtype}
            onChange={(e) => setDtype(e.target.value as DTypeName)}
          >
            {DTYPE_CHOICES.map((d) => (
              <option key={d} value={d}>
                {d} ({DTYPES[d].bytesPerElement} B)
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-place`}>On</label>
          <select
            className="ui-field"
            id={`${id}-place`}
            value={place}
            onChange={(e) => setPlace(e.target.value as MoveTarget)}
          >
            <option value="cpu">host (CPU)</option>
            <option value="cuda">GPU (cuda)</option>
          </select>
          <button type="submit">Create</button>
        </div>
        <p id={`${id}-hint`} className="hint">
          Sizes separated by commas. To see the GPU fill up, create 100000, 100000 (40 GB) twice and
          move both.
        </p>
        {problem ? (
          <p className="create-problem" role="alert">
            {problem}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
});
