/**
 * A small round-robin reverse proxy for the two-instance browser journeys (issue 36, point 5):
 * each request goes to the next upstream in turn, streamed both ways (the event stream too), with
 * X-Forwarded-For/-Proto and the request id passed on as a production proxy would. Each answer
 * says which upstream served it (`X-Upstream`), so a test can see both instances at work. A
 * request that cannot reach its upstream before anything was sent is tried on the next one.
 *
 *   node scripts/round-robin-proxy.ts <listen-port> <upstream-port> [<upstream-port>…]
 */
import http from "node:http";

const [listenPort, ...upstreamPorts] = process.argv.slice(2).map(Number);
if (!listenPort || upstreamPorts.length === 0 || upstreamPorts.some((p) => !p)) {
  console.error("usage: round-robin-proxy.ts <listen-port> <upstream-port>…");
  process.exit(2);
}
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let next = 0;

function forward(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: Buffer | null,
  attemptsLeft: number,
) {
  const index = next++ % upstreamPorts.length;
  const port = upstreamPorts[index] as number;
  const headers = { ...req.headers };
  const from = req.socket.remoteAddress ?? "127.0.0.1";
  headers["x-forwarded-for"] = headers["x-forwarded-for"]
    ? `${headers["x-forwarded-for"]}, ${from}`
    : from;
  headers["x-forwarded-proto"] = "http";
  const upstream = http.request(
    { host: "127.0.0.1", port, method: req.method, path: req.url, headers, agent },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, {
        ...answer.headers,
        "x-upstream": String(index + 1),
      });
      answer.pipe(res);
      res.on("close", () => answer.destroy());
    },
  );
  upstream.on("error", () => {
    if (res.headersSent) return res.destroy();
    // Nothing reached the client yet: a body we hold can be sent again to the next instance.
    if (attemptsLeft > 1 && body !== null) return forward(req, res, body, attemptsLeft - 1);
    res.writeHead(502, { "content-type": "text/plain" });
    res.end("Bad gateway");
  });
  req.on("aborted", () => upstream.destroy());
  if (body !== null) upstream.end(body);
  else req.pipe(upstream);
}

const server = http.createServer((req, res) => {
  // Small bodies are held so that a request can be retried; uploads stream straight through.
  const length = Number(req.headers["content-length"] ?? 0);
  const chunked = req.headers["transfer-encoding"] !== undefined;
  if (req.method === "GET" || req.method === "HEAD") {
    return forward(req, res, Buffer.alloc(0), upstreamPorts.length);
  }
  if (!chunked && length <= 1024 * 1024) {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => forward(req, res, Buffer.concat(chunks), upstreamPorts.length));
    return;
  }
  forward(req, res, null, 1);
});
server.keepAliveTimeout = 65_000;
server.listen(listenPort, "127.0.0.1", () => {
  console.log(`round-robin proxy on ${listenPort} → ${upstreamPorts.join(", ")}`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}
