// The few autocannon options and result fields the load runs use (the package ships no types).
declare module 'autocannon' {
  interface Req {
    path: string;
  }
  interface Options {
    url: string;
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    requests?: Array<{ setupRequest?: (req: Req) => Req }>;
  }
  interface Histogram {
    average: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  /** The running load: a promise of the result that also emits one `response` per answer. */
  interface Instance extends Promise<Result> {
    on(
      event: 'response',
      listener: (client: object, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
  }
  function autocannon(opts: Options): Instance;
  export default autocannon;
}
