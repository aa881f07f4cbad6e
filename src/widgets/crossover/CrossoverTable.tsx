import { formatSeconds, NO_VALUE } from '../../format/units';
import { describeOpSize } from './sweep';
import type { ModeledPoint } from './model';
import type { Op } from './settings';
import type { SweepResult } from './types';
import { ScrollRegion } from '../../ui/ScrollRegion';

/** Props of the table. */
export interface CrossoverTableProps {
  op: Op;
  result: SweepResult | null;
  /** Sizes the next sweep will measure, listed (with the model) before any sweep has run. */
  planned: readonly number[];
  /** The modeled times at each measured size. */
  modeledAt: (size: number) => ModeledPoint | null;
  kernelAlone: boolean;
  catalogCpu: string;
  catalogGpu: string;
}

function seconds(side: { seconds: number; check: { ok: boolean } } | null): string {
  if (!side) return NO_VALUE;
  return side.check.ok
    ? formatSeconds(side.seconds)
    : `${formatSeconds(side.seconds)} (wrong result, not plotted)`;
}

/** The plot as a table: every measured size with both measurements and the model beside them. */
export function CrossoverTable({
  op,
  result,
  planned,
  modeledAt,
  kernelAlone,
  catalogCpu,
  catalogGpu,
}: CrossoverTableProps) {
  const sizes = result?.sizes ?? planned;
  const byIndex = result?.points ?? [];
  return (
    <>
      <p className="xo-table-intro">
        The plot as a table. <span className="tag-measured">measured</span> columns are this device,
        each output checked against a CPU reference; <span className="tag-modeled">modeled</span>{' '}
        columns are the cost engine.
      </p>
      <ScrollRegion
        className="xo-table-wrap table-scroll"
        label="Crossover measurements as a table"
      >
        <table className="xo-table" data-table>
          <caption className="visually-hidden">
            Time per run at each size, measured and modeled
          </caption>
          <thead>
            <tr>
              <th scope="col">Size</th>
              <th scope="col">
                Your CPU <span className="tag-measured">measured</span>
              </th>
              <th scope="col">
                Your GPU, with copies <span className="tag-measured">measured</span>
              </th>
              {kernelAlone && (
                <th scope="col">
                  Your GPU, kernel alone <span className="tag-measured">measured</span>
                </th>
              )}
              <th scope="col">
                {catalogCpu} <span className="tag-modeled">modeled</span>
              </th>
              <th scope="col">
                {catalogGpu}, with copies <span className="tag-modeled">modeled</span>
              </th>
              <th scope="col">Notes</th>
            </tr>
          </thead>
          <tbody>
            {sizes.length === 0 && (
              <tr>
                <td colSpan={kernelAlone ? 7 : 6}>No sizes to show.</td>
              </tr>
            )}
            {sizes.map((size, i) => {
              const point = byIndex[i];
              const model = modeledAt(size);
              return (
                <tr key={size} data-size={size} data-measured={point ? 'yes' : 'no'}>
                  <th scope="row">{describeOpSize(op, size)}</th>
                  <td>{point ? seconds(point.cpu) : 'not measured'}</td>
                  <td>{point ? seconds(point.gpu) : 'not measured'}</td>
                  {kernelAlone && (
                    <td>
                      {point?.gpu?.kernelSeconds != null && point.gpu.check.ok
                        ? formatSeconds(point.gpu.kernelSeconds)
                        : NO_VALUE}
                    </td>
                  )}
                  <td>{model ? formatSeconds(model.cpuSeconds) : NO_VALUE}</td>
                  <td>{model ? formatSeconds(model.gpuSeconds) : NO_VALUE}</td>
                  <td className="xo-note">
                    {point?.note ?? (point ? 'both outputs checked' : '')}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
