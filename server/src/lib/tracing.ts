import type { EventEmitter } from 'node:events';
import type { Context, Span, SpanKind, Tracer } from '@opentelemetry/api';

/**
 * OpenTelemetry traces (issue 34, docs/decisions/077): with OTEL_EXPORTER_OTLP_ENDPOINT set, one
 * trace runs from an HTTP request through the command, the event append, the job (its parent travels
 * in the job's data as a W3C traceparent) and the mail. Off otherwise, at the cost of one branch per
 * span: OpenTelemetry's API, SDK and exporter are imported only when tracing starts (about 12 MiB of
 * RSS and 3 MiB of heap in the worker's bundle; nothing when off).
 *
 * Nothing here touches OpenTelemetry's process-wide globals (no global tracer provider, no global
 * context manager): the tracer and the context manager are this module's, so a test that starts
 * tracing and stops it leaves nothing behind for the next file in the same worker, and a library
 * that registers its own instrumentation sees none of ours.
 *
 * Attributes carry only what the code names: route patterns, procedure, handler and template names,
 * event types, counts, status codes and error classes — never a raw URL, query, address, name,
 * phone or an error's message (which may quote what a person typed).
 */

export type SpanAttributes = Record<string, string | number | boolean | readonly string[]>;

/** What the code inside a span may add to it once it knows (the events a command appended, a status). */
export interface SpanNote {
  set(attributes: SpanAttributes): void;
}

const NO_NOTE: SpanNote = { set() {} };

interface ContextManager {
  active(): Context;
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(context: Context, fn: F, thisArg?: ThisParameterType<F>, ...args: A): ReturnType<F>;
  bind<T>(context: Context, target: T): T;
  disable(): unknown;
}

type Api = typeof import('@opentelemetry/api');

interface Tracing {
  api: Api;
  tracer: Tracer;
  contexts: ContextManager;
  flush(): Promise<void>;
  shutdown(): Promise<void>;
  users: number;
}

let active: Tracing | null = null;

export interface TracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL; spans go to `<endpoint>/v1/traces` as OTLP/HTTP JSON. */
  endpoint: string;
  /** service.name: OTEL_SERVICE_NAME, else `sahay-server`, `sahay-worker`. */
  serviceName: string;
}

export interface TracingHandle {
  /** Sends the spans ended so far. */
  flush(): Promise<void>;
  /** Flushes and, when no other user of this process's tracing is left, stops it. */
  shutdown(): Promise<void>;
}

/** `<endpoint>/v1/traces`, as the OTLP specification builds the traces URL from the base endpoint. */
export function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/v1/traces`;
}

/**
 * Starts this process's tracing (one per process: a second call, as a second set of services in a
 * test makes, shares it and counts one more user).
 */
export async function startTracing(options: TracingOptions): Promise<TracingHandle> {
  if (!active) {
    const [api, { BasicTracerProvider, BatchSpanProcessor }, { AsyncLocalStorageContextManager }, { OTLPTraceExporter }, { resourceFromAttributes }] = await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ]);
    const exporter = new OTLPTraceExporter({ url: tracesUrl(options.endpoint) });
    const provider = new BasicTracerProvider({
      resource: resourceFromAttributes({ 'service.name': options.serviceName }),
      // Small batches, sent at least every 2 s; at most 2,048 spans wait (the SDK's default), so a
      // collector that is away costs bounded memory and drops spans rather than the process.
      spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 2_000, maxExportBatchSize: 256 })],
    });
    const contexts = new AsyncLocalStorageContextManager().enable();
    const tracing: Tracing = {
      api,
      tracer: provider.getTracer('sahay'),
      contexts,
      flush: () => provider.forceFlush(),
      async shutdown() {
        await provider.shutdown();
        contexts.disable();
      },
      users: 0,
    };
    active = tracing;
  }
  const tracing = active;
  tracing.users += 1;
  let stopped = false;
  return {
    flush: () => tracing.flush(),
    async shutdown() {
      if (stopped) return;
      stopped = true;
      tracing.users -= 1;
      if (tracing.users > 0) {
        await tracing.flush();
        return;
      }
      if (active === tracing) active = null;
      await tracing.shutdown();
    },
  };
}

/** Whether spans are being recorded in this process. */
export function isTracing(): boolean {
  return active !== null;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The W3C traceparent of the span running now, for a job's data or an event's metadata; undefined when none. */
export function currentTraceparent(): string | undefined {
  if (!active) return undefined;
  const { trace } = active.api;
  const context = trace.getSpan(active.contexts.active())?.spanContext();
  if (!context || !trace.isSpanContextValid(context)) return undefined;
  return `00-${context.traceId}-${context.spanId}-0${context.traceFlags & 1}`;
}

/** The context whose parent is the span a traceparent names; the root when it names none (or is not one). */
function parentOf({ trace, ROOT_CONTEXT }: Api, traceparent: string | undefined): Context {
  const match = traceparent ? TRACEPARENT.exec(traceparent) : null;
  if (!match) return ROOT_CONTEXT;
  const spanContext = { traceId: match[1]!, spanId: match[2]!, traceFlags: Number.parseInt(match[3]!, 16) & 1, isRemote: true };
  return trace.isSpanContextValid(spanContext) ? trace.setSpanContext(ROOT_CONTEXT, spanContext) : ROOT_CONTEXT;
}

/** The class or code of an error, never its message. */
function errorKind(error: unknown): string {
  if (error && typeof error === 'object') {
    const code = (error as { code?: unknown }).code;
    const name = (error as { name?: unknown }).name;
    if (typeof code === 'string' && /^[A-Z_]{2,40}$/.test(code)) return code;
    if (typeof name === 'string' && /^[A-Za-z]{1,60}$/.test(name)) return name;
  }
  return 'Error';
}

function failed({ SpanStatusCode }: Api, span: Span, error: unknown): void {
  const kind = errorKind(error);
  span.setAttribute('error.type', kind);
  span.setStatus({ code: SpanStatusCode.ERROR, message: kind });
}

export interface SpanOptions {
  kind?: 'internal' | 'server' | 'consumer' | 'producer' | 'client';
  /** A traceparent to continue (a job's): the span is its child, whatever runs now. */
  parent?: string;
}

function kindOf({ SpanKind: kinds }: Api, kind: SpanOptions['kind'] = 'internal'): SpanKind {
  return { internal: kinds.INTERNAL, server: kinds.SERVER, consumer: kinds.CONSUMER, producer: kinds.PRODUCER, client: kinds.CLIENT }[kind];
}

/**
 * Runs `fn` inside a span named `name` (a child of the span running now, or of `options.parent`);
 * the span ends when `fn` settles, marked as an error with the error's class when it throws. With
 * tracing off, `fn` runs as it is.
 */
export function inSpan<T>(name: string, attributes: SpanAttributes, fn: (note: SpanNote) => Promise<T>, options: SpanOptions = {}): Promise<T> {
  const tracing = active;
  if (!tracing) return fn(NO_NOTE);
  const { api } = tracing;
  const parent = options.parent !== undefined ? parentOf(api, options.parent) : tracing.contexts.active();
  const span = tracing.tracer.startSpan(name, { kind: kindOf(api, options.kind), attributes: attributes as Record<string, string | number | boolean | string[]> }, parent);
  const note: SpanNote = { set: (more) => span.setAttributes(more as Record<string, string | number | boolean | string[]>) };
  return tracing.contexts.with(api.trace.setSpan(parent, span), async () => {
    try {
      return await fn(note);
    } catch (error) {
      failed(api, span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A span that starts now and ends when its owner says (an HTTP request's), with what runs in it. */
export interface OpenSpan {
  /** Runs `fn` with this span as the current one. */
  run<T>(fn: () => T): T;
  /** Keeps the listeners of a request or response in this span (body parsing runs in the socket's callbacks). */
  bind(emitter: EventEmitter): void;
  end(name: string, attributes: SpanAttributes, isError: boolean): void;
}

/** A new root span (a request: whatever trace a caller names is not continued — the site is public); null with tracing off. */
export function openRootSpan(name: string, attributes: SpanAttributes, kind: SpanOptions['kind'] = 'server'): OpenSpan | null {
  const tracing = active;
  if (!tracing) return null;
  const { trace, ROOT_CONTEXT, SpanStatusCode } = tracing.api;
  const span = tracing.tracer.startSpan(name, { kind: kindOf(tracing.api, kind), attributes: attributes as Record<string, string | number | boolean | string[]>, root: true }, ROOT_CONTEXT);
  const context = trace.setSpan(ROOT_CONTEXT, span);
  return {
    run: (fn) => tracing.contexts.with(context, fn),
    bind: (emitter) => {
      tracing.contexts.bind(context, emitter);
    },
    end(finalName, more, isError) {
      span.updateName(finalName);
      span.setAttributes(more as Record<string, string | number | boolean | string[]>);
      if (isError) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}
