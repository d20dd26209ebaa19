/**
 * OpenTelemetry, only when OTEL_EXPORTER_OTLP_ENDPOINT is set (decision 059): one server span
 * per request (parented on the proxy's `traceparent`) and the request duration histogram,
 * exported over OTLP/HTTP. The SDK's modules are imported here, on first use, so a server
 * without the setting loads none of them and pays nothing per request.
 */
import type http from "node:http";
import type { RequestContext } from "../app/server/logger.server.ts";

export interface Telemetry {
  /** Starts the request's span; it ends (and its duration is recorded) when the response closes. */
  observe(req: http.IncomingMessage, res: http.ServerResponse, context: RequestContext): void;
  /** Sends what is buffered, then stops. */
  shutdown(): Promise<void>;
}

export interface TelemetrySettings {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_SERVICE_NAME: string;
}

export async function startTelemetry(settings: TelemetrySettings): Promise<Telemetry | null> {
  const endpoint = settings.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/$/, "");
  if (!endpoint) return null;
  const [api, core, resources, traceSdk, metricsSdk, traceExporter, metricExporter] =
    await Promise.all([
      import("@opentelemetry/api"),
      import("@opentelemetry/core"),
      import("@opentelemetry/resources"),
      import("@opentelemetry/sdk-trace"),
      import("@opentelemetry/sdk-metrics"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/exporter-metrics-otlp-http"),
    ]);
  const resource = resources.resourceFromAttributes({
    "service.name": settings.OTEL_SERVICE_NAME,
    "service.instance.id": `${process.pid}`,
  });
  const tracerProvider = new traceSdk.TracerProvider({
    resource,
    spanProcessors: [
      new traceSdk.BatchSpanProcessor({
        exporter: new traceExporter.OTLPTraceExporter({ url: `${endpoint}/v1/traces` }),
      }),
    ],
  });
  const meterProvider = new metricsSdk.MeterProvider({
    resource,
    readers: [
      new metricsSdk.PeriodicExportingMetricReader({
        exporter: new metricExporter.OTLPMetricExporter({ url: `${endpoint}/v1/metrics` }),
        exportIntervalMillis: 15_000,
      }),
    ],
  });
  const tracer = tracerProvider.getTracer("kopano-server");
  const duration = meterProvider
    .getMeter("kopano-server")
    .createHistogram("http.server.request.duration", {
      unit: "s",
      description: "Duration of HTTP server requests.",
    });
  const propagator = new core.W3CTraceContextPropagator();
  const getter = {
    get: (carrier: http.IncomingHttpHeaders, key: string) => carrier[key],
    keys: (carrier: http.IncomingHttpHeaders) => Object.keys(carrier),
  };

  return {
    observe(req, res, context) {
      const parent = propagator.extract(api.ROOT_CONTEXT, req.headers, getter);
      const method = req.method ?? "GET";
      const started = performance.now();
      const span = tracer.startSpan(
        method,
        {
          kind: api.SpanKind.SERVER,
          attributes: { "http.request.method": method, "request.id": context.requestId },
        },
        parent,
      );
      res.once("close", () => {
        const status = res.statusCode;
        span.setAttribute("url.path", (req.url ?? "/").split("?")[0] ?? "/");
        span.setAttribute("http.response.status_code", status);
        if (context.userId) span.setAttribute("enduser.id", context.userId);
        if (status >= 500 || !res.writableFinished)
          span.setStatus({ code: api.SpanStatusCode.ERROR });
        span.end();
        duration.record((performance.now() - started) / 1000, {
          "http.request.method": method,
          "http.response.status_code": status,
        });
      });
    },
    async shutdown() {
      await Promise.allSettled([tracerProvider.shutdown(), meterProvider.shutdown()]);
    },
  };
}
