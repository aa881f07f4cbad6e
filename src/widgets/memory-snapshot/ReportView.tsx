import { useId } from 'react';
import { formatBytesBinary, formatCount } from '../../format/units';
import type { DeviceReport, SnapshotReport } from './analysis/report';
import type { SnapshotSource } from './controller';
import { PeakTable } from './PeakTable';
import { SegmentStrips } from './SegmentStrips';
import { SNAPSHOT_VIEWS, type SnapshotView } from './settings';
import { TimelineChart } from './TimelineChart';
import { formatX } from './view-text';
import '../../ui/figure-tiles.css';

/** Props of the report. */
export interface ReportViewProps {
  report: SnapshotReport;
  source: SnapshotSource;
  device: DeviceReport;
  view: SnapshotView;
  onView(view: SnapshotView): void;
  onDevice(device: number): void;
}

const VIEW_LABELS: Record<SnapshotView, string> = {
  timeline: 'Timeline and peak',
  segments: 'Segments and blocks',
};

/** Where the file came from, in one line. */
function SourceLine({ source }: { source: SnapshotSource }) {
  if (source.kind === 'example') {
    return (
      <p className="snap-source" data-source="example">
        <strong>Example snapshot</strong> ({formatBytesBinary(source.sizeBytes)}), <em>recorded</em>{' '}
        on an NVIDIA H100 80GB HBM3 with PyTorch 2.11 by lesson 5’s snapshot code: three training
        steps of two 4096 × 4096 linear layers with AdamW, from{' '}
        <code>_record_memory_history()</code> to <code>_dump_snapshot()</code>.
      </p>
    );
  }
  return (
    <p className="snap-source" data-source="file">
      <strong>{source.name}</strong> ({formatBytesBinary(source.sizeBytes)}), read in this browser.
    </p>
  );
}

/** A few headline numbers. */
function Figures({ device }: { device: DeviceReport }) {
  const t = device.timeline;
  const items: Array<[string, string]> = [
    ...(t
      ? ([
          ['Peak allocated', formatBytesBinary(t.peakBytes)],
          ['Allocated at the end', formatBytesBinary(t.endBytes)],
          ['Events recorded', formatCount(t.counts.total)],
        ] as Array<[string, string]>)
      : []),
    ['Reserved (segments)', formatBytesBinary(device.totals.reservedBytes)],
    ['Cached free', formatBytesBinary(device.totals.freeBytes)],
  ];
  return (
    <dl className="ui-figure-tiles snap-figures">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The analysis of one file: headline figures, the chosen view, the allocator's settings. */
export function ReportView({ report, source, device, view, onView, onDevice }: ReportViewProps) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const timeline = device.timeline;
  const shown: SnapshotView = timeline ? view : 'segments';
  return (
    <div className="snap-report">
      <SourceLine source={source} />
      {!report.hasHistory && (
        <p className="snap-note" data-testid="no-history">
          {report.shape === 'segment-list' ? (
            <>
              This file holds the list <code>torch.cuda.memory_snapshot()</code> returns: segments
              only, without a history.
            </>
          ) : (
            <>
              This snapshot holds segments only: <code>_record_memory_history()</code> was not
              running when it was taken, so there is no timeline of allocations and no peak.
            </>
          )}{' '}
          Start recording before the code you want to see, then save with{' '}
          <code>_dump_snapshot()</code>.
        </p>
      )}
      {report.devices.length > 1 && (
        <label className="snap-device">
          GPU{' '}
          <select
            className="ui-field"
            value={device.device}
            onChange={(e) => onDevice(Number(e.currentTarget.value))}
          >
            {report.devices.map((d) => (
              <option key={d.device} value={d.device}>
                cuda:{d.device}
              </option>
            ))}
          </select>
        </label>
      )}
      <Figures device={device} />
      {timeline && (
        <fieldset className="snap-views">
          <legend>Show</legend>
          {SNAPSHOT_VIEWS.map((v) => (
            <label key={v}>
              <input
                type="radio"
                name={`${id}-view`}
                value={v}
                checked={shown === v}
                onChange={() => onView(v)}
              />
              {VIEW_LABELS[v]}
            </label>
          ))}
        </fieldset>
      )}
      {shown === 'timeline' && timeline ? (
        <section aria-label="Timeline and peak" className="snap-panel">
          <TimelineChart timeline={timeline} idPrefix={`${id}-chart`} />
          <p>
            The peak, <strong>{formatBytesBinary(timeline.peakBytes)}</strong>, comes at{' '}
            {formatX(timeline.peakX, timeline.xKind)}. Sizes are what the code asked for; the
            allocator rounds each up and keeps freed blocks cached (see the segments).
          </p>
          <PeakTable timeline={timeline} stacks={report.stacks} />
        </section>
      ) : (
        <section aria-label="Segments and blocks" className="snap-panel">
          <SegmentStrips segments={device.segments} totals={device.totals} stacks={report.stacks} />
        </section>
      )}
      {(report.allocatorSettings.length > 0 || report.otherKeys.length > 0) && (
        <details className="snap-settings">
          <summary>What else the file holds</summary>
          {report.allocatorSettings.length > 0 && (
            <dl>
              {report.allocatorSettings.map(([k, v]) => (
                <div key={k}>
                  <dt>
                    <code>{k}</code>
                  </dt>
                  <dd>
                    <code>{v === '' ? '(empty)' : v}</code>
                  </dd>
                </div>
              ))}
            </dl>
          )}
          {report.otherKeys.length > 0 && <p>Other keys: {report.otherKeys.join(', ')}.</p>}
        </details>
      )}
    </div>
  );
}
