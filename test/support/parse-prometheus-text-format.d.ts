// The parser ships no types: the shape it returns (one family a metric name, Prometheus's own
// text-format parser ported to JavaScript), as the tests read it.
declare module "parse-prometheus-text-format" {
  export interface MetricFamily {
    name: string;
    help: string;
    type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
    metrics: { labels?: Record<string, string>; value?: string; buckets?: Record<string, string>; quantiles?: Record<string, string>; count?: string; sum?: string }[];
  }
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
