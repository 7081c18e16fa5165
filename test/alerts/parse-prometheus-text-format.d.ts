declare module 'parse-prometheus-text-format' {
  interface Sample {
    readonly value?: string;
    readonly labels?: Readonly<Record<string, string>>;
    readonly timestamp_ms?: string;
  }
  interface MetricFamily {
    readonly name: string;
    readonly help: string;
    readonly type: string;
    readonly metrics: readonly Sample[];
  }
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
