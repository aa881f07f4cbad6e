import { useId } from 'react';
import { gpuIds, getGpu } from '../../engine/catalog';
import {
  formatBytesDecimal,
  formatGigabytesPerSecond,
  formatPercent,
  formatSeconds,
} from '../../format/units';
import { LANE_LOAD_BYTES, latencyHiding, type LaneLoadBytes } from './latency';
import { WarpPanel, WarpTable } from './WarpPanel';

/** Props of the latency panel. */
export interface LatencyPanelProps {
  gpuId: string;
  laneBytes: LaneLoadBytes;
  onChange(patch: { gpuId?: string; laneBytes?: LaneLoadBytes }): void;
}

/** Resident warps per SM against the share of memory bandwidth their loads can keep busy. */
export function LatencyPanel({ gpuId, laneBytes, onChange }: LatencyPanelProps) {
  const id = useId();
  const h = latencyHiding(gpuId, Number(laneBytes));
  return (
    <WarpPanel panel="latency" title="Latency hiding: how many warps keep memory busy">
      <div className="warp-fields">
        <span className="warp-field">
          <label htmlFor={`${id}-gpu`}>Catalog GPU</label>
          <select
            id={`${id}-gpu`}
            className="ui-field"
            value={gpuId}
            onChange={(e) => onChange({ gpuId: e.target.value })}
          >
            {gpuIds().map((g) => (
              <option key={g} value={g}>
                {getGpu(g).name}
              </option>
            ))}
          </select>
        </span>
        <span className="warp-field">
          <label htmlFor={`${id}-bytes`}>Bytes each lane loads at once</label>
          <select
            id={`${id}-bytes`}
            className="ui-field"
            value={laneBytes}
            onChange={(e) => onChange({ laneBytes: e.target.value as LaneLoadBytes })}
          >
            {LANE_LOAD_BYTES.map((b) => (
              <option key={b} value={b}>
                {b === '4' ? '4 (one f32)' : '16 (a vec4)'}
              </option>
            ))}
          </select>
        </span>
      </div>
      <p>
        <span className="tag-modeled">modeled</span> {h.gpuName}:{' '}
        {formatGigabytesPerSecond(h.bytesPerSecond)} achievable, and a load waits about{' '}
        {formatSeconds(h.latency.value)} (an estimate: {h.latency.note}). Little&apos;s law:{' '}
        {formatBytesDecimal(h.bytesInFlightNeeded)} must be in flight,{' '}
        {formatBytesDecimal(h.bytesInFlightPerSmNeeded)} on each of {h.sms} SMs, or{' '}
        <strong data-warps-needed={h.warpsPerSmNeeded.toFixed(1)}>
          {h.warpsPerSmNeeded.toFixed(1)} warps
        </strong>{' '}
        per SM each with one {h.bytesPerWarpLoad}-byte load outstanding. An SM holds at most{' '}
        {h.maxWarpsPerSm}
        {h.fullOccupancyHides
          ? ', so high occupancy hides the latency and more warps than that buy nothing.'
          : ', too few to hide the latency with one load per warp: each warp must keep several loads in flight.'}
      </p>
      <WarpTable
        caption="Resident warps per SM and the share of bandwidth they can sustain"
        heads={['Warps per SM', 'Bytes in flight per SM', 'Share of bandwidth']}
      >
        {h.rows.map((r) => (
          <tr key={r.warpsPerSm}>
            <th scope="row">{r.warpsPerSm}</th>
            <td>{formatBytesDecimal(r.bytesInFlightPerSm)}</td>
            <td>
              <span className="warp-bar" aria-hidden="true">
                <span style={{ width: `${r.bandwidthFraction * 100}%` }} />
              </span>{' '}
              {formatPercent(r.bandwidthFraction)}
            </td>
          </tr>
        ))}
      </WarpTable>
    </WarpPanel>
  );
}
