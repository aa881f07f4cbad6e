import { useId } from 'react';
import { formatViewPercent } from './percent';
import { formatGigabytesPerSecond, formatRatio, formatSeconds } from '../../format/units';
import { SECTOR_BYTES, STRIDE_LIMITS, WORD_BYTES, warpLoad } from './coalescing';
import { strideRows, type StrideReading } from './measured';
import { WarpPanel, WarpTable } from './WarpPanel';

/** Props of the coalescing panel. */
export interface CoalescingPanelProps {
  stride: number;
  onStride(stride: number): void;
  readings: readonly StrideReading[];
  gpuId: string;
  gpuName: string;
}

/** Words in one sector. */
const WORDS_PER_SECTOR = SECTOR_BYTES / WORD_BYTES;

/** Addresses as "0, 8, 16 … 248". */
function addressList(addresses: readonly number[]): string {
  const head = addresses.slice(0, 4).join(', ');
  return addresses.length > 4 ? `${head} … ${addresses.at(-1)}` : head;
}

/**
 * A stride control, the addresses one warp's load touches, the sectors it fetches (each drawn
 * with the words the lanes use), the share of fetched bytes used, and the measured table.
 */
export function CoalescingPanel({
  stride,
  onStride,
  readings,
  gpuId,
  gpuName,
}: CoalescingPanelProps) {
  const id = useId();
  const load = warpLoad(stride);
  const used = new Set(load.addressesBytes.map((a) => a / WORD_BYTES));
  const rows = strideRows(readings, gpuId);
  return (
    <WarpPanel panel="coalescing" title="Coalescing: one load, 32 lanes">
      <div className="warp-field">
        <label htmlFor={`${id}-stride`}>Load stride (words of 4 bytes)</label>
        <input
          id={`${id}-stride`}
          type="range"
          min={STRIDE_LIMITS.min}
          max={STRIDE_LIMITS.max}
          value={stride}
          onChange={(e) => onStride(Number(e.target.value))}
        />
        <output htmlFor={`${id}-stride`} data-stride={stride}>
          {stride}
        </output>
      </div>
      <p className="warp-mono">
        Lane i reads word i × {stride}: byte addresses {addressList(load.addressesBytes)}.
      </p>
      <p className="warp-result" data-sectors={load.sectors.length} data-share={load.usedShare}>
        <strong>{load.sectors.length} sectors</strong> of {SECTOR_BYTES} bytes fetched (
        {load.bytesFetched} bytes) for {load.bytesUsed} bytes used:{' '}
        <strong>{formatViewPercent(load.usedShare)}</strong> of the fetched bytes are used.
      </p>
      <div
        className="warp-sectors"
        role="img"
        aria-label={`${load.sectors.length} sectors, ${formatViewPercent(load.usedShare)} of their words used`}
      >
        {load.sectors.map((sector) => (
          <span key={sector} className="warp-sector" aria-hidden="true">
            {Array.from({ length: WORDS_PER_SECTOR }, (_, w) => (
              <span
                key={w}
                className="warp-word"
                data-used={used.has(sector * WORDS_PER_SECTOR + w)}
              />
            ))}
          </span>
        ))}
      </div>
      {rows.length > 0 ? (
        <WarpTable
          caption={
            <>
              Strided read: <span className="tag-measured">measured</span> on this device,{' '}
              <span className="tag-modeled">modeled</span> on {gpuName}
            </>
          }
          heads={[
            'Stride',
            'Time per launch',
            'Useful bandwidth',
            'vs stride 1',
            'Modeled useful bandwidth',
          ]}
          data={{ 'data-measured-strides': rows.length }}
        >
          {rows.map((r) => (
            <tr key={r.stride} data-stride-row={r.stride}>
              <th scope="row">{r.stride}</th>
              <td>{formatSeconds(r.seconds)}</td>
              <td>{formatGigabytesPerSecond(r.usefulBytesPerSecond)}</td>
              <td>{formatRatio(r.relativeToStride1)}</td>
              <td>{formatGigabytesPerSecond(r.modeledUsefulBytesPerSecond)}</td>
            </tr>
          ))}
        </WarpTable>
      ) : null}
    </WarpPanel>
  );
}
