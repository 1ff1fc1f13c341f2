// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p99: number; total: number };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    non2xx: number;
    errors: number;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    /** Each connection sends these in turn; `setupRequest` may change a request before it goes. */
    requests?: { setupRequest?: (request: { path: string }) => { path: string } }[];
  };
  function autocannon(options: Options): Promise<Result>;
  namespace autocannon {
    export type { Result, Options };
  }
  export default autocannon;
}
