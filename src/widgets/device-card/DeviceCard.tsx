import { useEffect, useState } from 'react';
import { ColumnHeads } from '../../ui/ColumnHeads';
import { copyLimits } from '../../gpu';
import type { GpuAcquisition } from '../../gpu';
import { useWidgetState } from '../../state/useWidgetState';
import { WidgetRoot } from '../../ui/frame/WidgetRoot';
import type { WidgetStatus } from '../../ui/frame/status';
import { allLimits, identityFacts, keyLimits, PYTORCH_COUNTERPARTS } from './device-facts';
import { deviceSchema } from './settings';
import { ScrollRegion } from '../../ui/ScrollRegion';
import '../../ui/readout-table.css';
import '../../ui/status.css';
import './device-card.css';
import { deviceCardFace } from './face';

/** Props of the card: how to get the GPU (the page's shared device in a browser). */
export interface DeviceCardProps {
  acquire(): Promise<GpuAcquisition>;
}

/**
 * "Your GPU": what WebGPU reports about this browser's adapter, the browser's counterpart of
 * PyTorch's `torch.cuda.get_device_properties`. It has no settings; its share link only
 * scrolls to it, and carries nothing it reports.
 */
export function DeviceCard({ acquire }: DeviceCardProps) {
  const settings = useWidgetState(deviceSchema);
  const [acquisition, setAcquisition] = useState<GpuAcquisition | null>(null);
  useEffect(() => {
    let live = true;
    void acquire().then((result) => live && setAcquisition(result));
    return () => {
      live = false;
    };
  }, [acquire]);

  const status: WidgetStatus = !acquisition ? 'running' : acquisition.ok ? 'done' : 'error';
  return (
    <WidgetRoot widget={deviceCardFace} status={status} settings={settings}>
      {!acquisition && <p>Asking the browser for its GPU adapter…</p>}
      {acquisition && !acquisition.ok && (
        <p className="dc-none" role="status">
          No GPU to describe: {acquisition.message}
        </p>
      )}
      {acquisition?.ok && <AdapterFacts acquisition={acquisition} />}
    </WidgetRoot>
  );
}

/** The card's content once a device is there. */
function AdapterFacts({ acquisition }: { acquisition: Extract<GpuAcquisition, { ok: true }> }) {
  const { adapter, device } = acquisition.gpu;
  const identity = identityFacts(adapter, device.features.has('timestamp-query'));
  const limits = keyLimits(adapter, copyLimits(device.limits));
  const everyLimit = allLimits(adapter);
  return (
    <>
      {adapter.isFallback && (
        <p className="ui-warn-note" role="note" data-fallback>
          This is a software fallback adapter: WebGPU runs on your CPU cores, not on a graphics
          chip. Everything still works, at CPU speed, and the lab&apos;s measurements describe your
          CPU.
        </p>
      )}
      <dl className="dc-identity">
        {identity.map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      <h4>Limits that shape a compute kernel</h4>
      <ScrollRegion className="table-scroll" label="Key limits">
        <table className="ui-readout dc-table">
          <ColumnHeads
            names={[
              'WebGPU limit',
              'Adapter',
              'This page’s device',
              'What it bounds',
              'CUDA counterpart',
            ]}
          />
          <tbody>
            {limits.map((l) => (
              <tr key={l.name} data-limit={l.name}>
                <th scope="row">
                  <code>{l.name}</code>
                </th>
                <td className="num">{l.value}</td>
                <td className="num">{l.deviceValue}</td>
                <td>{l.meaning}</td>
                <td>{l.cuda}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="dc-note">
        A page&apos;s device gets WebGPU&apos;s default limits unless it asks for more, so it can be
        held below what the adapter offers. The kernel lab keeps to the defaults, which every
        adapter supports, and fits its sizes to them.
      </p>
      <h4>Compared with PyTorch</h4>
      <ScrollRegion className="table-scroll" label="PyTorch counterparts">
        <table className="ui-readout dc-table">
          <thead>
            <tr>
              <th scope="col">
                <code>get_device_properties</code>
              </th>
              <th scope="col">In WebGPU</th>
            </tr>
          </thead>
          <tbody>
            {PYTORCH_COUNTERPARTS.map((row) => (
              <tr key={row.pytorch}>
                <th scope="row">{row.pytorch}</th>
                <td>{row.webgpu}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p className="dc-note">
        Browsers hide memory size, core counts and exact models so that pages cannot fingerprint
        your machine; what they do report is enough to size kernels safely.
      </p>
      <details className="dc-details">
        <summary>All {everyLimit.length} limits</summary>
        <ScrollRegion className="table-scroll" label="All limits">
          <table className="ui-readout dc-table">
            <tbody>
              {everyLimit.map((f) => (
                <tr key={f.label}>
                  <th scope="row">
                    <code>{f.label}</code>
                  </th>
                  <td className="num">{f.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
      <details className="dc-details">
        <summary>All {adapter.features.length} features</summary>
        <ul className="dc-features">
          {adapter.features.map((f) => (
            <li key={f}>
              <code>{f}</code>
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}
