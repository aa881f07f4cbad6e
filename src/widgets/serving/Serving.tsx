import { memo, useCallback, useEffect, useId, useRef } from 'react';
import { formatCount, formatSeconds } from '../../format/units';
import { useWidgetState } from '../../state/useWidgetState';
import { WidgetRoot } from '../../ui/frame/WidgetRoot';
import { useController } from '../../ui/useController';
import { useElementWidth } from '../../ui/useElementWidth';
import type { ServingResult } from './analysis';
import type { BenchReading } from './bench-output';
import { BenchPanel } from './BenchPanel';
import { createBrowserServingDeps } from './browser-deps';
import { ServingController, type ServingDeps } from './controller';
import { LeversPanel } from './LeversPanel';
import { MemoryPanel } from './MemoryPanel';
import { PrintPanel } from './PrintPanel';
import { SchedulerPanel } from './SchedulerPanel';
import { ServingInputs, SpecInputs } from './ServingInputs';
import { isCustomModel, isPrintModel, servingSchema } from './settings';
import { SweepPanel } from './SweepPanel';
import '../../ui/panel.css';
import './serving.css';
import { servingFace } from './face';

/** Props a lesson may pass; anything invalid is corrected with a visible notice. */
export interface ServingProps {
  /** A zoo language model id (default llama3.1-8b), `custom` or `print`. */
  model?: unknown;
  /** Catalog GPU id (default h100-sxm). */
  gpu?: unknown;
  /** Tensor-parallel GPUs: "1" (default), "2", "4" or "8". */
  tp?: unknown;
  /** bf16 (default), fp16, fp8, int8 or int4. */
  weights?: unknown;
  /** bf16 (default), fp16 or fp8. */
  kvCache?: unknown;
  /** Prompt tokens per request (default 1024). */
  inputTokens?: unknown;
  /** Output tokens per request (default 512). */
  outputTokens?: unknown;
  /** "clients" (default) or "max" (as many as fit). */
  load?: unknown;
  /** Clients sending back to back (default 32). */
  concurrency?: unknown;
  /** Name of this instance when the widget appears twice on a page. */
  instance?: string;
  /** Dependencies; tests pass fakes, lessons leave it out. */
  deps?: ServingDeps;
}

/** A panel's border and padding, left and right together, in CSS pixels. */
const PANEL_INSET_PX = 28;

/** The answer in two sentences. */
const Summary = memo(function Summary({ result }: { result: ServingResult }) {
  const { prediction, workload, setup } = result;
  const gpus = setup.gpus ?? 1;
  const load =
    workload.concurrency === 'max'
      ? `as many requests in flight as fit (${formatCount(prediction.concurrentRequests)})`
      : `${formatCount(workload.concurrency)} client${workload.concurrency === 1 ? '' : 's'} sending back to back`;
  return (
    <div className="sv-summary" data-summary>
      <p>
        <span className="tag-modeled">modeled</span> {result.modelName} on{' '}
        {gpus > 1 ? `${gpus} × ` : 'one '}
        {result.gpuName}, weights in {setup.weights}, the KV cache in {setup.kvCache}, {load}, each
        request {formatCount(workload.inputTokens)} tokens in and{' '}
        {formatCount(workload.outputTokens)} out:
      </p>
      <dl className="sv-figures">
        <div>
          <dt>Output tokens/s</dt>
          <dd data-throughput={prediction.outputTokensPerSecond}>
            {formatCount(prediction.outputTokensPerSecond)}
          </dd>
        </div>
        <div>
          <dt>Mean time to first token (TTFT)</dt>
          <dd data-ttft={prediction.ttftSeconds}>{formatSeconds(prediction.ttftSeconds)}</dd>
        </div>
        <div>
          <dt>Mean time per output token (TPOT)</dt>
          <dd data-tpot={prediction.tpotSeconds}>{formatSeconds(prediction.tpotSeconds)}</dd>
        </div>
        <div>
          <dt>Requests in flight</dt>
          <dd data-in-flight={prediction.concurrentRequests}>
            {formatCount(prediction.concurrentRequests)}
          </dd>
        </div>
      </dl>
    </div>
  );
});

/** What the model assumes, briefly. */
function Notes() {
  return (
    <details className="sv-details sv-notes-box">
      <summary>What the model assumes</summary>
      <ul>
        <li>
          A server as vLLM and TensorRT-LLM run one offline: continuous (in-flight) batching,
          chunked prefill within a token budget per step, a paged KV cache that a request gets for
          its whole length when it is admitted (nothing is evicted), CUDA graphs in decode.
        </li>
        <li>
          Each step’s products take the longer of their arithmetic and their weight reads; attention
          reads the cached keys and values; tensor parallelism adds two all-reduces per layer over
          the GPUs’ link. int8 and int4 are weight-only formats (16-bit arithmetic); fp8 runs on fp8
          tensor cores where the GPU has them.
        </li>
        <li>
          All requests are alike (the lengths above), as serving benchmarks send them; sampling,
          prefix caching and real prompts’ varied lengths are left out. Every figure is the course’s
          cost engine’s, not a measurement, unless it is marked measured.
        </li>
      </ul>
    </details>
  );
}

/**
 * The serving simulator: a decoder (a zoo language model, a spec, or a pasted print(model)) on
 * one or several catalog GPUs, its memory as weights, KV cache and the rest, the scheduler's
 * continuous batching step by step, throughput and latency against concurrency with the knee,
 * what each lever buys, and a learner's measured benchmark beside the engine's prediction.
 */
export default function Serving({ instance, deps, ...props }: ServingProps) {
  const handle = useWidgetState(servingSchema, props, instance ? { instance } : {});
  const [controller, state] = useController(
    () => new ServingController(deps ?? createBrowserServingDeps(), handle.state),
  );
  useEffect(() => controller.configure(handle.state), [controller, handle.state]);
  const idBase = `sv-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const bodyRef = useRef<HTMLDivElement>(null);
  const widthPx = Math.max(200, useElementWidth(bodyRef, 720) - PANEL_INSET_PX);
  const { analysis, settings } = state;
  const { set } = handle;
  const onStep = useCallback((step: number) => set({ step }), [set]);
  const useWorkload = (reading: BenchReading) =>
    set({
      ...(reading.inputTokens === null ? {} : { inputTokens: reading.inputTokens }),
      ...(reading.outputTokens === null ? {} : { outputTokens: reading.outputTokens }),
      ...(reading.concurrency === null
        ? { load: 'max' as const }
        : { load: 'clients' as const, concurrency: reading.concurrency }),
    });

  return (
    <WidgetRoot widget={servingFace} status={state.status} settings={handle}>
      <p className="widget-intro">
        Serve a language model: choose it, the GPUs and the formats, and the requests; see where
        memory goes, how the scheduler batches requests step by step, how throughput and latency
        trade as more requests run at once, and what each lever buys. Every figure here is{' '}
        <span className="tag-modeled">modeled</span> by the course’s cost engine unless it is marked{' '}
        <span className="tag-measured">measured</span>: those come from your own server’s benchmark,
        pasted at the end.
      </p>
      <ServingInputs settings={handle.state} set={set} idBase={idBase} />
      {isCustomModel(handle.state) && (
        <SpecInputs settings={handle.state} set={set} idBase={idBase} />
      )}
      {isPrintModel(handle.state) && (
        <PrintPanel
          printed={state.printed}
          settings={handle.state}
          set={set}
          onText={(text) => controller.setPrintText(text)}
          onExample={() => controller.loadPrintExample()}
          idBase={idBase}
        />
      )}
      <div ref={bodyRef} className="sv-body">
        {analysis.kind === 'problem' ? (
          <>
            {analysis.cause === 'awaiting' ? (
              <p className="sv-awaiting" role="status" data-problem={analysis.cause}>
                {`Nothing to model yet: ${analysis.message}`}
              </p>
            ) : (
              <p className="sv-problem" role="alert" data-problem={analysis.cause}>
                {`The engine cannot serve this: ${analysis.message}`}
              </p>
            )}
            {analysis.memory && (
              <MemoryPanel
                memory={analysis.memory}
                gpuName={analysis.gpuName}
                gpus={Number(settings.tp)}
                requestTokens={settings.inputTokens + settings.outputTokens}
                widthPx={widthPx}
                idBase={idBase}
              />
            )}
          </>
        ) : (
          <>
            <Summary result={analysis} />
            <MemoryPanel
              memory={analysis.prediction.memory}
              gpuName={analysis.gpuName}
              gpus={analysis.setup.gpus ?? 1}
              requestTokens={analysis.workload.inputTokens + analysis.workload.outputTokens}
              widthPx={widthPx}
              idBase={idBase}
            />
            <SchedulerPanel
              prediction={analysis.prediction}
              step={settings.step}
              onStep={onStep}
              widthPx={widthPx}
              idBase={idBase}
            />
            <SweepPanel
              sweep={analysis.sweep}
              knee={analysis.knee}
              maxFit={analysis.maxFit}
              current={
                analysis.workload.concurrency === 'max'
                  ? analysis.maxFit
                  : analysis.workload.concurrency
              }
              widthPx={widthPx}
              idBase={idBase}
            />
            <LeversPanel levers={analysis.levers} idBase={idBase} />
          </>
        )}
        <BenchPanel
          bench={state.bench}
          noPrediction={analysis.kind === 'problem' ? analysis.message : null}
          onText={(text) => controller.setBenchText(text)}
          onUseWorkload={useWorkload}
          idBase={idBase}
        />
        <Notes />
      </div>
    </WidgetRoot>
  );
}
