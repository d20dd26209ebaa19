/**
 * Start the production build (`server.ts` after `npm run build`) as a child process and wait
 * until it answers /healthz. The one way scripts (bench, soak, lighthouse) and tests/scale start
 * a server.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";

export interface Running {
  url: string;
  port: number;
  process: ChildProcess;
  /** Settles with the exit code (null when ended by a signal) once the process has exited. */
  exited: Promise<number | null>;
  /** SIGTERM (graceful shutdown), resolved once the process has exited. */
  stop(): Promise<void>;
  /** With `{ captureOutput: true }`: the lines the server has written to stdout so far. */
  lines: string[];
}

/**
 * `env` is added to (and overrides) the defaults: production mode, `PORT`, `BASE_URL`, a fresh
 * `DATA_DIR`, `LOG_LEVEL=warn` and no settings file (`ENV_FILE=`). Rejects if the process exits or has not answered in time.
 */
export async function startBuiltServer(
  port: number,
  env: Record<string, string> = {},
  {
    timeoutMs = 120_000,
    captureOutput = false,
  }: { timeoutMs?: number; captureOutput?: boolean } = {},
): Promise<Running> {
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      BASE_URL: url,
      DATA_DIR: env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "agency-server-")),
      LOG_LEVEL: "warn",
      // The test or script sets what it needs: a developer's .env is not read.
      ENV_FILE: "",
      ...env,
    },
    stdio: ["ignore", captureOutput ? "pipe" : "inherit", "inherit"],
  });
  const lines: string[] = [];
  if (captureOutput && child.stdout) {
    let rest = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      const parts = (rest + chunk).split("\n");
      rest = parts.pop() ?? "";
      lines.push(...parts);
    });
  }
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (hasExited) throw new Error(`The server on port ${port} exited during start-up`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server on port ${port} did not answer /healthz within ${timeoutMs} ms`);
    }
    await Promise.race([delay(200), exited]);
  }
  return {
    url,
    port,
    process: child,
    exited,
    lines,
    async stop() {
      if (!hasExited) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Signs a new account up through the running server's auth API; returns its session cookie. */
export async function signUpOver(
  url: string,
  { email, password, name }: { email: string; password: string; name: string },
): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password, name }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (res.status !== 200 || !cookie) {
    throw new Error(`Sign-up of ${email} failed: ${res.status} ${await res.text()}`);
  }
  return cookie;
}
