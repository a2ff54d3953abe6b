/** The part of autocannon 8's programmatic API that bench/load uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called before each request on a connection; returns the request to send. */
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  }

  export interface AutocannonOptions {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds a request may take before it counts as an error (a timeout). */
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: AutocannonRequest[];
  }

  /** A histogram's summary; latencies are in milliseconds. */
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  export interface AutocannonResult {
    latency: Histogram;
    requests: Histogram;
    throughput: Histogram;
    /** Socket errors and timeouts. */
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    /** Seconds. */
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  export type Instance = EventEmitter & PromiseLike<AutocannonResult> & { stop(): void };

  export default function autocannon(options: AutocannonOptions): Instance;
}
